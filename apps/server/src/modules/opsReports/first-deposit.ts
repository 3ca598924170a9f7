/**
 * A member's first successful deposit, recorded in the transaction that makes the deposit a success
 * (an order-final listener): the member_first_deposits row (its key makes it once per merchant and
 * account, whichever of two racing deposits commits first), and the member list's first-deposit time
 * and amount when it holds the member (the order's creation: the moment every report cuts days by).
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/ledger/index.ts';
import type { OrderFinal } from '../order/final-state.ts';

export async function recordFirstDeposit(tx: Tx, event: OrderFinal): Promise<void> {
  if (event.family !== 'deposit' || event.order.status !== 'success') return;
  const o = event.order;
  if (!o.memberAccount) return;
  // The row, and the member list's first-deposit columns (for a member it holds that has none yet)
  // only when the row was new: one statement.
  await tx.execute(sql`
    WITH first AS (
      INSERT INTO member_first_deposits (merchant_id, member_account, order_id, order_no, passage_id, pay_type,
        amount, level, at)
      SELECT ${o.merchantId}, ${o.memberAccount}, ${o.id}, ${o.orderNo}, ${o.passageId}, ${o.payType}, ${o.amount},
        coalesce((SELECT level FROM members WHERE merchant_id = ${o.merchantId} AND account = ${o.memberAccount}), 1),
        ${o.createdAt}
      ON CONFLICT (merchant_id, member_account) DO NOTHING
      RETURNING 1)
    UPDATE members SET first_deposit_at = ${o.createdAt}, first_deposit_amount = ${o.amount}, updated_at = ${event.at}
    WHERE merchant_id = ${o.merchantId} AND account = ${o.memberAccount} AND first_deposit_at IS NULL
      AND EXISTS (SELECT 1 FROM first)`);
}
