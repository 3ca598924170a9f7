/**
 * Starts the real server (built web app, fresh data folder, embedded PostgreSQL) the way `npm start`
 * does, and hands its address and first-run admin password to the browser tests.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { strictGlobalSetup } from '../../apps/server/test/or-exit.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminPassword: string;
    dataDir: string;
    pgPort: number;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

function waitForLine(child: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(
      () => reject(new Error(`server did not start in ${timeoutMs} ms:\n${seen}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (pattern.test(seen)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${seen}`)));
  });
}

async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html')))
    throw new Error('build the web app first (npm run build)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payops-e2e-'));
  fs.chmodSync(dataDir, 0o755); // PostgreSQL runs as its own user and must reach its cluster below
  // Ports of this run: `npm run test:e2e` runs two lanes at once (.ci/browser-tests.mjs), each with its
  // own server; a lane's ports have its parity, so the two never take the same ones.
  const slot = (process.pid % 400) * 2 + (Number(process.env.PAYOPS_E2E_LANE ?? 0) % 2);
  const port = 18000 + slot;
  const pgPort = 57000 + slot;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      LOG_LEVEL: 'warn',
      CASHIER_STAFF:
        'admin,e2e_cashier,e2e_cashier_en,e2e_every_page,e2e_list_rules,e2e_report_rules,e2e_sweep',
      SANDBOX_IMAP_PORT: String(19000 + slot),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The browser tests use the demo platform (merchants, members) and its first day of orders and
  // decisions, loaded just after the server listens: the tests start once nothing else is writing.
  // Minutes on a fresh CI machine; much longer on a machine shared with other builds.
  await waitForLine(child, /demo operations: /, 600_000);
  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  project.provide(
    'adminPassword',
    fs.readFileSync(path.join(dataDir, 'initial-admin-password'), 'utf8').trim(),
  );
  project.provide('dataDir', dataDir);
  project.provide('pgPort', pgPort);
  return async () => {
    // After every browser test has moved money and changed settings: the books balance and the audit
    // chains are intact (issue 5: ledger:verify passes after the suite). A failure fails the run.
    const env = { ...process.env, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort) };
    // And the finance rollups equal their recompute from the raw orders, to the cent (issue 14).
    for (const script of [['ledger:verify'], ['audit:verify'], ['reports:rebuild', '--', '--verify']]) {
      process.stdout.write(
        execFileSync('npm', ['run', '--silent', ...script], { cwd: root, env }).toString(),
      );
    }
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

export default strictGlobalSetup('browser tests', setup);
