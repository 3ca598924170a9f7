/**
 * What this machine does with no application at all: the floor under the throughput budgets. Rows
 * without a budget (n/a), printed so that a budget can be read against the machine it runs on:
 *   - a bare Fastify route answering the list's own 20-row answer from memory, loaded by autocannon in
 *     its own process as the list row is (50 connections, the same body; no session: nothing checks it);
 *   - the same route reading its rows with one statement through the pool (the list's page statement
 *     without the session, the permission, the masking or the engine);
 *   - a bare route that calls the first one over keep-alive HTTP before it answers: the merchant API's
 *     shape (the platform calling the sandbox upstream in this same process), without its work;
 *   - single-row INSERT commits through pg, 16 concurrent: each is one WAL flush, as every audited
 *     change and every order transaction has at least one.
 * Read a throughput row against its floor: the list route against the second row (the same rows, the
 * same pool), the merchant API against the third and the fourth (its HTTP hop and its commits).
 *
 *   run alone:  node --import tsx bench/reference.ts [--seconds 10]
 *   in run.ts:  await machineReference(world, rows, seconds)
 */
import http from 'node:http';
import os from 'node:os';
import Fastify from 'fastify';
import { cpuMeter, cpuText, idleRate } from './cpu.ts';
import { autocannon, LIST } from './scale.ts';
import type { World } from './setup.ts';
import { printTable, type Row, WARM_UP_SECONDS } from './stats.ts';

/** The page statement alone: 20 members by id, the columns the list shows. */
const PAGE_SQL = `SELECT id, mch_no, merchant_id, account, real_name, phone, id_number, level, match_level, status,
  finance_tags, city, first_deposit_at, first_deposit_amount, created_at FROM members ORDER BY id DESC LIMIT 21`;

/** One bare route's load: its rate and CPU per request, after a warm-up. */
async function bareRoute(w: World, url: string, seconds: number) {
  await autocannon(url, WARM_UP_SECONDS);
  const meter = cpuMeter(w.dataDir, await idleRate(w.dataDir));
  const r = await autocannon(url, seconds);
  return { perSecond: r.requests.average, cpu: meter(r.requests.total) };
}

/** Concurrent one-row INSERTs, each its own commit, for `seconds`. */
async function commits(w: World, seconds: number, workers = 16) {
  await w.ctx.pool.query(
    'CREATE TABLE IF NOT EXISTS bench_reference_commits (id bigserial PRIMARY KEY, at timestamptz)',
  );
  const meter = cpuMeter(w.dataDir, await idleRate(w.dataDir));
  const until = Date.now() + seconds * 1000;
  let done = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() < until) {
        await w.ctx.pool.query({
          name: 'bench-reference-commit',
          text: 'INSERT INTO bench_reference_commits (at) VALUES (now())',
        });
        done++;
      }
    }),
  );
  const perSecond = done / ((performance.now() - t0) / 1000);
  const cpu = meter(done);
  await w.ctx.pool.query('DROP TABLE bench_reference_commits');
  return { perSecond, cpu };
}

export async function machineReference(w: World, rows: Row[], seconds = 10) {
  // The list's own answer, as the route serialises it (20 members, masked).
  const res = await w.app.inject({
    method: 'POST',
    url: LIST,
    headers: w.headers,
    payload: { page: 1, pageSize: 20 },
  });
  const answer = res.body;
  const app = Fastify({ logger: false });
  app.post('/static', (_req, reply) => {
    reply.type('application/json').send(answer);
  });
  app.post('/one-statement', async () => {
    const { rows: page } = await w.ctx.pool.query({ name: 'bench-reference-page', text: PAGE_SQL });
    return { code: 0, data: { rows: page.slice(0, 20) } };
  });
  const agent = new http.Agent({ keepAlive: true });
  let base = '';
  app.post('/hop', (_req, reply) => {
    const call = http.request(`${base}/static`, { method: 'POST', agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => reply.type('application/json').send(Buffer.concat(chunks)));
    });
    call.on('error', (e) => reply.send(e));
    call.end('{}');
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    const bare = await bareRoute(w, `${base}/static`, seconds);
    rows.push({
      workload: `reference: a bare Fastify route answering the list's 20-row answer from memory, 50 connections (${cpuText(bare.cpu)}; the list route is ${LIST})`,
      figure: `${Math.round(bare.perSecond)} req/s`,
      budget: '—',
      pass: null,
    });
    const one = await bareRoute(w, `${base}/one-statement`, seconds);
    rows.push({
      workload: `reference: the same route reading its 20 rows with one statement through the pool, 50 connections (${cpuText(one.cpu)})`,
      figure: `${Math.round(one.perSecond)} req/s`,
      budget: '—',
      pass: null,
    });
    const hop = await bareRoute(w, `${base}/hop`, seconds);
    rows.push({
      workload: `reference: a bare route calling the first over keep-alive HTTP in this process before it answers, 50 connections (${cpuText(hop.cpu)})`,
      figure: `${Math.round(hop.perSecond)} req/s`,
      budget: '—',
      pass: null,
    });
  } finally {
    agent.destroy();
    await app.close();
  }
  const c = await commits(w, seconds);
  rows.push({
    workload: `reference: one-row INSERT commits through pg, 16 concurrent (${cpuText(c.cpu)})`,
    figure: `${Math.round(c.perSecond)}/s`,
    budget: '—',
    pass: null,
  });
}

if (process.argv[1]?.endsWith('reference.ts')) {
  const i = process.argv.indexOf('--seconds');
  const seconds = i > 0 ? Number(process.argv[i + 1]) : 10;
  const { makeWorld } = await import('./setup.ts');
  const world = await makeWorld(1000);
  const rows: Row[] = [];
  try {
    await machineReference(world, rows, seconds);
  } finally {
    await world.close();
  }
  printTable(rows, `${os.cpus().length} cores, Node ${process.version}`);
  process.exit(0);
}
