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

/** A global setup whose setup and teardown both end the run with 1 when they throw. */
export function strictGlobalSetup<P>(name: string, setup: (project: P) => Promise<() => Promise<void>>) {
  return async (project: P) => {
    const teardown = await orExit(`${name} setup`, () => setup(project));
    return () => orExit(`${name} teardown`, teardown);
  };
}
