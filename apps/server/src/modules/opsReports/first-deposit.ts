/**
 * A member's first successful deposit, recorded in the transaction that makes the deposit a success
 * (an order-final listener): the member_first_deposits row (its key makes it once per merchant and
 * account, whichever of two racing deposits commits first), and the member list's first-deposit time
 * and amount when it holds the member (the order's creation: the moment every report cuts days by).
 */
import { sql } from 'drizzle-orm';
import { clientOf, namedSql } from '../../db/named-statement.ts';
import type { Tx } from '../../platform/ledger/index.ts';
import type { OrderFinal } from '../order/final-state.ts';

const p = (name: string) => sql.placeholder(name);

/**
 * The row, and the member list's first-deposit columns (for a member it holds that has none yet) only
 * when the row was new: one statement, prepared by name (it runs in every deposit's success).
 */
const firstDeposit = namedSql(
  'payops_first_deposit',
  sql`
    WITH first AS (
      INSERT INTO member_first_deposits (merchant_id, member_account, order_id, order_no, passage_id, pay_type,
        amount, level, at)
      SELECT ${p('merchantId')}::int, ${p('account')}::text, ${p('orderId')}::bigint, ${p('orderNo')}::text,
        ${p('passageId')}::int, ${p('payType')}::text, ${p('amount')}::numeric,
        coalesce((SELECT level FROM members WHERE merchant_id = ${p('merchantId')}::int
                  AND account = ${p('account')}::text), 1),
        ${p('createdAt')}::timestamptz
      ON CONFLICT (merchant_id, member_account) DO NOTHING
      RETURNING 1)
    UPDATE members SET first_deposit_at = ${p('createdAt')}::timestamptz, first_deposit_amount = ${p('amount')}::numeric,
      updated_at = ${p('at')}::timestamptz
    WHERE merchant_id = ${p('merchantId')}::int AND account = ${p('account')}::text AND first_deposit_at IS NULL
      AND EXISTS (SELECT 1 FROM first)`,
);

export async function recordFirstDeposit(tx: Tx, event: OrderFinal): Promise<void> {
  if (event.family !== 'deposit' || event.order.status !== 'success') return;
  const o = event.order;
  if (!o.memberAccount) return;
  await firstDeposit.arrays(clientOf(tx), {
    merchantId: o.merchantId,
    account: o.memberAccount,
    orderId: o.id,
    orderNo: o.orderNo,
    passageId: o.passageId,
    payType: o.payType,
    amount: o.amount,
    createdAt: o.createdAt,
    at: event.at,
  });
}
