/**
 * The header's four order counts (POST /api/pay/transferOrder/countTransferOrder) over a window, in
 * ONE statement of index-only counts (performance.md "header badges", <= 20 ms on 1M orders):
 * - failed-match email orders: bank notification emails that fit no match (email_orders unmatched,
 *   counted on its partial index email_orders_unmatched_idx);
 * - timed-out withdrawals: open (in review, approved, in the match pool, paying, detained) past their `dueAt` (the
 *   merchant's withdrawal timeout, or the platform's `orderTimeoutMinutes`, after creation); the
 *   withdrawal list's `overdue` filter selects the same ones;
 * - low-amount withdrawals: waiting (in review, approved or in the match pool) below
 *   `lowAmountWithdrawThreshold`;
 * - orders in audit: deposits waiting for the receipt audit.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { Condition } from '../../platform/crud/query.ts';
import { Dec, dec, decString } from '../../platform/ledger/index.ts';
import { getSetting } from '../../platform/settings.ts';
import { OPEN_WITHDRAW_STATES, statusIn, WAITING_WITHDRAW_STATES } from './schema.ts';

export interface OrderCounts {
  failedMatchEmailOrderCount: number;
  inAuditOrderCount: number;
  lowAmountOrderCount: number;
  timeOutOrderCount: number;
  /**
   * The largest low amount, for the badge's list to filter the same withdrawals (`amount=,<it>`):
   * the threshold, to the cent above, less a cent (CNY amounts have two decimals).
   */
  lowAmountMax: string;
}

/**
 * Open withdrawals past their due time at `now` (a SQL value): the badge's count, the list's filter
 * and the dashboard's queue.
 */
export const overdueAt = (now: unknown): SQL =>
  sql`(${statusIn(OPEN_WITHDRAW_STATES)} AND due_at < ${now}::timestamptz)`;

/**
 * The conditions of the withdrawal lists' virtual filters (registerCrud `conditions`): `overdue`, on
 * the app's clock as the badge.
 */
export const withdrawalConditions = (ctx: AppContext): Record<string, Condition> => ({
  overdue: (value, param) => {
    const overdue = overdueAt(param(ctx.clock.now()));
    return value === true ? overdue : sql`NOT ${overdue}`;
  },
});

/** `mailboxes`: the operator's visible mailboxes (email/mailbox-scope.ts), null for all. */
export async function orderBadgeCounts(
  ctx: AppContext,
  start: Date,
  end: Date,
  mailboxes: readonly number[] | null = null,
): Promise<OrderCounts> {
  const threshold = await getSetting(ctx, 'lowAmountWithdrawThreshold');
  const now = ctx.clock.now();
  // The states are constants in the SQL (not parameters): the planner then proves that the
  // withdrawals' partial index of open orders (withdraw_orders_open_idx) holds every row counted.
  const { rows } = await ctx.db.execute<{ timeout: string; low: string; audit: string; email: string }>(sql`
    SELECT
      (SELECT count(*) FROM email_orders
        WHERE status = 'unmatched' AND scope = 'matching' AND created_at BETWEEN ${start} AND ${end}
          ${mailboxes ? sql`AND mailbox_id = ANY(${sql.param(mailboxes)}::int[])` : sql``}) AS email,
      (SELECT count(*) FROM withdraw_orders
        WHERE ${overdueAt(now)} AND created_at BETWEEN ${start} AND ${end}) AS timeout,
      (SELECT count(*) FROM withdraw_orders
        WHERE ${statusIn(WAITING_WITHDRAW_STATES)} AND created_at BETWEEN ${start} AND ${end}
          AND amount < ${threshold}::numeric) AS low,
      (SELECT count(*) FROM deposit_orders
        WHERE status = 'in_audit' AND created_at BETWEEN ${start} AND ${end}) AS audit`);
  const r = rows[0]!;
  return {
    failedMatchEmailOrderCount: Number(r.email),
    inAuditOrderCount: Number(r.audit),
    lowAmountOrderCount: Number(r.low),
    timeOutOrderCount: Number(r.timeout),
    lowAmountMax: decString(dec(threshold).round(2, Dec.roundUp).minus('0.01')),
  };
}
