/**
 * Merchant balance adjustments with maker-checker (security.md, "Money"; ASVS 2.3.5). An adjustment
 * at or below the approval threshold is executed at once; above it, it waits as `pending` until a
 * different operator approves or rejects it (mchAdjust's lifecycle; the transition registrar runs the
 * guarded status change and calls the effects below in the same transaction).
 *
 * The threshold also bounds what one operator executes alone: their own adjustments executed without a
 * checker in the last MAKER_WINDOW_HOURS count towards it, so splitting a large credit into pieces
 * below the threshold sends the piece that crosses it to a second operator (security.md, "Money").
 *
 * A pending debit or freeze holds its amount at request time (available -> frozen), so the money the
 * checker approves is still there: approval debits the frozen amount (a freeze is then complete),
 * rejection or expiry releases it. Every step is a ledger posting in the transaction of its step.
 */
import { ErrorCode, type LedgerKind } from '@payops/contracts';
import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
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
import type {
  Actor,
  EffectOutcome,
  TransitionHooks,
  TransitionStep,
} from '../../platform/transitions/index.ts';
import { type AdjustType, merchantAdjustments, merchants } from './schema.ts';

export type Adjustment = typeof merchantAdjustments.$inferSelect;

export interface AdjustRequest {
  id: number;
  type: AdjustType;
  amount: string;
  reason: string;
}

const text = {
  positive: { 'zh-CN': '须大于0', 'en-US': 'must be greater than 0' },
} as const;

/** The window in which an operator's unapproved adjustments add up against the threshold. */
export const MAKER_WINDOW_HOURS = 24;
/** Advisory lock namespace: one operator's requests decide their window one at a time. */
const MAKER_LOCK = 0x61646a; // 'adj'

/**
 * What the operator executed alone (no checker) in the window, any merchant, any type: taken under
 * a lock of theirs, so two requests at once cannot both see the window before the other.
 */
async function executedAlone(ctx: AppContext, tx: Tx, operatorId: number) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${MAKER_LOCK}, ${operatorId})`);
  const since = new Date(ctx.clock.nowMs() - MAKER_WINDOW_HOURS * 3_600_000);
  const [row] = await tx
    .select({ sum: sql<string>`coalesce(sum(${merchantAdjustments.amount}), 0)::text` })
    .from(merchantAdjustments)
    .where(
      and(
        eq(merchantAdjustments.makerId, operatorId),
        eq(merchantAdjustments.status, 'executed'),
        isNull(merchantAdjustments.checkerId),
        gte(merchantAdjustments.createdAt, since),
      ),
    );
  return dec(row?.sum ?? '0');
}

export interface Balances {
  available: string;
  frozen: string;
}

async function balancesOf(tx: Tx, merchantId: number): Promise<Balances> {
  const account = await findAccount(tx, { ownerType: 'merchant', ownerId: merchantId });
  return { available: account?.available ?? '0', frozen: account?.frozen ?? '0' };
}

const KIND: Record<AdjustType, LedgerKind> = {
  credit: 'adjust_credit',
  debit: 'adjust_debit',
  freeze: 'freeze',
  unfreeze: 'unfreeze',
};

/** Whether a pending request of this type holds its amount until it is decided. */
const holds = (type: AdjustType) => type === 'debit' || type === 'freeze';

type Step = 'execute' | 'hold' | 'debitHeld' | 'release';

/** The legs of one step; credits and debits go against the platform's adjustment account. */
async function legsOf(tx: Tx, adj: Adjustment, step: Step): Promise<LegInput[]> {
  const account = await ensureAccount(tx, {
    ownerType: 'merchant',
    ownerId: adj.merchantId,
    ownerCode: adj.mchNo,
    merchantId: adj.merchantId,
  });
  const x = adj.amount;
  const neg = `-${x}`;
  const own = account.id;
  if (step === 'hold' || (step === 'execute' && adj.type === 'freeze'))
    return [{ accountId: own, amount: neg, frozenAmount: x }];
  if (step === 'release' || (step === 'execute' && adj.type === 'unfreeze'))
    return [{ accountId: own, amount: x, frozenAmount: neg }];
  // The contra shard of this adjustment, so adjustments of different merchants do not queue on one row.
  const contra = (await platformAccount(tx, 'adjustments', 'CNY', `merchant_adjustment:ADJ${adj.id}`)).id;
  if (step === 'debitHeld')
    return [
      { accountId: own, frozenAmount: neg },
      { accountId: contra, amount: x },
    ];
  const credit = adj.type === 'credit';
  return [
    { accountId: own, amount: credit ? x : neg },
    { accountId: contra, amount: credit ? neg : x },
  ];
}

const STEP_KIND: Record<Exclude<Step, 'execute'>, LedgerKind> = {
  hold: 'freeze',
  debitHeld: 'adjust_debit',
  release: 'unfreeze',
};

async function post(ctx: AppContext, tx: Tx, adj: Adjustment, step: Step, actor: Actor): Promise<number> {
  try {
    const { entryId } = await postEntry(tx, {
      kind: step === 'execute' ? KIND[adj.type] : STEP_KIND[step],
      // One business event per step: an adjustment posts at most hold + (debitHeld | release), or execute.
      event: step,
      refType: 'merchant_adjustment',
      refId: `ADJ${adj.id}`,
      operatorId: actor.operatorId,
      note: adj.reason,
      at: ctx.clock.now(),
      legs: await legsOf(tx, adj, step),
    });
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

/**
 * Records an adjustment and executes it unless it is above the approval threshold; a pending debit
 * or freeze holds its amount now (refused like the debit itself when the balance is short).
 */
export async function requestAdjustment(
  ctx: AppContext,
  tx: Tx,
  body: AdjustRequest,
  actor: Actor & { operatorId: number },
  /** Read before the transaction: a setting read on another connection inside it could starve the pool. */
  threshold: string,
): Promise<AdjustOutcome> {
  const amount = dec(body.amount);
  if (amount.lte(dec('0'))) throw fieldError('amount', text.positive[actor.locale]);
  const [merchant] = await tx.select().from(merchants).where(eq(merchants.id, body.id));
  if (!merchant) throw new AppError(ErrorCode.notFound);
  const alone = await executedAlone(ctx, tx, actor.operatorId);
  const needsApproval = alone.plus(amount).gt(dec(threshold));
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
  const set: Partial<Adjustment> = {};
  if (!needsApproval) set.entryId = await post(ctx, tx, adjustment, 'execute', actor);
  else if (holds(adjustment.type)) set.holdEntryId = await post(ctx, tx, adjustment, 'hold', actor);
  if (Object.keys(set).length) {
    await tx.update(merchantAdjustments).set(set).where(eq(merchantAdjustments.id, adjustment.id));
    adjustment = { ...adjustment, ...set };
  }
  return { adjustment, before, balances: await balancesOf(tx, merchant.id) };
}

export interface DecisionResult {
  mchNo: string;
  entryId: number | null;
  available: string;
  frozen: string;
}

/** After a decision: what the answer and the audit row show. */
async function decided(tx: Tx, adj: Adjustment, entryId: number | null, before: Balances) {
  const after = await balancesOf(tx, adj.merchantId);
  return {
    result: { mchNo: adj.mchNo, entryId, ...after },
    extra: {
      mchNo: adj.mchNo,
      type: adj.type,
      amount: adj.amount,
      entryId,
      balancesBefore: before,
      balancesAfter: after,
    },
  } satisfies EffectOutcome<DecisionResult>;
}

/** Approving: the held amount is debited (a held freeze is already done), anything else executes now. */
async function approveEffect(ctx: AppContext, step: TransitionStep) {
  const adj = step.after as unknown as Adjustment;
  const before = await balancesOf(step.tx, adj.merchantId);
  let entryId: number;
  if (adj.holdEntryId !== null && adj.type === 'freeze') entryId = adj.holdEntryId;
  else
    entryId = await post(ctx, step.tx, adj, adj.holdEntryId !== null ? 'debitHeld' : 'execute', step.actor);
  await step.tx.update(merchantAdjustments).set({ entryId }).where(eq(merchantAdjustments.id, adj.id));
  return decided(step.tx, adj, entryId, before);
}

/** Rejecting or expiring: a held amount goes back to available; nothing else moves. */
async function releaseEffect(ctx: AppContext, step: TransitionStep) {
  const adj = step.after as unknown as Adjustment;
  const before = await balancesOf(step.tx, adj.merchantId);
  const entryId = adj.holdEntryId !== null ? await post(ctx, step.tx, adj, 'release', step.actor) : null;
  return decided(step.tx, adj, entryId, before);
}

/** mchAdjust's transitions: who decided and when, and the money each decision moves. */
export function adjustHooks(ctx: AppContext): Record<string, TransitionHooks<DecisionResult>> {
  const decider = (s: { actor: Actor; now: Date; body: { reason?: string } }) => ({
    checkerId: s.actor.operatorId,
    checkerName: s.actor.username,
    decidedAt: s.now,
    decisionNote: s.body.reason ?? null,
  });
  return {
    approve: { set: decider, effect: (s) => approveEffect(ctx, s) },
    reject: { set: decider, effect: (s) => releaseEffect(ctx, s) },
    expire: { set: decider, effect: (s) => releaseEffect(ctx, s) },
  };
}

/** Requester and approver of the adjustments behind fund-log postings (refId `ADJ<id>`). */
export async function adjustmentParties(
  tx: Tx | AppContext['db'],
  refIds: readonly string[],
): Promise<Map<string, { requester: string; approver: string }>> {
  const ids = [...new Set(refIds.filter((r) => /^ADJ\d{1,15}$/.test(r)).map((r) => Number(r.slice(3))))];
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      id: merchantAdjustments.id,
      makerName: merchantAdjustments.makerName,
      checkerName: merchantAdjustments.checkerName,
      status: merchantAdjustments.status,
    })
    .from(merchantAdjustments)
    .where(inArray(merchantAdjustments.id, ids));
  return new Map(
    rows.map((r) => [
      `ADJ${r.id}`,
      // Below the threshold nobody else approved: the maker's own execution.
      { requester: r.makerName, approver: r.status === 'executed' ? (r.checkerName ?? '') : '' },
    ]),
  );
}
