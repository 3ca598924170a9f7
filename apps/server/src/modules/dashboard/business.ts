/**
 * The dashboard's business figures: deposits and withdrawals of the last 7 days (today and yesterday
 * are its last two), the queues waiting for an operator, and the passages' health. Days are calendar
 * days in the platform's time zone (PLATFORM_TIME_ZONE); each carries its first and last instant,
 * which the web's links filter on (a browser in another zone would cut other days from the dates).
 *
 * Each figure is one indexed query: the 7 days are a range on `created_at` (its index), the queues
 * counts on `(status, id)` indexes. An order counts on the day it was created; its success rate is
 * the share of that day's orders that succeeded (orders still open count as not yet successful).
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { overdueAt } from '../order/badges.ts';

export const dayFigures = z.object({
  day: z.string(),
  /** The day's first and last instant (the platform's zone): a link's createdAt filter, exactly that day. */
  fromAt: z.string(),
  toAt: z.string(),
  count: z.number(),
  amount: z.string(),
  successCount: z.number(),
  successAmount: z.string(),
  /** Percent with one decimal ("87.5"), null on a day without orders. */
  successRate: z.string().nullable(),
});
export type DayFigures = z.infer<typeof dayFigures>;

/** A queue's count; null for an operator who may not open its list. */
const queueCount = z.number().nullable();
const queuesShape = z.object({
  depositsInAudit: queueCount,
  withdrawalsInReview: queueCount,
  /** Open withdrawals past their due time, of any day (the timed-out badge counts the last 6 days'). */
  withdrawalsOverdue: queueCount,
  withdrawalsDetained: queueCount,
  failedCallbacks: queueCount,
});
export type Queues = Record<keyof typeof queuesShape.shape, number>;

export const passageHealthShape = z.object({
  healthy: z.number(),
  degraded: z.number(),
  down: z.number(),
  /** The passages switched on that are not healthy (the worst first, the first few). */
  unhealthy: z.array(z.object({ id: z.number(), name: z.string(), health: z.string() })),
});
export type PassageHealth = z.infer<typeof passageHealthShape>;

/** The answer: each section null for an operator who may not open its list (a queue count likewise). */
export const businessShape = z.object({
  /** The last 7 days, oldest first: today is the last, yesterday the one before. */
  deposits: z.array(dayFigures).nullable(),
  withdrawals: z.array(dayFigures).nullable(),
  queues: queuesShape.nullable(),
  passages: passageHealthShape.nullable(),
});

const TREND_DAYS = 7;
const UNHEALTHY_SHOWN = 10;

/** One row per day of the last 7 (oldest first) for an order table. */
async function days(ctx: AppContext, table: 'deposit_orders' | 'withdraw_orders'): Promise<DayFigures[]> {
  const tz = ctx.config.timeZone;
  const now = ctx.clock.now().toISOString();
  const res = await ctx.db.execute<{
    day: string;
    from_at: string;
    to_at: string;
    count: number;
    amount: string;
    success_count: number;
    success_amount: string;
    success_rate: string | null;
  }>(sql`
    WITH days AS (
      SELECT d AS local_day, d AT TIME ZONE ${tz} AS from_at, (d + interval '1 day') AT TIME ZONE ${tz} AS to_at
        FROM generate_series(
          date_trunc('day', ${now}::timestamptz AT TIME ZONE ${tz}) - ${`${TREND_DAYS - 1} days`}::interval,
          date_trunc('day', ${now}::timestamptz AT TIME ZONE ${tz}),
          interval '1 day') AS d
    ),
    -- One range on created_at (its index) for the whole window, then the orders are put in their days.
    o AS (
      SELECT created_at, amount, status FROM ${sql.identifier(table)}
       WHERE created_at >= (SELECT min(from_at) FROM days) AND created_at < (SELECT max(to_at) FROM days)
    )
    SELECT to_char(days.local_day, 'YYYY-MM-DD') AS day,
           to_char(days.from_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS from_at,
           to_char((days.to_at - interval '1 millisecond') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS to_at,
           count(o.created_at)::int AS count,
           COALESCE(sum(o.amount), 0)::text AS amount,
           (count(o.created_at) FILTER (WHERE o.status = 'success'))::int AS success_count,
           COALESCE(sum(o.amount) FILTER (WHERE o.status = 'success'), 0)::text AS success_amount,
           round(100.0 * count(o.created_at) FILTER (WHERE o.status = 'success') / NULLIF(count(o.created_at), 0), 1)::text
             AS success_rate
      FROM days
      LEFT JOIN o ON o.created_at >= days.from_at AND o.created_at < days.to_at
     GROUP BY days.local_day, days.from_at, days.to_at
     ORDER BY days.local_day`);
  return res.rows.map((r) => ({
    day: r.day,
    fromAt: r.from_at,
    toAt: r.to_at,
    count: r.count,
    amount: r.amount,
    successCount: r.success_count,
    successAmount: r.success_amount,
    successRate: r.success_rate,
  }));
}

export const depositDays = (ctx: AppContext) => days(ctx, 'deposit_orders');
export const withdrawDays = (ctx: AppContext) => days(ctx, 'withdraw_orders');

export async function queues(ctx: AppContext): Promise<Queues> {
  const res = await ctx.db.execute<Record<keyof Queues, number>>(sql`
    SELECT (SELECT count(*) FROM deposit_orders WHERE status = 'in_audit')::int AS "depositsInAudit",
           (SELECT count(*) FROM withdraw_orders WHERE status = 'in_review')::int AS "withdrawalsInReview",
           (SELECT count(*) FROM withdraw_orders WHERE ${overdueAt(ctx.clock.now())})::int AS "withdrawalsOverdue",
           (SELECT count(*) FROM withdraw_orders WHERE status = 'detained')::int AS "withdrawalsDetained",
           (SELECT count(*) FROM merchant_notifications WHERE status = 'failed')::int AS "failedCallbacks"`);
  return res.rows[0]!;
}

export async function passageHealth(ctx: AppContext): Promise<PassageHealth> {
  const [counts, unhealthy] = await Promise.all([
    ctx.db.execute<{ health: string; n: number }>(
      sql`SELECT health, count(*)::int AS n FROM passages WHERE status = 'on' GROUP BY health`,
    ),
    ctx.db.execute<{ id: number; name: string; health: string }>(
      sql`SELECT id, name, health FROM passages WHERE status = 'on' AND health <> 'healthy'
           ORDER BY (health = 'down') DESC, id LIMIT ${UNHEALTHY_SHOWN}`,
    ),
  ]);
  const of = (h: string) => counts.rows.find((r) => r.health === h)?.n ?? 0;
  return { healthy: of('healthy'), degraded: of('degraded'), down: of('down'), unhealthy: unhealthy.rows };
}
