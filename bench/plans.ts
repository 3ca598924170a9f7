/**
 * The generic plans of the hot paths' prepared statements: `node --import tsx bench/plans.ts
 * [--members N] [--orders N] [--all]`. Runs the throughput workloads briefly (order approvals, the
 * merchant API, state changes, a list page) so that every pooled connection prepares what those paths
 * send, then EXPLAINs each prepared statement as PostgreSQL runs it after its fifth execution: its
 * generic plan, parameters unknown. Prints the plans that read a table of more than a thousand rows
 * whole (a sequential scan); `--all` prints every plan, to read.
 *
 * Why: a named statement's generic plan is chosen once from the statistics, not from the values of a
 * call. Reading these plans found three (stop 55): a transition's UPDATE scanning every merchant in a
 * from-state through the status index, a deposit approval finding its order through the amount's
 * index, and every request's permission check reading every grant (the one the flag catches).
 */

import { orderRows } from './order-rows.ts';
import { listLoad, toggleLoad } from './scale.ts';
import { makeWorld } from './setup.ts';
import type { Row } from './stats.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
/** A table this big read whole is worth a look; a smaller one is read whole by design. */
const BIG = 1000;
const SCAN = /Seq Scan on (\w+)/g;

const w = await makeWorld(arg('members', 20_000));
try {
  const rows: Row[] = [];
  await orderRows(w, rows, { orders: arg('orders', 50_000), runs: 1, seconds: 2, throughputOnly: true });
  await toggleLoad(w, 2);
  await listLoad(w, 2);

  // Every pooled connection, held at once: each prepared what the requests it served sent.
  const clients = await Promise.all(
    Array.from({ length: w.ctx.pool.totalCount }, () => w.ctx.pool.connect()),
  );
  try {
    const prepared = new Map<string, string>();
    for (const c of clients) {
      const { rows: ps } = await c.query<{ name: string; statement: string }>(
        `SELECT name, statement FROM pg_prepared_statements WHERE NOT from_sql`,
      );
      for (const p of ps) prepared.set(p.name, p.statement);
    }
    const { rows: sizes } = await clients[0]!.query<{ relname: string; n: number }>(
      `SELECT relname, reltuples::bigint::int AS n FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace`,
    );
    const sizeOf = new Map(sizes.map((s) => [s.relname, s.n]));
    let flagged = 0;
    for (const [name, text] of [...prepared].sort()) {
      const { rows: plan } = await clients[0]!.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (GENERIC_PLAN) ${text}`,
      );
      const lines = plan.map((p) => p['QUERY PLAN']).join('\n');
      const big = [...lines.matchAll(SCAN)].filter(([, table]) => (sizeOf.get(table!) ?? 0) > BIG);
      if (big.length) flagged++;
      if (!big.length && !process.argv.includes('--all')) continue;
      const why = big.map(([scan, table]) => `${scan} (${sizeOf.get(table!)?.toLocaleString()} rows)`);
      process.stdout.write(
        `\n### ${name}${why.length ? `: ${why.join(', ')}` : ''}\n${text.replace(/\s+/g, ' ').slice(0, 400)}\n${lines}\n`,
      );
    }
    process.stdout.write(
      `\n${prepared.size} prepared statements; ${flagged} read a table of more than ${BIG.toLocaleString()} rows whole\n`,
    );
  } finally {
    for (const c of clients) c.release();
  }
} finally {
  await w.close();
}
process.exit(0);
