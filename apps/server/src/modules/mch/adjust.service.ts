/**
 * Merchant balance adjustments with maker-checker (security.md, "Money"; ASVS 2.3.5). An adjustment
 * at or below the approval threshold is executed at once; above it, it waits as `pending` until a
 * different operator approves it. Approval is a guarded UPDATE (status = 'pending' AND maker <> me) in
 * the same transaction as the ledger entry, so the money moves exactly once, or not at all.
 */
import { ErrorCode, type Locale } from '@payops/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import {
  dec,
  ensureAccount,
  findAccount,
  LedgerError,
  type LegInput,
  ledgerAppError,
  platformAccount,
  postEntry,
  type Tx,
} from '../../platform/ledger/index.ts';
import { type AdjustType, merchantAdjustments, merchants } from './schema.ts';

export type Adjustment = typeof merchantAdjustments.$inferSelect;

export interface AdjustRequest {
  id: number;
  type: AdjustType;
  amount: string;
  reason: string;
}

export interface Actor {
  operatorId: number;
  username: string;
  locale: Locale;
}

const text = {
  selfApprove: {
    'zh-CN': '发起人不能复核自己的调账申请',
    'en-US': 'the maker cannot approve their own request',
  },
  positive: { 'zh-CN': '须大于0', 'en-US': 'must be greater than 0' },
} as const;

export interface Balances {
  available: string;
  frozen: string;
}

async function balancesOf(tx: Tx, merchantId: number): Promise<Balances> {
  const account = await findAccount(tx, { ownerType: 'merchant', ownerId: merchantId });
  return { available: account?.available ?? '0', frozen: account?.frozen ?? '0' };
}

/** The legs of an adjustment: credits and debits against the platform's adjustment account. */
async function legsOf(tx: Tx, adj: Adjustment): Promise<LegInput[]> {
  const account = await ensureAccount(tx, {
    ownerType: 'merchant',
    ownerId: adj.merchantId,
    ownerCode: adj.mchNo,
    merchantId: adj.merchantId,
  });
  const x = adj.amount;
  const neg = `-${x}`;
  if (adj.type === 'freeze') return [{ accountId: account.id, amount: neg, frozenAmount: x }];
  if (adj.type === 'unfreeze') return [{ accountId: account.id, amount: x, frozenAmount: neg }];
  // The contra shard of this adjustment, so adjustments of different merchants do not queue on one row.
  const contra = await platformAccount(tx, 'adjustments', 'CNY', `merchant_adjustment:ADJ${adj.id}`);
  const credit = adj.type === 'credit';
  return [
    { accountId: account.id, amount: credit ? x : neg },
    { accountId: contra.id, amount: credit ? neg : x },
  ];
}

async function execute(ctx: AppContext, tx: Tx, adj: Adjustment, actor: Actor): Promise<number> {
  try {
    const { entryId } = await postEntry(tx, {
      kind: adj.type === 'credit' || adj.type === 'debit' ? `adjust_${adj.type}` : adj.type,
      refType: 'merchant_adjustment',
      refId: `ADJ${adj.id}`,
      operatorId: actor.operatorId,
      note: adj.reason,
      at: ctx.clock.now(),
      legs: await legsOf(tx, adj),
    });
    await tx.update(merchantAdjustments).set({ entryId }).where(eq(merchantAdjustments.id, adj.id));
    return entryId;
  } catch (e) {
    if (e instanceof LedgerError) throw ledgerAppError(e, actor.locale);
    throw e;
  }
}

export interface AdjustOutcome {
  adjustment: Adjustment;
  balances: Balances;
  before: Balances;
}

/** Records an adjustment and executes it unless it is above the approval threshold. */
export async function requestAdjustment(
  ctx: AppContext,
  tx: Tx,
  body: AdjustRequest,
  actor: Actor,
  /** Read before the transaction: a setting read on another connection inside it could starve the pool. */
  threshold: string,
): Promise<AdjustOutcome> {
  const amount = dec(body.amount);
  if (amount.lte(dec('0'))) throw fieldError('amount', text.positive[actor.locale]);
  const [merchant] = await tx.select().from(merchants).where(eq(merchants.id, body.id));
  if (!merchant) throw new AppError(ErrorCode.notFound);
  const needsApproval = amount.gt(dec(threshold));
  const before = await balancesOf(tx, merchant.id);
  const [adj] = await tx
    .insert(merchantAdjustments)
    .values({
      merchantId: merchant.id,
      mchNo: merchant.mchNo,
      type: body.type,
      amount: body.amount,
      reason: body.reason,
      status: needsApproval ? 'pending' : 'executed',
      makerId: actor.operatorId,
      makerName: actor.username,
      createdAt: ctx.clock.now(),
      decidedAt: needsApproval ? null : ctx.clock.now(),
    })
    .returning();
  let adjustment = adj!;
  if (!needsApproval) adjustment = { ...adjustment, entryId: await execute(ctx, tx, adjustment, actor) };
  return { adjustment, before, balances: await balancesOf(tx, merchant.id) };
}

/** Approves a pending adjustment: a different operator, once, and the money moves in the same step. */
export async function approveAdjustment(
  ctx: AppContext,
  tx: Tx,
  id: number,
  actor: Actor,
): Promise<AdjustOutcome> {
  const [claimed] = await tx
    .update(merchantAdjustments)
    .set({
      status: 'executed',
      checkerId: actor.operatorId,
      checkerName: actor.username,
      decidedAt: ctx.clock.now(),
    })
    .where(
      and(
        eq(merchantAdjustments.id, id),
        eq(merchantAdjustments.status, 'pending'),
        ne(merchantAdjustments.makerId, actor.operatorId),
      ),
    )
    .returning();
  if (!claimed) throw await refusal(tx, id, actor);
  const before = await balancesOf(tx, claimed.merchantId);
  const entryId = await execute(ctx, tx, claimed, actor);
  return { adjustment: { ...claimed, entryId }, before, balances: await balancesOf(tx, claimed.merchantId) };
}

export async function rejectAdjustment(
  ctx: AppContext,
  tx: Tx,
  id: number,
  actor: Actor,
): Promise<Adjustment> {
  const [row] = await tx
    .update(merchantAdjustments)
    .set({
      status: 'rejected',
      checkerId: actor.operatorId,
      checkerName: actor.username,
      decidedAt: ctx.clock.now(),
    })
    .where(and(eq(merchantAdjustments.id, id), eq(merchantAdjustments.status, 'pending')))
    .returning();
  if (!row) throw await refusal(tx, id, actor);
  return row;
}

/** Why a guarded status change found no row: unknown, the maker's own request, or already decided. */
async function refusal(tx: Tx, id: number, actor: Actor): Promise<AppError> {
  const [row] = await tx.select().from(merchantAdjustments).where(eq(merchantAdjustments.id, id));
  if (!row) return new AppError(ErrorCode.notFound);
  if (row.status === 'pending' && row.makerId === actor.operatorId)
    return fieldError('id', text.selfApprove[actor.locale]);
  return new AppError(ErrorCode.conflict, { status: row.status });
}
