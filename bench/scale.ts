/**
 * Bench rows of issue 9 "Scale": keyset pages at the deepest position of the member table, the list
 * route against the very statements it sends replayed straight through pg, and audited state changes
 * per second through HTTP (load from a child process).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { mchList, memberList } from '@payops/contracts';
import { encodeCursor } from '../apps/server/src/platform/crud/keyset.ts';
import { boundResource } from '../apps/server/src/platform/crud/refs.ts';
import { type CpuUse, cpuMeter, cpuText, idleRate } from './cpu.ts';
import type { World } from './setup.ts';
import { percentile, type Row, timed, WARM_UP_SECONDS } from './stats.ts';

export const LIST = '/api/member/memberList/findByPage';
const root = path.resolve(import.meta.dirname, '..');
const ms = (n: number) => `${n.toFixed(2)} ms`;

export async function list(w: World, body: object, headers = w.headers, url = LIST) {
  const res = await w.app.inject({ method: 'POST', url, headers, payload: body });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.body}`);
  return res.json().data as { list: unknown[]; pager: { total: number | null; totalCapped?: boolean } };
}

type Statement = string | { text: string; values?: unknown[]; name?: string; rowMode?: string };
interface Recorded {
  statement: Statement;
  values?: unknown[];
  /** Sent while an earlier statement of the request was still running (the route runs them in parallel). */
  concurrent: boolean;
}

/**
 * The route until its answer is written: the status and the envelope's code checked, the body not
 * parsed (a client's JSON.parse of 20 rows, 0.08 ms, is the client's work, not the route's).
 */
async function answered(w: World, body: object, url = LIST) {
  const res = await w.app.inject({ method: 'POST', url, headers: w.headers, payload: body });
  if (res.statusCode !== 200 || !res.payload.startsWith('{"code":0,')) throw new Error(`${url}: ${res.body}`);
}

/** The statements one list request sends, in order, with which ones overlapped. */
export async function recordStatements(w: World, body: object, url = LIST): Promise<Recorded[]> {
  // Recorded in the steady state: a first call fills what the route keeps between requests (the
  // planner's row estimate for the total, 30 s), which would otherwise be replayed on every run.
  await list(w, body, w.headers, url);
  const pool = w.ctx.pool;
  const original = pool.query;
  const out: Recorded[] = [];
  let running = 0;
  pool.query = ((statement: Statement, values?: unknown[]) => {
    out.push({ statement, values, concurrent: running > 0 });
    running++;
    const p = (original as (s: Statement, v?: unknown[]) => Promise<unknown>).call(pool, statement, values);
    void p.finally(() => running--);
    return p;
  }) as never;
  try {
    await list(w, body, w.headers, url);
  } finally {
    pool.query = original;
  }
  return out;
}

/** Replays recorded statements through pg: one after another, overlapping ones together. */
async function replay(w: World, statements: Recorded[]) {
  const run = (r: Recorded) =>
    (w.ctx.pool.query as (s: Statement, v?: unknown[]) => Promise<unknown>).call(
      w.ctx.pool,
      r.statement,
      r.values,
    );
  let group: Recorded[] = [];
  for (const r of statements) {
    if (!r.concurrent && group.length) {
      await Promise.all(group.map(run));
      group = [];
    }
    group.push(r);
  }
  await Promise.all(group.map(run));
}

export const textOf = (r: Recorded) => (typeof r.statement === 'string' ? r.statement : r.statement.text);

/**
 * PostgreSQL's own time for a statement, `runs` times sorted: EXPLAIN ANALYZE's execution time
 * (planning excluded, as for a prepared statement). What the budget calls database time, without the
 * round trip, which on a loaded machine is mostly waiting to be scheduled.
 */
export async function executionTimes(w: World, r: Recorded, runs: number): Promise<number[]> {
  const values = typeof r.statement === 'string' ? r.values : (r.statement.values ?? r.values);
  const out: number[] = [];
  for (let i = 0; i < runs + 5; i++) {
    const { rows } = await w.ctx.pool.query(
      `EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ${textOf(r)}`,
      values,
    );
    if (i >= 5) out.push((rows[0]['QUERY PLAN'] as { 'Execution Time': number }[])[0]!['Execution Time']);
  }
  return out.sort((a, b) => a - b);
}

/** The route against the same statements sent straight through pg, median of each. */
export async function overhead(w: World, rows: Row[], runs: number) {
  const body = { page: 1, pageSize: 20 };
  const statements = await recordStatements(w, body);
  let meter = cpuMeter(w.dataDir);
  const raw = await timed(runs, () => replay(w, statements));
  const rawCpu = meter(runs + 20);
  meter = cpuMeter(w.dataDir);
  const route = await timed(runs, () => answered(w, body));
  const routeCpu = meter(runs + 20);
  const ratio = percentile(route, 50) / percentile(raw, 50);
  // One request at a time: on idle cores its time is its CPU (server + PostgreSQL) plus round trips
  // the raw replay makes too, so the CPU ratio is the ratio a quiet machine would show.
  const cpu = (c: CpuUse) => c.server + c.pg;
  const cpuRatio = cpu(routeCpu) / cpu(rawCpu);
  rows.push({
    workload: `API overhead (route until answered ${ms(percentile(route, 50))} vs its ${statements.length} statements through pg ${ms(percentile(raw, 50))}, medians; CPU/op route ${ms(cpu(routeCpu))} vs pg ${ms(cpu(rawCpu))} = ${cpuRatio.toFixed(2)}x expected on idle cores)`,
    figure: `${ratio.toFixed(2)}x`,
    budget: '≤ 1.3x',
    pass: ratio <= 1.3,
  });
}

/**
 * Keyset pages at depth `depth` (the deepest page of the table) in two sorts: the page statement's
 * own time through pg (the budget's "database time"), and the whole route for orientation.
 */
export async function keysetDepth(w: World, rows: Row[], depth: number, runs: number) {
  const r = boundResource(memberList.name)!;
  const secret = w.ctx.keys.secretKey;
  const at = Math.max(0, depth - 20);
  const sorts = [
    {
      sort: { field: 'id', order: 'desc' } as const,
      sql: `SELECT id AS v, id AS k FROM members ORDER BY id DESC OFFSET ${at} LIMIT 1`,
    },
    {
      sort: { field: 'createdAt', order: 'desc' } as const,
      sql: `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS v, id AS k
            FROM members ORDER BY created_at DESC, id DESC OFFSET ${at} LIMIT 1`,
    },
  ];
  const client = await w.ctx.pool.connect();
  await client.query('SET statement_timeout = 0');
  const positions = [];
  for (const s of sorts) positions.push((await client.query(s.sql)).rows[0] as { v: unknown; k: string });
  await client.query('RESET statement_timeout');
  client.release();
  for (const [i, { sort }] of sorts.entries()) {
    const pos = positions[i]!;
    const value = sort.field === 'id' ? Number(pos.v) : pos.v;
    const cursor = encodeCursor(secret, r, sort, value, Number(pos.k));
    const body = { page: 2, pageSize: 20, sort, cursor, withTotal: false };
    const statements = await recordStatements(w, body);
    const page = statements.filter((s) => /order by/i.test(textOf(s)));
    const roundTrip = await timed(runs, () => replay(w, page));
    const db = await executionTimes(w, page[0]!, runs);
    const route = await timed(runs, () => list(w, body));
    const p95 = percentile(db, 95);
    rows.push({
      workload: `keyset page at depth ${depth.toLocaleString()}, ${sort.field} ${sort.order}: database time p95 (through pg ${ms(percentile(roundTrip, 95))}, route ${ms(percentile(route, 95))})`,
      figure: ms(p95),
      budget: '≤ 5 ms',
      pass: p95 <= 5,
    });
  }
}

/**
 * Merchant disable/enable alternating through HTTP, each a guarded UPDATE plus its operation-log
 * row: one merchant per worker, workers in a child process so the load does not share this event loop.
 */
export async function auditedStateChanges(w: World, rows: Row[], seconds: number) {
  const result = await toggleLoad(w, seconds);
  const perSecond = result.ok / result.seconds;
  rows.push({
    workload: `audited state changes through HTTP, ${result.workers} workers after a ${WARM_UP_SECONDS} s warm-up (${result.failed} failed; ${cpuText(result.cpu)})`,
    figure: `${Math.round(perSecond)}/s`,
    budget: '≥ 1,000/s',
    pass: perSecond >= 1000 && result.failed === 0,
  });
}

/** The state-change load (bench/toggle-load.ts) against the listening app: one worker per merchant. */
export async function toggleLoad(w: World, seconds: number) {
  // Each worker's merchant starts enabled: its first step disables it.
  const enableAll = () => w.ctx.pool.query(`UPDATE merchants SET status = 'enabled' RETURNING id`);
  const { rows: ids } = await enableAll();
  const base = await listen(w);
  const load = (s: number) =>
    runChild(process.execPath, [
      '--import',
      'tsx',
      path.join(root, 'bench/toggle-load.ts'),
      JSON.stringify({
        base,
        headers: w.headers,
        // Disabling is a transition that takes a reason; enabling takes none.
        steps: [
          { path: mchList.actions.disable!.path, body: { reason: 'bench run' } },
          { path: mchList.actions.enable!.path, body: {} },
        ],
        ids: ids.map((r) => r.id),
        seconds: s,
      }),
    ]);
  await load(WARM_UP_SECONDS);
  await enableAll();
  const meter = cpuMeter(w.dataDir, await idleRate(w.dataDir));
  const out = await load(seconds);
  const r = JSON.parse(out) as { ok: number; failed: number; seconds: number };
  return { ...r, workers: ids.length, cpu: meter(r.ok + r.failed) };
}

/**
 * The list load: autocannon, in its own process, 50 connections posting page 1 of 20 rows, to this
 * process's app or spread over it and a second instance (`instances` 2), their CPU metered together.
 */
export async function listLoad(w: World, seconds: number, instances: 1 | 2 = 1) {
  const second = instances === 2 ? await secondInstance(w) : undefined;
  try {
    const urls = [`${await listen(w)}${LIST}`, ...(second ? [`${second.origin}${LIST}`] : [])];
    const pids = second ? [second.pid] : [];
    const headers = { access_token: w.headers.access_token!, cookie: w.headers.cookie! };
    await autocannon(urls, WARM_UP_SECONDS, headers);
    const meter = cpuMeter(w.dataDir, await idleRate(w.dataDir, 2000, pids), pids);
    const r = await autocannon(urls, seconds, headers);
    return { ...r, cpu: meter(r.requests.total) };
  } finally {
    await second?.close();
  }
}

/** Another app instance on the world's database, in its own process (instance.ts). */
async function secondInstance(w: World): Promise<{ origin: string; pid: number; close(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(root, 'bench/instance.ts'),
      JSON.stringify({ dbUrl: w.pg.url('bench'), dataDir: w.dataDir }),
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim()));
    child.once('exit', (code) => reject(new Error(`bench/instance.ts exited ${code}`)));
  });
  const exited = new Promise((r) => child.once('exit', r));
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async close() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * autocannon in its own process (in this one it would take the event loop from the server): 50
 * connections POSTing a list's first page for `seconds`, spread over the URLs given; its JSON summary.
 */
export async function autocannon(
  url: string | string[],
  seconds: number,
  headers: Record<string, string> = {},
) {
  const out = await runChild(process.execPath, [
    path.join(root, 'node_modules/autocannon/autocannon.js'),
    '--json',
    '-c',
    '50',
    '-d',
    String(seconds),
    '-m',
    'POST',
    ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]),
    '-H',
    'content-type=application/json',
    '-b',
    JSON.stringify({ page: 1, pageSize: 20 }),
    ...[url].flat(),
  ]);
  return JSON.parse(out) as {
    requests: { average: number; total: number };
    non2xx: number;
    errors: number;
  };
}

/** The app listening on a free port (once), for load from other processes. */
export async function listen(w: World): Promise<string> {
  if (!w.app.server.listening) await w.app.listen({ port: 0, host: '127.0.0.1' });
  const address = w.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return `http://127.0.0.1:${port}`;
}

/** A child process's standard output, without blocking this process (the server lives here). */
export function runChild(cmd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} exited ${code}`))));
  });
}
