/**
 * The risk check of a bank email (issue 13, blackBlockEmailLog): the payer the email names, and the
 * member and merchant of the match it would confirm, go through the risk service's `checkEmailOrder`
 * (the deposit lists and freezes). A listed payer's email is stored `blocked` (reason riskBlocked,
 * the match kept for the operator to look at, never confirmed) with its block-log row, in the
 * email's transaction. An email no single match fits is checked against the platform-wide entries.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/ledger/index.ts';
import { type Blocked, checkAndLog, checkEmailOrder } from '../risk/hooks.ts';
import type { Notification } from './bank-templates.ts';
import type { EmailOrder, emailOrders } from './email.schema.ts';

type MatchSide = {
  merchantId: number;
  mchNo: string;
  orderNo: string;
  payerMember: string;
};

async function payerSide(tx: Tx, matchId: number): Promise<MatchSide | undefined> {
  const { rows } = await tx.execute<MatchSide>(sql`
    SELECT deposit_merchant_id AS "merchantId", deposit_mch_no AS "mchNo", deposit_order_no AS "orderNo",
           payer_member AS "payerMember"
      FROM matches WHERE id = ${matchId}`);
  return rows[0];
}

/**
 * Checks an email before it confirms anything: null when it may go on; otherwise the block, after
 * `store` wrote the refused order (null when its message was stored before).
 */
export async function emailBlocked(
  ctx: AppContext,
  tx: Tx,
  n: Pick<Notification, 'payerName'>,
  matchId: number | null,
  store: (values: Partial<typeof emailOrders.$inferInsert>) => Promise<EmailOrder | null>,
): Promise<Blocked | null> {
  const side = matchId === null ? undefined : await payerSide(tx, matchId);
  return checkEmailOrder(
    ctx,
    tx,
    {
      direction: 'deposit',
      family: 'match',
      merchantId: side?.merchantId ?? 0,
      memberAccount: side?.payerMember ?? null,
      realName: n.payerName,
    },
    { ...(side ? { mchNo: side.mchNo, orderNo: side.orderNo } : {}) },
    () => store({ status: 'blocked', reason: 'riskBlocked', matchId }),
  );
}

/**
 * An operator's bind of an unmatched email order to a match (or, `matchId` null, to a record whose
 * side the check does not look at: the payer alone, as for an email no match fits): the same check;
 * a block is logged (its own transaction, the bind's rolls back) and answered, so the caller refuses
 * the bind.
 */
export async function bindBlocked(
  ctx: AppContext,
  tx: Tx,
  order: Pick<EmailOrder, 'id' | 'payerName'>,
  matchId: number | null,
): Promise<Blocked | null> {
  const side = matchId === null ? undefined : await payerSide(tx, matchId);
  if (matchId !== null && !side) return null;
  return checkAndLog(
    ctx,
    {
      direction: 'deposit',
      family: 'match',
      merchantId: side?.merchantId ?? 0,
      memberAccount: side?.payerMember ?? null,
      realName: order.payerName,
    },
    {
      source: 'email',
      ...(side ? { mchNo: side.mchNo, orderNo: side.orderNo } : {}),
      emailOrderId: order.id,
    },
  );
}
