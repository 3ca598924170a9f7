/**
 * Issue 14's budget: every finance report over 31 days answers in <= 200 ms p95 with 10M orders behind
 * the rollups, and its time does not grow with the order count. The reports read only rollups, so the
 * load is a rollup-only one of the volume 1M and 10M orders a year make (generated in SQL, not through
 * the order flow): the order rollup's rows per day depend on the merchants x passages x families that
 * trade (not on the order count), the member rollup's on the members who trade that day (~0.6 per
 * order up to every member). Each report is then read through its route (the feed's run included) over
 * the last 31 days with its default grouping.
 */
import { ALL_REPORTS } from '@payops/contracts';
import type { World } from './setup.ts';
import { percentile, type Row, timed } from './stats.ts';

const ORDER_DAYS = 365;
/** Member rows are made for these days only (the reads cover 31; the rest is there for the index depth). */
const MEMBER_DAYS = 90;
const FAMILIES = [
  ['deposit', 'deposit', 'normal'],
  ['deposit', 'deposit', 'otc'],
  ['deposit', 'deposit', 'zhotc'],
  ['deposit', 'deposit', 'match'],
  ['withdraw', 'withdraw', 'normal'],
  ['withdraw', 'withdraw', 'otc'],
  ['withdraw', 'withdraw', 'zhotc'],
  ['withdraw', 'withdraw', 'match'],
  ['usdt_deposit', 'deposit', 'usdt'],
  ['usdt_withdraw', 'withdraw', 'usdt'],
] as const;

/** Replaces the rollups by a year of the volume `orders` a year make; the feed starts from now. */
async function fillRollups(w: World, orders: number): Promise<void> {
  const client = await w.ctx.pool.connect();
  try {
    await client.query('SET statement_timeout = 0');
    await client.query('TRUNCATE report_order_days, report_member_days');
    // Whatever the bench's order tables hold is not this load: the feed starts after it.
    await client.query(`INSERT INTO report_watermarks (name, xid) VALUES ('orders', pg_snapshot_xmin(pg_current_snapshot()))
      ON CONFLICT (name) DO UPDATE SET xid = excluded.xid`);
    const perDay = orders / ORDER_DAYS;
    const families = FAMILIES.map(([s, d, f]) => `('${s}','${d}','${f}')`).join(',');
    // Order rollup: per day, merchant, family and (for passage orders) one of 8 passages.
    await client.query(
      `INSERT INTO report_order_days (day, source, direction, family, merchant_id, passage_id, third_party_id, pay_type,
         order_count, order_amount, success_count, success_amount, success_fee, failed_count, failed_amount)
       SELECT g.day::date, fam.src, fam.dir, fam.fam, m.id, pp.n, pp.n, 'bank_card', c.n, c.n * 500, c.n * 8 / 10, c.n * 400, c.n * 2,
              c.n / 10, c.n * 50
         FROM generate_series(current_date - ${ORDER_DAYS - 1}, current_date, interval '1 day') g(day)
         CROSS JOIN (VALUES ${families}) fam(src, dir, fam)
         CROSS JOIN (SELECT id FROM merchants ORDER BY id LIMIT 20) m
         CROSS JOIN LATERAL (SELECT generate_series(1, CASE WHEN fam.fam IN ('match', 'usdt') THEN 1 ELSE 8 END) AS n) pp
         CROSS JOIN LATERAL (SELECT greatest(1, round($1::numeric / (20 * 52) * (0.5 + random())))::int AS n) c`,
      [perDay],
    );
    // Member rollup: the members trading each day, spread over the merchants.
    const members = Math.round(Math.min(perDay * 0.6, 200_000));
    await client.query(
      `INSERT INTO report_member_days (day, merchant_id, member_account, source, direction, family,
         order_count, order_amount, success_count, success_amount, success_fee)
       SELECT g.day::date, m.ids[1 + i % 20], 'm' || ((i * 7919 + extract(doy FROM g.day)::int * 104729) % 1000000), 'deposit', 'deposit', 'normal',
              2, 1000, 1, 500, 2.5
         FROM generate_series(current_date - ${MEMBER_DAYS - 1}, current_date, interval '1 day') g(day)
         CROSS JOIN (SELECT array_agg(id ORDER BY id) AS ids FROM (SELECT id FROM merchants ORDER BY id LIMIT 20) x) m
         CROSS JOIN generate_series(1, $1::int) i
       ON CONFLICT DO NOTHING`,
      [members],
    );
    await client.query('VACUUM ANALYZE report_order_days, report_member_days');
  } finally {
    client.release();
  }
}

async function readReport(w: World, api: string, from: string, to: string): Promise<void> {
  const res = await w.app.inject({
    method: 'POST',
    url: `${api}/query`,
    headers: w.headers,
    payload: { from, to },
  });
  if (res.statusCode !== 200) throw new Error(`${api}: ${res.statusCode} ${res.body.slice(0, 200)}`);
}

export async function reportWorkloads(w: World, rows: Row[], o: { runs: number }): Promise<void> {
  const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  const [from, to] = [day(31), day(1)];
  const worst: Record<number, number> = {};
  for (const orders of [1_000_000, 10_000_000]) {
    await fillRollups(w, orders);
    let slowest = 0;
    for (const def of ALL_REPORTS) {
      const times = await timed(o.runs, () => readReport(w, def.api, from, to), 3);
      const p95 = percentile(times, 95);
      slowest = Math.max(slowest, p95);
      if (orders === 10_000_000)
        rows.push({
          workload: `report ${def.name} p95, 31 days, rollups of 10M orders`,
          figure: `${p95.toFixed(1)} ms`,
          budget: '≤ 200 ms',
          pass: p95 <= 200,
        });
    }
    worst[orders] = slowest;
  }
  rows.push({
    workload: 'slowest report p95, 31 days: rollups of 1M vs 10M orders',
    figure: `${worst[1_000_000]!.toFixed(1)} ms vs ${worst[10_000_000]!.toFixed(1)} ms`,
    budget: '≤ 200 ms, flat',
    pass: worst[10_000_000]! <= 200,
  });
  // The bench's own orders are not what the rollups now hold: rebuild them if the data is kept.
  const client = await w.ctx.pool.connect();
  try {
    await client.query('TRUNCATE report_order_days, report_member_days');
    await client.query(`DELETE FROM report_watermarks WHERE name = 'orders'`);
  } finally {
    client.release();
  }
}
