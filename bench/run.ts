/**
 * `npm run bench`: the budgets of performance.md that the product can be measured against today,
 * each as a figure against its budget, in one run on this machine. The platform's list workloads run
 * over members at a size given by --members (default 1M, made in about 90 s); issue 10's order
 * workloads over --orders orders (default 1M, made in bulk and proved by ledger:verify, order-rows.ts);
 * --runs repetitions per latency, --seconds of load for the throughput rows; issue 14's reports over
 * rollup-only loads of 1M and 10M orders (reports.ts). `--only <workload>` runs one workload alone
 * (e.g. `npm run bench -- --only reports --members 1000`).
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CAPACITY_METHOD, cpuText } from './cpu.ts';
import { ledgerContra } from './ledger.ts';
import { matchingThroughput } from './matching.ts';
import { orderRows } from './order-rows.ts';
import { pageBudgets } from './pages.ts';
import { machineReference } from './reference.ts';
import { reportWorkloads } from './reports.ts';
import { riskCheck } from './risk.ts';
import { auditedStateChanges, keysetDepth, list, listLoad, overhead } from './scale.ts';
import { makeWorld, type World } from './setup.ts';
import { percentile, printTable, type Row, timed, WARM_UP_SECONDS } from './stats.ts';
import { tradeThroughput } from './trade.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const MEMBERS = arg('members', 1_000_000);
const ORDERS = arg('orders', 1_000_000);
const RUNS = arg('runs', 200);
const root = path.resolve(import.meta.dirname, '..');
const ms = (n: number) => `${n.toFixed(2)} ms`;
const TAG_LIST = '/api/financeRisk/financeTabList/findByPage';

async function listWorkloads(w: World, rows: Row[]) {
  const filters: [string, object][] = [
    ['no filter', {}],
    ['mchNo eq', { mchNo: 'M10000003' }],
    ['status eq', { status: 'frozen' }],
    ['level eq', { level: 3 }],
    ['phone eq', { phone: '13900004242' }],
    ['createdAt between', { createdAt: [new Date(Date.now() - 30 * 86_400_000).toISOString(), null] }],
    ['financeTags contains', { financeTags: 'watch' }],
  ];
  const { rows: merchants } = await w.ctx.pool.query('SELECT mch_no FROM merchants ORDER BY id LIMIT 1');
  for (const [name, filter] of filters) {
    const f = name === 'mchNo eq' ? { mchNo: merchants[0].mch_no } : filter;
    // A filter on a masked field (phone) needs an unmasked session (issue 18, section 3).
    const headers = name === 'phone eq' ? w.unmaskedHeaders : w.headers;
    const times = await timed(RUNS, () => list(w, { page: 1, pageSize: 20, filters: f }, headers));
    const p95 = percentile(times, 95);
    rows.push({
      workload: `list API p95, 20 rows, ${name}`,
      figure: ms(p95),
      budget: '≤ 20 ms',
      pass: p95 <= 20,
    });
  }
  // The tag list answers each tag's member count (about 86,000 members carry vip at 1M): kept by
  // the members' triggers, not counted per request (it took 0.8 to 0.9 s counted).
  const tags = await timed(RUNS, () => list(w, { page: 1, pageSize: 20 }, w.headers, TAG_LIST));
  const tagsP95 = percentile(tags, 95);
  rows.push({
    workload: 'list API p95, the finance tags with their member counts',
    figure: ms(tagsP95),
    budget: '≤ 20 ms',
    pass: tagsP95 <= 20,
  });
  const deep = await timed(50, () => list(w, { page: 200, pageSize: 50, withTotal: false }), 5);
  rows.push({
    workload: 'deepest OFFSET page (rows 9,951-10,000) p95, route',
    figure: ms(percentile(deep, 95)),
    budget: '(deeper: keyset, below)',
    pass: null,
  });
  const first = await list(w, { page: 1, pageSize: 20 });
  rows.push({
    workload: `total over ${MEMBERS.toLocaleString()} rows`,
    figure: first.pager.totalCapped
      ? `${(first.pager.total ?? 0).toLocaleString()}+ (capped)`
      : String(first.pager.total),
    budget: 'exact ≤ 10,000, then capped',
    pass:
      MEMBERS > 10_000
        ? first.pager.totalCapped === true && first.pager.total === 10_000
        : !first.pager.totalCapped,
  });
}

/** A member transition through its route: guarded update, status history and audit row in one transaction. */
async function transition(w: World, name: 'freeze' | 'unfreeze', id: number): Promise<void> {
  const res = await w.app.inject({
    method: 'POST',
    url: `/api/member/memberList/${name}`,
    headers: w.headers,
    payload: name === 'freeze' ? { id, reason: 'bench run' } : { id },
  });
  if (res.json().code !== 0) throw new Error(res.body);
}

async function stateChanges(w: World, rows: Row[]) {
  const { rows: ids } = await w.ctx.pool.query(
    `SELECT id FROM members WHERE status = 'normal' ORDER BY id LIMIT 5000`,
  );
  let next = 0;
  const t0 = Date.now();
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < ids.length) await transition(w, 'freeze', Number(ids[next++].id));
    }),
  );
  const perSecond = ids.length / ((Date.now() - t0) / 1000);
  rows.push({
    // In process (inject, no sockets): what the transition itself costs; the budget is the HTTP row.
    workload: 'audited transitions in process (route, history, audit row)',
    figure: `${Math.round(perSecond)}/s`,
    budget: '(HTTP row below)',
    pass: true,
  });
  const target = Number(ids[0].id);
  await transition(w, 'unfreeze', target);
  const race = await Promise.allSettled(Array.from({ length: 20 }, () => transition(w, 'freeze', target)));
  const winners = race.filter((r) => r.status === 'fulfilled').length;
  rows.push({
    workload: '20 racing updates of one row',
    figure: `${winners} winner(s)`,
    budget: 'exactly 1',
    pass: winners === 1,
  });
}

/**
 * The list under load: served by this process alone, then by two app instances (one per core, as
 * behind a load balancer) with the connections spread over both; each against the budget.
 */
async function throughput(w: World, rows: Row[]) {
  for (const instances of [1, 2] as const) {
    const result = await listLoad(w, 10, instances);
    const rps = result.requests.average;
    const errors = result.non2xx + result.errors;
    const served = instances === 1 ? 'one app instance' : 'two app instances (one per core)';
    rows.push({
      workload: `list API throughput, ${served}, 50 connections after a ${WARM_UP_SECONDS} s warm-up (${errors} errors; ${cpuText(result.cpu)})`,
      figure: `${Math.round(rps)} req/s`,
      budget: '≥ 1,500 req/s',
      pass: rps >= 1500 && errors === 0,
    });
  }
}

function bundle(rows: Row[]) {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    rows.push({
      workload: 'first load (login + shell)',
      figure: 'no build',
      budget: '≤ 200 KB gzip',
      pass: null,
    });
    return;
  }
  const out = spawnText(process.execPath, ['--import', 'tsx', 'apps/web/scripts/check-bundle.ts']);
  const kb = Number(/^entry[^\d\n]*([\d.]+)/m.exec(out)?.[1] ?? Number.NaN);
  rows.push({
    workload: 'first load (login + shell)',
    figure: `${kb} KB gzip`,
    budget: '≤ 200 KB gzip',
    pass: kb <= 200,
  });
}

function spawnText(cmd: string, args: string[]): string {
  try {
    return execFileSync(cmd, args, { cwd: root }).toString();
  } catch (e) {
    return String((e as { stdout?: Buffer }).stdout ?? '');
  }
}

/** `npm run serve` on a new data folder: time until the login page is served (first run included). */
async function start(rows: Row[]) {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) return;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payops-bench-start-'));
  fs.chmodSync(dataDir, 0o755);
  const port = 19000 + (process.pid % 1000);
  const t0 = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(port + 40000),
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  let seconds = Number.NaN;
  for (let i = 0; i < 300; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/login`);
      if (res.ok) {
        seconds = (Date.now() - t0) / 1000;
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const exited = new Promise((r) => child.on('exit', r));
  child.kill('SIGTERM');
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
  rows.push({
    workload: 'start: login page served (new data folder)',
    figure: `${seconds.toFixed(1)} s`,
    budget: '≤ 10 s',
    pass: seconds <= 10,
  });
}

const rows: Row[] = [];
const world = await makeWorld(MEMBERS);
const seconds = arg('seconds', 10);
/** The workloads in order; `--only <name>` runs one of them (a quiet look at one budget). */
const workloads: [string, () => Promise<unknown>][] = [
  ['risk', () => riskCheck(world, rows, { entries: arg('risk-entries', 100_000), runs: RUNS })],
  ['lists', () => listWorkloads(world, rows)],
  ['keyset', () => keysetDepth(world, rows, MEMBERS, RUNS)],
  ['overhead', () => overhead(world, rows, RUNS)],
  ['state', () => stateChanges(world, rows)],
  ['ledger', () => ledgerContra(world.ctx.db, rows)],
  ['audited', () => auditedStateChanges(world, rows, seconds)],
  ['throughput', () => throughput(world, rows)],
  ['orders', () => orderRows(world, rows, { orders: ORDERS, runs: Math.min(RUNS, 100), seconds })],
  ['matching', () => matchingThroughput(world, rows, seconds)],
  ['reports', () => reportWorkloads(world, rows, { runs: Math.min(RUNS, 50) })],
  ['trade', () => tradeThroughput(world, rows, seconds)],
  // Chromium on the built app over a demo server of its own (this world's database stays idle).
  ['pages', () => pageBudgets(rows)],
  // No budget: what the machine does with no application, to read the throughput rows against.
  ['reference', () => machineReference(world, rows, seconds)],
];
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
if (only && !workloads.some(([name]) => name === only))
  throw new Error(`--only ${only}: one of ${workloads.map(([name]) => name).join(', ')}`);
try {
  for (const [name, run] of workloads) if (!only || name === only) await run();
} finally {
  await world.close();
}
if (!only) {
  bundle(rows);
  await start(rows);
}
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
printTable(
  rows,
  `${os.cpus().length} cores (${cpu}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${MEMBERS.toLocaleString()} members, ${ORDERS.toLocaleString()} orders`,
);
process.stdout.write(`\n${CAPACITY_METHOD}\n`);
process.exit(0);
