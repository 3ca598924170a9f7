/**
 * A member's first successful deposit, recorded in the transaction that makes the deposit a success
 * (an order-final listener): the member_first_deposits row (its key makes it once per merchant and
 * account, whichever of two racing deposits commits first), and the member list's first-deposit time
 * and amount when it holds the member (the order's creation: the moment every report cuts days by).
 */
import { sql } from 'drizzle-orm';
import { clientOf, namedSql } from '../../db/named-statement.ts';
import type { Tx } from '../../platform/ledger/index.ts';
import type { OrderFinal, SaidOrderFinal } from '../order/final-state.ts';

/**
 * The row (kept once per merchant and account: ON CONFLICT DO NOTHING), and the member list's
 * first-deposit columns (for a member it holds that has none yet) only when the row was new (`first`:
 * the CTE of the row). Placeholders named with `prefix`; with `gate` (a CTE), written only when it
 * answered a row (a transition's one statement: `upd`).
 */
function firstDepositSql(prefix: string, first: string, gate?: string) {
  const p = (name: string) => sql.placeholder(prefix + name);
  const insert = sql`INSERT INTO member_first_deposits (merchant_id, member_account, order_id, order_no, passage_id, pay_type,
        amount, level, at)
      SELECT ${p('merchantId')}::int, ${p('account')}::text, ${p('orderId')}::bigint, ${p('orderNo')}::text,
        ${p('passageId')}::int, ${p('payType')}::text, ${p('amount')}::numeric,
        coalesce((SELECT level FROM members WHERE merchant_id = ${p('merchantId')}::int
                  AND account = ${p('account')}::text), 1),
        ${p('createdAt')}::timestamptz
      ${gate ? sql`WHERE EXISTS (SELECT 1 FROM ${sql.identifier(gate)})` : sql``}
      ON CONFLICT (merchant_id, member_account) DO NOTHING
      RETURNING 1`;
  const update = sql`UPDATE members SET first_deposit_at = ${p('createdAt')}::timestamptz, first_deposit_amount = ${p('amount')}::numeric,
      updated_at = ${p('at')}::timestamptz
    WHERE merchant_id = ${p('merchantId')}::int AND account = ${p('account')}::text AND first_deposit_at IS NULL
      AND EXISTS (SELECT 1 FROM ${sql.identifier(first)})`;
  return { insert, update };
}

/** One statement, prepared by name (it runs in every deposit's success). */
const standalone = firstDepositSql('', 'first');
const firstDeposit = namedSql(
  'payops_first_deposit',
  sql`WITH first AS (${standalone.insert}) ${standalone.update}`,
);

/** The statement's values for a deposit that made a member's first deposit, or none. */
function firstDepositOf(event: OrderFinal) {
  if (event.family !== 'deposit' || event.order.status !== 'success') return undefined;
  const o = event.order;
  if (!o.memberAccount) return undefined;
  return {
    merchantId: o.merchantId,
    account: o.memberAccount,
    orderId: o.id,
    orderNo: o.orderNo,
    passageId: o.passageId,
    payType: o.payType,
    amount: o.amount,
    createdAt: o.createdAt,
    at: event.at,
  };
}

export async function recordFirstDeposit(tx: Tx, event: OrderFinal): Promise<void> {
  const values = firstDepositOf(event);
  if (values) await firstDeposit.arrays(clientOf(tx), values);
}

/** recordFirstDeposit's writes as parts of the transition's one statement (gated on its change). */
export const saidFirstDeposit: SaidOrderFinal = (event) => {
  const values = firstDepositOf(event);
  if (!values) return [];
  return [
    {
      key: 'firstDeposit',
      ctes: () => {
        const { insert, update } = firstDepositSql('fd_', 'first_deposit', 'upd');
        return [sql`first_deposit AS (${insert})`, sql`first_deposit_member AS (${update})`];
      },
      values: Object.fromEntries(Object.entries(values).map(([k, v]) => [`fd_${k}`, v])),
    },
  ];
};
