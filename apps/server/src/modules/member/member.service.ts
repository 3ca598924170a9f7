/**
 * Members: credit points through the ledger
 * (points are a PTS account against the platform's points account, so every change is a posting),
 * the list's ledger-backed fields, and the payment-account switches the risk pages reuse.
 */
import { ErrorCode, type Locale } from '@payops/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import {
  balanceColumn,
  balancesOf,
  dec,
  ensureAccount,
  LedgerError,
  ledgerAppError,
  POINTS_CURRENCY,
  platformAccount,
  postEntry,
  type Tx,
} from '../../platform/ledger/index.ts';
import { memberPaymentAccounts, members } from './schema.ts';

export interface PointsChange {
  id: number;
  /** Signed whole points, as a decimal string. */
  points: string;
  reason: string;
}

/** Adds or takes credit points; a member's points never go below zero (the ledger's guard). */
export async function adjustPoints(
  ctx: AppContext,
  tx: Tx,
  change: PointsChange,
  operatorId: number,
  locale: Locale,
) {
  const [member] = await tx.select().from(members).where(eq(members.id, change.id));
  if (!member) throw new AppError(ErrorCode.notFound);
  const account = await ensureAccount(tx, {
    ownerType: 'member',
    ownerId: member.id,
    ownerCode: member.account,
    merchantId: member.merchantId,
    currency: POINTS_CURRENCY,
  });
  const pool = await platformAccount(tx, 'points', POINTS_CURRENCY, `member_points:${member.account}`);
  const points = dec(change.points);
  try {
    await postEntry(tx, {
      kind: 'points',
      refType: 'member_points',
      refId: member.account,
      // A manual change has no order behind it: each request is its own event (a retried request is
      // caught by its Idempotency-Key before it gets here).
      event: `adjust:${crypto.randomUUID()}`,
      operatorId,
      note: change.reason,
      at: ctx.clock.now(),
      legs: [
        { accountId: account.id, amount: points.toFixed() },
        { accountId: pool.id, amount: points.times(dec('-1')).toFixed() },
      ],
    });
  } catch (e) {
    if (e instanceof LedgerError) throw ledgerAppError(e, locale, 'points');
    throw e;
  }
  const [after] = await tx.select().from(members).where(eq(members.id, member.id));
  const balance = await balancesOf(tx, 'member', [member.id], POINTS_CURRENCY);
  return {
    account: after!.account,
    before: account.available,
    after: balance.get(member.id)?.available ?? '0',
  };
}

/** The list's ledger-backed fields, read with the page in the same statement (registerCrud `computed`). */
export const memberBalances = {
  available: balanceColumn('member', members.id),
  creditPoints: balanceColumn('member', members.id, POINTS_CURRENCY),
};

/**
 * Switches a flag of payment accounts (enabled, blacklisted): member/memberPaymentList's row actions.
 * A withdrawal to an account so flagged is refused (payment-accounts.ts); the risk pages' card black
 * list (financeRisk/blackCard) is checked separately, for any member's withdrawals.
 */
export async function setPaymentAccountFlag(
  db: AppContext['db'] | Tx,
  ids: readonly number[],
  flag: 'enabled' | 'blacklisted',
  value: boolean,
  at: Date,
) {
  const rows = await db
    .update(memberPaymentAccounts)
    .set({ [flag]: value, updatedAt: at })
    .where(inArray(memberPaymentAccounts.id, [...ids]))
    .returning({ id: memberPaymentAccounts.id, memberAccount: memberPaymentAccounts.memberAccount });
  if (rows.length === 0) throw new AppError(ErrorCode.notFound);
  return rows;
}
