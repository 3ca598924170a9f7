/**
 * The rollup-only load behind the reports bench (reports.ts): a year of every rollup the 25 finance
 * report pages read, at the volume `orders` orders a year make, generated in SQL straight into the
 * rollup tables (the bench's data only: the product fills them from raw records by the change feed).
 *
 * What grows with the order count and what does not: a rollup row is one day x its keys, so the order
 * rollup's rows per day are the merchants x passages x families that trade (20 x 52 here), the
 * operations rollups' the merchants x levels / passages / buckets (a few hundred), whatever the order
 * count; only their figures grow. The member rollup's rows are the members trading that day (~0.6 per
 * order, up to 200,000 a day): the one rollup whose size follows the order count.
 */
import type { PoolClient } from 'pg';
import type { World } from './setup.ts';

export const LOAD_DAYS = 365;
/** Member rows are made for these days only (reads cover 31; the rest is there for the index depth). */
export const MEMBER_DAYS = 90;
const MERCHANTS = 20;
const PASSAGES = 8;
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
const PAY_TYPES = ['alipay', 'wechat', 'bank_card', 'alipay_to_card', 'unionpay_to_card', 'ecny'];

const ROLLUP_TABLES = [
  'report_order_days',
  'report_member_days',
  'report_match_days',
  'report_match_wait_days',
  'report_third_push_days',
  'report_third_error_days',
  'report_match_sync_days',
  'report_level_days',
  'report_first_deposit_cohorts',
  'report_first_deposit_channels',
];

/** Days of the load: the last LOAD_DAYS (or `days`) local days up to today, as g(day). */
const daysOf = (days = LOAD_DAYS) =>
  `generate_series(current_date - ${days - 1}, current_date, interval '1 day') g(day)`;
/** The load's merchants as m(id), `MERCHANTS` of them. */
const merchantsOf = `(SELECT id FROM merchants ORDER BY id LIMIT ${MERCHANTS}) m`;
/** Per row, `perDay / rowsPerDay` give or take half, at least 1, as c(n). */
const share = (perDay: number, rowsPerDay: number) =>
  `CROSS JOIN LATERAL (SELECT greatest(1, round(${perDay / rowsPerDay} * (0.5 + random() + 0 * extract(doy FROM g.day))))::int AS n) c`;

export interface LoadSize {
  orders: number;
  /** Rows per rollup table. */
  rows: Record<string, number>;
  seconds: number;
}

async function orderRollup(c: PoolClient, perDay: number) {
  const families = FAMILIES.map(([s, d, f]) => `('${s}','${d}','${f}')`).join(',');
  const rowsPerDay = MERCHANTS * (6 * PASSAGES + 4);
  await c.query(`INSERT INTO report_order_days (day, source, direction, family, merchant_id, passage_id,
      third_party_id, pay_type, order_count, order_amount, success_count, success_amount, success_fee,
      failed_count, failed_amount, pay_seconds, pay_time_0, pay_time_1, pay_time_2, pay_time_3, pay_time_4,
      pay_time_5, band_0_count, band_1_count, band_2_count, band_1_success_count, band_1_success_amount)
    SELECT g.day::date, fam.src, fam.dir, fam.fam, m.id, pp.n, pp.n,
      (ARRAY[${PAY_TYPES.map((p) => `'${p}'`).join(',')}])[1 + pp.n % ${PAY_TYPES.length}],
      c.n, c.n * 500, c.n * 8 / 10, c.n * 400, c.n * 2, c.n / 10, c.n * 50, c.n * 90,
      c.n * 3 / 10, c.n * 2 / 10, c.n / 10, c.n / 10, c.n / 20, c.n / 20,
      c.n / 4, c.n / 2, c.n / 4, c.n * 4 / 10, c.n * 160
    FROM ${daysOf()} CROSS JOIN (VALUES ${families}) fam(src, dir, fam) CROSS JOIN ${merchantsOf}
    CROSS JOIN LATERAL (SELECT generate_series(1, CASE WHEN fam.fam IN ('match', 'usdt') THEN 1 ELSE ${PASSAGES} END) AS n) pp
    ${share(perDay, rowsPerDay)}`);
}

async function memberRollup(c: PoolClient, perDay: number) {
  const members = Math.round(Math.min(perDay * 0.6, 200_000));
  await c.query(
    `INSERT INTO report_member_days (day, merchant_id, member_account, source, direction, family,
       order_count, order_amount, success_count, success_amount, success_fee)
     SELECT g.day::date, m.ids[1 + i % ${MERCHANTS}],
            'm' || ((i * 7919 + extract(doy FROM g.day)::int * 104729) % 1000000), 'deposit', 'deposit', 'normal',
            2, 1000, 1, 500, 2.5
       FROM ${daysOf(MEMBER_DAYS)}
       CROSS JOIN (SELECT array_agg(id ORDER BY id) AS ids FROM ${merchantsOf}) m
       CROSS JOIN generate_series(1, $1::int) i
     ON CONFLICT DO NOTHING`,
    [members],
  );
}

/** The operations rollups (matching, third parties, callbacks, levels, first deposits), a row per key. */
async function opsRollups(c: PoolClient, perDay: number) {
  const pairs = `${merchantsOf} CROSS JOIN (SELECT id AS id2 FROM merchants ORDER BY id LIMIT ${MERCHANTS}) w`;
  const statements = [
    // A tenth of the orders are matched: per depositing x withdrawing merchant.
    `INSERT INTO report_match_days (day, deposit_merchant_id, withdraw_merchant_id, matches, amount, confirmed,
       confirmed_amount, confirmed_fee, failed, failed_amount, open, confirm_seconds)
     SELECT g.day::date, m.id, w.id2, c.n, c.n * 500, c.n * 8 / 10, c.n * 400, c.n * 2, c.n / 10, c.n * 50,
       c.n / 10, c.n * 300
     FROM ${daysOf()} CROSS JOIN ${pairs} ${share(perDay / 10, MERCHANTS * MERCHANTS)}`,
    `INSERT INTO report_match_wait_days (day, merchant_id, bucket, pieces, amount, wait_seconds)
     SELECT g.day::date, m.id, b, c.n, c.n * 500, c.n * 120
     FROM ${daysOf()} CROSS JOIN ${merchantsOf} CROSS JOIN generate_series(0, 5) b ${share(perDay / 10, MERCHANTS * 6)}`,
    // Passage p belongs to third party p; passage 0: the callbacks (they name no passage).
    `INSERT INTO report_third_push_days (day, third_party_id, passage_id, direction, pushes, push_errors,
       callbacks, callbacks_refused)
     SELECT g.day::date, t, p, d, c.n, c.n / 50, c.n * 9 / 10, c.n / 100
     FROM ${daysOf()} CROSS JOIN generate_series(1, ${PASSAGES}) t CROSS JOIN LATERAL (VALUES (t), (0)) pp(p)
     CROSS JOIN (VALUES ('deposit'), ('withdraw')) dd(d) ${share(perDay, PASSAGES * 4)}`,
    `INSERT INTO report_third_error_days (day, third_party_id, passage_id, source, error, errors)
     SELECT g.day::date, t, CASE WHEN s = 'callback' THEN 0 ELSE t END, s, 'upstream error ' || e, c.n
     FROM ${daysOf()} CROSS JOIN generate_series(1, ${PASSAGES}) t
     CROSS JOIN (VALUES ('placement'), ('callback')) ss(s) CROSS JOIN generate_series(1, 10) e
     ${share(perDay / 50, PASSAGES * 20)}`,
    `INSERT INTO report_match_sync_days (day, merchant_id, family, callbacks, delivered, failed, pending,
       attempts, amount, delivered_amount)
     SELECT g.day::date, m.id, f, c.n, c.n * 9 / 10, c.n / 20, c.n / 20, c.n * 12 / 10, c.n * 500, c.n * 450
     FROM ${daysOf()} CROSS JOIN ${merchantsOf} CROSS JOIN (VALUES ('deposit'), ('withdraw')) ff(f)
     ${share(perDay / 10, MERCHANTS * 2)}`,
    `INSERT INTO report_level_days (day, merchant_id, from_level, to_level, promoted, demoted)
     SELECT g.day::date, m.id, a, b, CASE WHEN b > a THEN c.n ELSE 0 END, CASE WHEN b < a THEN c.n ELSE 0 END
     FROM ${daysOf()} CROSS JOIN ${merchantsOf} CROSS JOIN generate_series(1, 5) a
     CROSS JOIN generate_series(1, 5) b ${share(perDay / 100, MERCHANTS * 20)} WHERE a <> b`,
    // A twentieth of the orders are first deposits.
    `INSERT INTO report_first_deposit_cohorts (day, merchant_id, level, members, amount, back1, back3, back7,
       back15, back30)
     SELECT g.day::date, m.id, l, c.n, c.n * 300, c.n / 5, c.n * 3 / 10, c.n * 4 / 10, c.n / 2, c.n * 6 / 10
     FROM ${daysOf()} CROSS JOIN ${merchantsOf} CROSS JOIN generate_series(1, 5) l ${share(perDay / 20, MERCHANTS * 5)}`,
    `INSERT INTO report_first_deposit_channels (day, merchant_id, passage_id, pay_type, first_deposits, amount)
     SELECT g.day::date, m.id, p, t, c.n, c.n * 300
     FROM ${daysOf()} CROSS JOIN ${merchantsOf} CROSS JOIN generate_series(1, ${PASSAGES}) p
     CROSS JOIN unnest(ARRAY[${PAY_TYPES.map((p) => `'${p}'`).join(',')}]) t
     ${share(perDay / 20, MERCHANTS * PASSAGES * PAY_TYPES.length)}`,
  ];
  for (const s of statements) await c.query(s);
}

/** Replaces every rollup by a year of the volume `orders` a year make; the feed starts from now. */
export async function fillRollups(w: World, orders: number): Promise<LoadSize> {
  const t0 = Date.now();
  const c = await w.ctx.pool.connect();
  try {
    await c.query('SET statement_timeout = 0');
    await c.query(`TRUNCATE ${ROLLUP_TABLES.join(', ')}`);
    // Whatever the bench's raw tables hold is not this load: the feed starts after it.
    await c.query(`INSERT INTO report_watermarks (name, xid) VALUES ('orders', pg_snapshot_xmin(pg_current_snapshot()))
      ON CONFLICT (name) DO UPDATE SET xid = excluded.xid`);
    const perDay = orders / LOAD_DAYS;
    await orderRollup(c, perDay);
    await memberRollup(c, perDay);
    await opsRollups(c, perDay);
    await c.query(`VACUUM ANALYZE ${ROLLUP_TABLES.join(', ')}`);
    const rows: Record<string, number> = {};
    for (const t of ROLLUP_TABLES)
      rows[t] = Number((await c.query(`SELECT count(*)::int AS n FROM ${t}`)).rows[0].n);
    return { orders, rows, seconds: (Date.now() - t0) / 1000 };
  } finally {
    c.release();
  }
}

/** Empties the rollups and the feed's watermark (the bench's own orders are not what they held). */
export async function clearRollups(w: World): Promise<void> {
  await w.ctx.pool.query(`TRUNCATE ${ROLLUP_TABLES.join(', ')}`);
  await w.ctx.pool.query(`DELETE FROM report_watermarks WHERE name = 'orders'`);
}
