/**
 * depositDayReportSum: per merchant and day (the console's time zone) the deposits, successes,
 * amounts and success rate, against the merchant's 7 days before: a day is flagged `spike` when its
 * amount is above SPIKE_FACTOR times its average day in the 7 before (days with deposits, so a young
 * merchant's first week is not all spikes), `drop` when its success rate is more than
 * DROP_POINTS below the 7-day rate (with at least MIN_ORDERS orders, so one failed order on a quiet day
 * is no alarm), `both` when both. One set-based upsert over the recent days; a re-run rewrites them.
 */
import { REPORT_RATIO_DECIMALS } from '@payops/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { defineJob } from '../../platform/jobs/registry.ts';

export const SPIKE_FACTOR = 3;
export const DROP_POINTS = '0.2';
export const MIN_ORDERS = 5;
/** Days rolled up each run: today and yesterday (late successes); the 7 before are read for averages. */
const RECENT_DAYS = 2;

export async function rollUpMerchantRisk(ctx: AppContext, days = RECENT_DAYS): Promise<number> {
  const now = ctx.clock.now();
  const tz = ctx.config.timeZone;
  const res = await ctx.db.execute(sql`
    WITH bounds AS (
      SELECT (${now}::timestamptz AT TIME ZONE ${tz})::date - ${days - 1}::int AS first_day
    ), per_day AS (
      SELECT (d.created_at AT TIME ZONE ${tz})::date AS day, d.merchant_id, min(d.mch_no) AS mch_no,
             count(*)::int AS orders,
             count(*) FILTER (WHERE d.status IN ('success', 'refunded'))::int AS successes,
             sum(d.amount) AS amount,
             coalesce(sum(d.amount) FILTER (WHERE d.status IN ('success', 'refunded')), 0) AS success_amount
      FROM deposit_orders d, bounds b
      WHERE d.created_at >= ((b.first_day - 7)::timestamp AT TIME ZONE ${tz}) AND d.created_at <= ${now}
      GROUP BY 1, 2
    ), scored AS (
      SELECT p.*, (p.successes::numeric / p.orders) AS rate,
             coalesce((SELECT avg(q.amount) FROM per_day q
                       WHERE q.merchant_id = p.merchant_id AND q.day >= p.day - 7 AND q.day < p.day), 0) AS avg7,
             (SELECT sum(q.successes)::numeric / nullif(sum(q.orders), 0) FROM per_day q
               WHERE q.merchant_id = p.merchant_id AND q.day >= p.day - 7 AND q.day < p.day) AS rate7
      FROM per_day p, bounds b WHERE p.day >= b.first_day
    ), flagged AS (
      SELECT s.*,
             (s.avg7 > 0 AND s.amount > s.avg7 * ${SPIKE_FACTOR}) AS spike,
             (s.rate7 IS NOT NULL AND s.orders >= ${MIN_ORDERS} AND s.rate7 - s.rate > ${DROP_POINTS}::numeric) AS dropped
      FROM scored s
    )
    INSERT INTO merchant_deposit_days AS m (day, merchant_id, mch_no, orders, successes, amount, success_amount,
                                            success_rate, avg_amount_7d, avg_rate_7d, flag, updated_at)
    -- Success rates as the reports show ratios (57.14%); the flags use them unrounded.
    SELECT day, merchant_id, mch_no, orders, successes, amount, success_amount, round(rate, ${REPORT_RATIO_DECIMALS}::int),
           round(avg7, 8), round(rate7, ${REPORT_RATIO_DECIMALS}::int),
           CASE WHEN spike AND dropped THEN 'both' WHEN spike THEN 'spike' WHEN dropped THEN 'drop' ELSE 'normal' END,
           ${now}
    FROM flagged
    ON CONFLICT (merchant_id, day) DO UPDATE SET
      orders = excluded.orders, successes = excluded.successes, amount = excluded.amount,
      success_amount = excluded.success_amount, success_rate = excluded.success_rate,
      avg_amount_7d = excluded.avg_amount_7d, avg_rate_7d = excluded.avg_rate_7d, flag = excluded.flag,
      updated_at = excluded.updated_at`);
  return res.rowCount ?? 0;
}

export const merchantRiskJob = defineJob({
  name: 'merchant-risk-days',
  schedule: '7 * * * *',
  retry: { limit: 3, delaySeconds: 120, backoff: true },
  handler: async (ctx) => ({ days: await rollUpMerchantRisk(ctx) }),
});
