/**
 * `node --import tsx bench/profile.ts list|toggle|merchant|trade|matching [--members N] [--seconds S]`: one bench workload's
 * load from a child process while this process (the server) samples its own CPU with the inspector;
 * writes a .cpuprofile (open in Chrome DevTools) and prints the heaviest functions by self time, and
 * the CPU seconds the server process and PostgreSQL used during the load.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { CHAINS, verifyChain } from '../apps/server/src/platform/audit.ts';
import { cpuText, HZ as hz, pgTicks, statementReport } from './cpu.ts';
import { matchingLoad, matchingWorld } from './matching.ts';
import { merchantApiDeposits } from './merchant-api.ts';
import { listLoad, overhead, toggleLoad } from './scale.ts';
import { makeWorld } from './setup.ts';
import type { Row } from './stats.ts';
import { tradeThroughput } from './trade.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const workload =
  (['toggle', 'merchant', 'trade', 'matching'] as const).find((k) => k === process.argv[2]) ?? 'list';
const seconds = arg('seconds', 10);
const root = path.resolve(import.meta.dirname, '..');

const w = await makeWorld(arg('members', 100_000));
const profiling = !process.argv.includes('--no-profile');
if (workload === 'list') {
  const rows: Row[] = [];
  await overhead(w, rows, 200);
  process.stdout.write(`${rows[0]!.workload}: ${rows[0]!.figure}\n`);
}
// The matching pool is made before the profile starts: only the matching is profiled.
const depositor = workload === 'matching' ? await matchingWorld(w) : undefined;
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 200 });
await statementReport(w.ctx.pool);
const selfBefore = process.cpuUsage();
const pgBefore = pgTicks(w.dataDir);
if (profiling) await session.post('Profiler.start');
const t0 = Date.now();
let out: string;
let done = 0;
if (workload === 'list') {
  const r = await listLoad(w, seconds);
  done = r.requests.total;
  out = `${Math.round(r.requests.average)} req/s, ${r.non2xx + r.errors} errors; ${cpuText(r.cpu)}`;
} else if (workload === 'merchant') {
  const rows: Row[] = [];
  done = await merchantApiDeposits(w, rows, seconds);
  out = `${rows[0]!.figure}: ${rows[0]!.workload}`;
} else if (workload === 'trade') {
  const rows: Row[] = [];
  done = await tradeThroughput(w, rows, seconds);
  out = `${rows[0]!.figure}: ${rows[0]!.workload}`;
} else if (depositor) {
  const r = await matchingLoad(w, depositor, seconds);
  done = r.pieces;
  out = `${Math.round(r.perSecond)} matches/s, ${r.failed} failed, ${r.statements.toFixed(2)} statements per match`;
} else {
  const r = await toggleLoad(w, seconds);
  done = r.ok;
  out = `${Math.round(r.ok / r.seconds)}/s, ${r.failed} failed, ${r.workers} workers; ${cpuText(r.cpu)}`;
}
const wall = (Date.now() - t0) / 1000;
const { profile } = profiling
  ? await session.post('Profiler.stop')
  : { profile: { nodes: [], samples: [] } as never };
const self = process.cpuUsage(selfBefore);
const pgSeconds = (pgTicks(w.dataDir) - pgBefore) / hz;
const statements = await statementReport(w.ctx.pool, done);
// The rows the load wrote keep the audit chains whole (audit:verify).
const chains = await Promise.all(CHAINS.map((c) => verifyChain(w.ctx.db, c)));
const chainText = chains
  .map(
    (c) => `${c.chain} ${c.rows} rows ${c.brokenAt === undefined ? 'verified' : `BROKEN at ${c.brokenAt}`}`,
  )
  .join(', ');
const file = path.join(process.env.PROFILE_DIR ?? '/tmp', `payops-${workload}-${Date.now()}.cpuprofile`);
fs.writeFileSync(file, JSON.stringify(profile));
await w.close();

// Self time per function (and per package/file, coarser), heaviest first.
const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
const hits = new Map<number, number>();
for (const s of profile.samples ?? []) hits.set(s, (hits.get(s) ?? 0) + 1);
const total = profile.samples?.length ?? 1;
const fn = new Map<string, number>();
const file_ = new Map<string, number>();
for (const [id, n] of hits) {
  const f = byNode.get(id)!.callFrame;
  const where = f.url.replace(/^file:\/\//, '').replace(`${root}/`, '');
  const k = `${f.functionName || '(anon)'} ${where}:${f.lineNumber + 1}`;
  fn.set(k, (fn.get(k) ?? 0) + n);
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where)?.[1] ?? (where || f.functionName);
  file_.set(pkg, (file_.get(pkg) ?? 0) + n);
}
const top = (m: Map<string, number>, k: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, k)
    .map(([name, n]) => `${((100 * n) / total).toFixed(1).padStart(5)}%  ${name}`)
    .join('\n');
process.stdout.write(
  `${statements}\n${chainText}\n${workload}: ${out}\nwall ${wall.toFixed(1)} s; server process CPU ${((self.user + self.system) / 1e6).toFixed(1)} s (${((self.user + self.system) / 1e3 / done).toFixed(3)} ms per request); PostgreSQL CPU ${pgSeconds.toFixed(1)} s (${((pgSeconds * 1e3) / done).toFixed(3)} ms per request)\nprofile: ${file}\n\nby package/file:\n${top(file_, 25)}\n\nby function:\n${top(fn, 40)}\n`,
);
process.exit(0);
