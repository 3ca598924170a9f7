/**
 * The trade rollups' rows over a span of days, computed from the raw trade ads and orders (the
 * operations reports' helpers: a span's DELETE + INSERT, its compare). An order's parties: the
 * advertiser owns the ad (the seller of a sell ad's orders, the buyer of a buy ad's), the taker is the
 * other side. Time to pay: take -> paid; time to confirm: paid -> completed (a dispute's ruling
 * included); both in whole seconds, bucketed by PAY_TIME_BUCKETS.
 */
import { PAY_TIME_BUCKETS } from '@payops/contracts';
import { type SQL, sql } from 'drizzle-orm';
import {
  bucketOf,
  type DaySpan,
  dayOf,
  type RollupQuery,
  rollup,
  seconds,
  within,
} from '../opsReports/rollup-sql.ts';

/** The span's orders with their day, whether they were ever disputed and their two durations. */
const ordersOf = (s: DaySpan) => sql`
  SELECT o.*, ${dayOf(s, sql`o.created_at`)} AS day,
    EXISTS (SELECT 1 FROM status_history h WHERE h.resource = 'tradeOrderList'
      AND h.record_id = o.id::text AND h.to_status = 'disputed') AS was_disputed,
    CASE WHEN o.paid_at IS NOT NULL THEN ${seconds(sql`o.paid_at`, sql`o.created_at`)} END AS pay_s,
    CASE WHEN o.status = 'completed' AND o.paid_at IS NOT NULL
      THEN ${seconds(sql`o.completed_at`, sql`o.paid_at`)} END AS confirm_s
  FROM trade_orders o WHERE ${within(s, sql`o.created_at`)}`;

/** One side of an order, `col` being buyer_<x> or seller_<x>: the advertiser's or the taker's. */
const party = (role: 'ad' | 'user', col: string) => {
  const [own, other] = role === 'ad' ? ['seller', 'buyer'] : ['buyer', 'seller'];
  return sql.raw(`CASE WHEN o.side = 'sell' THEN o.${own}_${col} ELSE o.${other}_${col} END`);
};
const advertiser = (col: string) => party('ad', col);
const taker = (col: string) => party('user', col);

const countIf = (when: string) => sql.raw(`count(*) FILTER (WHERE ${when})`);
const sumIf = (value: string, when: string) => sql.raw(`coalesce(sum(${value}) FILTER (WHERE ${when}), 0)`);

/** Figures of a group of orders shared by the rollups. */
const tradeFigures = {
  orders: sql`count(*)`,
  amount: sql`coalesce(sum(o.amount), 0)`,
  completed: countIf(`o.status = 'completed'`),
  completed_amount: sumIf('o.amount', `o.status = 'completed'`),
};

/** The party rollup's order figures (the ads' are 0 there), in the table's column order. */
function partyFigures(): Record<string, SQL> {
  const out: Record<string, SQL> = {
    ads: sql`0`,
    ad_amount: sql`0`,
    ...tradeFigures,
    fees: sumIf('o.fee', `o.status = 'completed'`),
    seller_fees: sumIf('o.seller_fee', `o.status = 'completed'`),
    cancelled: countIf(`o.status = 'cancelled'`),
    timeouts: countIf(`o.status = 'timeout'`),
    disputes: countIf('o.was_disputed'),
    paid: countIf('o.pay_s IS NOT NULL'),
    pay_seconds: sql`coalesce(sum(o.pay_s), 0)`,
    confirmed: countIf('o.confirm_s IS NOT NULL'),
    confirm_seconds: sql`coalesce(sum(o.confirm_s), 0)`,
  };
  PAY_TIME_BUCKETS.forEach((_, i) => {
    out[`pay_${i}`] =
      sql`count(*) FILTER (WHERE ${bucketOf(sql`o.pay_s`)} = ${sql.raw(String(i))} AND o.pay_s IS NOT NULL)`;
    out[`confirm_${i}`] =
      sql`count(*) FILTER (WHERE ${bucketOf(sql`o.confirm_s`)} = ${sql.raw(String(i))} AND o.confirm_s IS NOT NULL)`;
  });
  return out;
}

const KEYS = 'day, role, side, trader_type, trader, merchant_id';

export const tradePartyDays = (s: DaySpan): RollupQuery => {
  const figures = partyFigures();
  const names = Object.keys(figures);
  // The ads posted: their count and amount, every order figure 0.
  const adFigures = names.map((n) =>
    n === 'ads' ? sql`count(*)` : n === 'ad_amount' ? sql`sum(a.amount)` : sql`0`,
  );
  return rollup(
    s,
    'report_trade_party_days',
    `${KEYS}, ${names.join(', ')}`,
    sql`
    SELECT ${sql.raw(KEYS)}, ${sql.join(
      names.map((n) => sql`sum(${sql.identifier(n)})`),
      sql`, `,
    )}
    FROM (
      SELECT ${dayOf(s, sql`a.created_at`)} AS day, 'ad' AS role, a.side, a.owner_type AS trader_type,
        a.owner_code AS trader, coalesce(a.merchant_id, 0) AS merchant_id,
        ${sql.join(
          adFigures.map((f, i) => sql`${f} AS ${sql.identifier(names[i]!)}`),
          sql`, `,
        )}
      FROM trade_ads a WHERE ${within(s, sql`a.created_at`)}
      GROUP BY 1, 2, 3, 4, 5, 6
      UNION ALL
      SELECT o.day, p.role, o.side, p.trader_type, p.trader, p.merchant_id,
        ${sql.join(
          names.map((n) => sql`${figures[n]!} AS ${sql.identifier(n)}`),
          sql`, `,
        )}
      FROM (${ordersOf(s)}) o
      CROSS JOIN LATERAL (VALUES
        ('ad', ${advertiser('type')}, ${advertiser('code')}, coalesce(${advertiser('merchant_id')}, 0)),
        ('user', ${taker('type')}, ${taker('code')}, coalesce(${taker('merchant_id')}, 0))
      ) AS p(role, trader_type, trader, merchant_id)
      GROUP BY 1, 2, 3, 4, 5, 6
    ) u
    GROUP BY 1, 2, 3, 4, 5, 6`,
  );
};

export const tradePairDays = (s: DaySpan): RollupQuery =>
  rollup(
    s,
    'report_trade_pair_days',
    'day, side, advertiser, ad_merchant_id, counterparty, counterparty_merchant_id, orders, amount, completed, completed_amount, disputes',
    sql`
    SELECT o.day, o.side, ${advertiser('code')}, coalesce(${advertiser('merchant_id')}, 0), ${taker('code')},
      coalesce(${taker('merchant_id')}, 0), ${sql.join(Object.values(tradeFigures), sql`, `)}, ${countIf('o.was_disputed')}
    FROM (${ordersOf(s)}) o
    GROUP BY 1, 2, 3, 4, 5, 6`,
  );

export const tradeSyncDays = (s: DaySpan): RollupQuery =>
  rollup(
    s,
    'report_trade_sync_days',
    'day, merchant_id, via, orders, amount, completed, completed_amount, final, cancelled, timeouts, open',
    sql`
    SELECT o.day, m.merchant_id, m.via, ${sql.join(Object.values(tradeFigures), sql`, `)},
      ${countIf(`o.status IN ('completed', 'cancelled', 'timeout')`)}, ${countIf(`o.status = 'cancelled'`)},
      ${countIf(`o.status = 'timeout'`)}, ${countIf(`o.status IN ('matched', 'paid', 'disputed')`)}
    FROM (${ordersOf(s)}) o
    CROSS JOIN LATERAL (
      SELECT o.buyer_merchant_id AS merchant_id,
        CASE WHEN o.buyer_merchant_id = o.seller_merchant_id THEN 'both' ELSE 'buyer' END AS via
      WHERE o.buyer_merchant_id IS NOT NULL
      UNION ALL
      SELECT o.seller_merchant_id, 'seller'
      WHERE o.seller_merchant_id IS NOT NULL AND o.seller_merchant_id IS DISTINCT FROM o.buyer_merchant_id
    ) m
    GROUP BY 1, 2, 3`,
  );
