/**
 * Faults, not only bad input (issue 18, section 5).
 * - Crash: the console runs as its own process on its own database; concurrent balance adjustments,
 *   each with its Idempotency-Key, while the process is SIGKILLed and restarted. Every request is
 *   retried with its key until answered. Afterwards: each key had exactly one effect, nothing is left
 *   frozen, the ledger balances and the audit chains verify.
 * - Database restart: the embedded PostgreSQL is stopped and started under load; calls during the
 *   outage fail cleanly (503, no internals), none half-applies, and the server recovers by itself.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode } from '@payops/contracts';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { bootstrap, INITIAL_PASSWORD_FILE } from '../src/modules/sys/bootstrap.ts';
import { CHAINS, verifyChain } from '../src/platform/audit.ts';
import { loadKeys } from '../src/platform/keys.ts';
import { ledgerIsSound, verifyLedger } from '../src/platform/ledger/index.ts';
import { type Remote, send, signInRemote, untilAnswered } from './crash/client.ts';
import { call, cloneTemplateDatabase, signInAdmin } from './harness.ts';

const REPO = path.resolve(import.meta.dirname, '../../..');
const ADJUSTMENTS = 24;
const WORKERS = 4;
const KILLS = 3;

const cleanups: (() => Promise<void>)[] = [];
// Each clean-up is bounded: a pool that lost its server mid-test must not hold the run.
const bounded = (p: Promise<void>) =>
  Promise.race([p.catch(() => {}), new Promise<void>((r) => setTimeout(r, 10_000).unref())]);
afterAll(async () => {
  for (const c of cleanups.reverse()) await bounded(c());
}, 90_000);

function startServer(dbUrl: string, dataDir: string, port: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: REPO,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(dataDir, 'no-web'),
      LIST_RATE_PER_MINUTE: '0',
    },
    stdio: 'ignore',
  });
}

async function waitHealthy(base: string, deadline: number): Promise<void> {
  for (;;) {
    try {
      const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('server did not come up');
    await new Promise((r) => setTimeout(r, 150));
  }
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

describe('faults', () => {
  it('SIGKILL under concurrent money actions: one effect per key, nothing frozen, ledger and audit verify', async () => {
    const dbUrl = await cloneTemplateDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payops-crash-'));
    const port = 46000 + (process.pid % 1000);
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 150_000;
    let child = startServer(dbUrl, dataDir, port);
    cleanups.push(async () => {
      await killed(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    await waitHealthy(base, deadline);

    const remote: Remote = { base };
    await signInRemote(
      remote,
      'admin',
      fs.readFileSync(path.join(dataDir, INITIAL_PASSWORD_FILE), 'utf8').trim(),
    );
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    cleanups.push(() => db.end());
    // The soak is about crashes, not codes: the administrator's own resource list drops the code here.
    await db.query("UPDATE resources SET needs_code = false WHERE permission = 'mch.mchList.adjust'");
    const created = await send(remote, 'POST', '/api/mch/mchList/add', {
      name: '崩溃测试商户',
      depositRate: '0.01',
      withdrawRate: '0.01',
    });
    expect(created.code).toBe(0);
    const id = Number(created.data.id);
    const mchNo = String(created.data.mchNo);

    // Each worker: a credit of 2.00, then a freeze of 1.00 and its unfreeze, all with their own keys.
    const steps = Array.from({ length: ADJUSTMENTS }, (_, i) => i);
    const answers = new Map<string, number>();
    let next = 0;
    const worker = async () => {
      while (next < steps.length) {
        const i = next++;
        for (const [type, amount] of [
          ['credit', '2.00'],
          ['freeze', '1.00'],
          ['unfreeze', '1.00'],
        ] as const) {
          const key = `crash-${i}-${type}`;
          const res = await untilAnswered(
            () =>
              send(
                remote,
                'POST',
                '/api/mch/mchList/adjust',
                { id, type, amount, reason: `soak ${i} ${type}` },
                {
                  'idempotency-key': key,
                },
              ),
            deadline,
          );
          answers.set(key, res.code);
        }
      }
    };
    const killer = async () => {
      for (let k = 0; k < KILLS; k++) {
        await new Promise((r) => setTimeout(r, 600 + k * 300));
        await killed(child);
        child = startServer(dbUrl, dataDir, port);
        await waitHealthy(base, deadline);
      }
    };
    await Promise.all([...Array.from({ length: WORKERS }, worker), killer()]);

    console.log(`crash: ${answers.size} keyed adjustments by ${WORKERS} clients, ${KILLS} SIGKILLs`);
    expect([...answers.values()].filter((c) => c !== 0)).toEqual([]);
    expect(answers.size).toBe(ADJUSTMENTS * 3);
    const { rows: adj } = await db.query(
      "SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'executed')::int AS done FROM merchant_adjustments WHERE mch_no = $1",
      [mchNo],
    );
    expect(adj[0]).toEqual({ n: ADJUSTMENTS * 3, done: ADJUSTMENTS * 3 });
    const { rows: acct } = await db.query(
      "SELECT available::text, frozen::text FROM ledger_accounts WHERE owner_code = $1 AND owner_type = 'merchant'",
      [mchNo],
    );
    expect(Number(acct[0].available)).toBe(ADJUSTMENTS * 2);
    expect(Number(acct[0].frozen)).toBe(0);

    await killed(child);
    const database = openDatabase(dbUrl, 2);
    try {
      expect(ledgerIsSound(await verifyLedger(database.db))).toBe(true);
      for (const chain of CHAINS) expect((await verifyChain(database.db, chain)).brokenAt).toBeUndefined();
    } finally {
      await database.close();
    }
  }, 180_000);

  it('database restart under load: clean failures, nothing half-applied, recovers by itself', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payops-pgrestart-'));
    fs.chmodSync(dir, 0o755);
    const pgPort = 47000 + (process.pid % 1000);
    let server = await startEmbeddedPostgres(path.join(dir, 'db'), pgPort);
    cleanups.push(async () => {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    await server.createDatabase('payops');
    const database = openDatabase(server.url('payops'), 5);
    cleanups.push(() => database.close());
    await runMigrations(database.db);
    const config = loadConfig(
      { LOG_LEVEL: 'silent', DATA_DIR: path.join(dir, 'data') },
      { databaseUrl: server.url('payops'), webDist: path.join(dir, 'no-web'), listRatePerMinute: 0 },
    );
    const built = await buildApp({ config, database, keys: loadKeys(inject('keysDir')) });
    cleanups.push(() => built.app.close());
    const first = await bootstrap(built.ctx);
    await built.app.ready();
    const t = { ...built, adminPassword: first.initialAdminPassword!, dbUrl: '', close: async () => {} };
    const admin = await signInAdmin(t);
    await database.pool.query(
      "UPDATE resources SET needs_code = false WHERE permission = 'mch.mchList.adjust'",
    );
    const m = await call<{ id: number; mchNo: string }>(t, 'POST', '/api/mch/mchList/add', {
      session: admin,
      body: { name: '重启测试商户', depositRate: '0.01', withdrawRate: '0.01' },
    });
    const adjust = (i: number) =>
      call(t, 'POST', '/api/mch/mchList/adjust', {
        session: admin,
        body: { id: m.envelope.data.id, type: 'credit', amount: '1.00', reason: `restart ${i}` },
        headers: { 'idempotency-key': `restart-${i}` },
      });

    // Load before, during and after the outage.
    const results: { code: number; body: string }[] = [];
    let i = 0;
    let running = true;
    const load = (async () => {
      while (running) {
        const res = await adjust(i++);
        results.push({ code: res.envelope.code, body: res.body });
      }
    })();
    await new Promise((r) => setTimeout(r, 300));
    await server.stop();
    await new Promise((r) => setTimeout(r, 500));
    server = await startEmbeddedPostgres(path.join(dir, 'db'), pgPort);
    // The server recovers by itself: the same pool, no restart of the app.
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const ok = results.at(-1)?.code === 0 && results.slice(-3).every((r) => r.code === 0);
      if (ok && results.some((r) => r.code !== 0)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    running = false;
    await load;

    const failed = results.filter((r) => r.code !== 0);
    const succeeded = results.filter((r) => r.code === 0).length;
    console.log(`database restart: ${results.length} calls, ${succeeded} applied, ${failed.length} refused`);
    expect(failed.length).toBeGreaterThan(0);
    expect(results.at(-1)?.code).toBe(0);
    for (const f of failed) {
      expect([ErrorCode.unavailable, ErrorCode.internal]).toContain(f.code);
      expect(f.body).not.toMatch(/select|insert|at .+\.ts:\d+|ECONN/i);
    }
    // Exactly the answered adjustments moved money: nothing half-applied during the outage.
    const { rows } = await database.pool.query(
      "SELECT count(*)::int AS n, coalesce(sum(amount), 0)::text AS total FROM merchant_adjustments WHERE mch_no = $1 AND status = 'executed'",
      [m.envelope.data.mchNo],
    );
    expect(rows[0].n).toBe(succeeded);
    expect(ledgerIsSound(await verifyLedger(database.db))).toBe(true);
  }, 120_000);
});
