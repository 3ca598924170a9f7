/**
 * The header's four order counts (POST /api/pay/transferOrder/countTransferOrder) over a window, in
 * ONE statement of index-only counts (performance.md "header badges", <= 20 ms on 1M orders):
 * - failed-match email orders: bank notification emails that fit no match (email_orders unmatched,
 *   counted on its partial index email_orders_unmatched_idx);
 * - timed-out withdrawals: open (in review, approved, paying, detained) longer than the merchant's
 *   withdrawal timeout (or the platform's `orderTimeoutMinutes`);
 * - low-amount withdrawals: waiting (in review or approved) below `lowAmountWithdrawThreshold`;
 * - orders in audit: deposits waiting for the receipt audit.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
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

/** `mailboxes`: the operator's visible mailboxes (email/mailbox-scope.ts), null for all. */
export async function orderBadgeCounts(
  ctx: AppContext,
  start: Date,
  end: Date,
  mailboxes: readonly number[] | null = null,
): Promise<OrderCounts> {
  const [threshold, timeoutMinutes] = await Promise.all([
    getSetting(ctx, 'lowAmountWithdrawThreshold'),
    getSetting(ctx, 'orderTimeoutMinutes'),
  ]);
  const now = ctx.clock.now();
  // The states are constants in the SQL (not parameters): the planner then proves that the
  // withdrawals' partial index of open orders (withdraw_orders_open_idx) holds every row counted.
  const { rows } = await ctx.db.execute<{ timeout: string; low: string; audit: string; email: string }>(sql`
    SELECT
      (SELECT count(*) FROM email_orders
        WHERE status = 'unmatched' AND scope = 'matching' AND created_at BETWEEN ${start} AND ${end}
          ${mailboxes ? sql`AND mailbox_id = ANY(${sql.param(mailboxes)}::int[])` : sql``}) AS email,
      (SELECT count(*) FROM withdraw_orders w JOIN merchants m ON m.id = w.merchant_id
        WHERE w.${statusIn(OPEN_WITHDRAW_STATES)} AND w.created_at BETWEEN ${start} AND ${end}
          AND w.created_at < ${now}::timestamptz
              - make_interval(mins => COALESCE(m.withdraw_timeout, ${timeoutMinutes}::int))) AS timeout,
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
    // String(): a setting read back from its JSON may be a number.
    lowAmountMax: decString(dec(String(threshold)).round(2, Dec.roundUp).minus('0.01')),
  };
}
