/**
 * What a match's end does, in the transition's transaction:
 * - confirmed: ONE ledger entry settles both sides of the piece (ref `match:<matchNo>`, event
 *   `settle`): the withdrawing merchant's frozen amount -piece, the depositing merchant +(piece - its
 *   fee share), the platform's fee income +fee share. The payer paid the payee outside the platform,
 *   so nothing touches the settlement account.
 * - timeout / cancelled / unmatched: the piece returns to its pool entry (guarded: never above the
 *   withdrawal's amount).
 * Then both orders are closed when nothing of them is open any more: the deposit (success when any
 * piece was confirmed) and the withdrawal (success when its pool entry is empty and every piece
 * settled; its own fee is then debited from the frozen amount).
 * Locks: match row (the transition), then the pool row, the deposit row, the withdrawal row, always
 * in this order, as the engine does (pool rows, then the deposit): no deadlock between them.
 */
import { OPEN_MATCH_STATES, orderDepositList, orderTransferList, systemText } from '@payops/contracts';
import { truncateMoney } from '@payops/contracts/decimal';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { fieldIn, fieldsError } from '../../platform/errors.ts';
import {
  Dec,
  dec,
  decString,
  ensureAccount,
  isZero,
  LedgerError,
  type LegInput,
  ledgerAppError,
  platformAccount,
  postEntry,
  type Tx,
} from '../../platform/ledger/index.ts';
import type { Actor } from '../../platform/transitions/index.ts';
import { runSystemTransition } from '../../platform/transitions/index.ts';
import { depositOrders, type WithdrawOrder, withdrawOrders } from '../order/schema.ts';
import { type Match, matches, matchPool } from './match.schema.ts';

const merchantAccount = (tx: Tx, merchantId: number, mchNo: string) =>
  ensureAccount(tx, { ownerType: 'merchant', ownerId: merchantId, ownerCode: mchNo, merchantId });

/** Legs on one account add up (the same merchant on both sides): one leg per account. */
function merged(legs: LegInput[]): LegInput[] {
  const by = new Map<number, { amount: ReturnType<typeof dec>; frozen: ReturnType<typeof dec> }>();
  for (const l of legs) {
    const b = by.get(l.accountId) ?? { amount: dec('0'), frozen: dec('0') };
    by.set(l.accountId, {
      amount: b.amount.plus(dec(l.amount ?? '0')),
      frozen: b.frozen.plus(dec(l.frozenAmount ?? '0')),
    });
  }
  return [...by].map(([accountId, b]) => ({
    accountId,
    ...(isZero(b.amount) ? {} : { amount: decString(b.amount) }),
    ...(isZero(b.frozen) ? {} : { frozenAmount: decString(b.frozen) }),
  }));
}

async function post(tx: Tx, entry: Parameters<typeof postEntry>[1], actor: Actor): Promise<number> {
  try {
    return (await postEntry(tx, entry)).entryId;
  } catch (e) {
    if (e instanceof LedgerError) throw ledgerAppError(e, actor.locale, 'id');
    throw e;
  }
}

/** The piece's settlement entry (see the top); answers its id. */
export async function settlePiece(tx: Tx, m: Match, actor: Actor, at: Date): Promise<number> {
  const ref = `match:${m.matchNo}`;
  const net = decString(dec(m.amount).minus(dec(m.depositFee)));
  const legs: LegInput[] = [
    {
      accountId: (await merchantAccount(tx, m.withdrawMerchantId, m.withdrawMchNo)).id,
      frozenAmount: `-${m.amount}`,
    },
    { accountId: (await merchantAccount(tx, m.depositMerchantId, m.depositMchNo)).id, amount: net },
  ];
  if (!isZero(dec(m.depositFee)))
    legs.push({ accountId: (await platformAccount(tx, 'fees', 'CNY', ref)).id, amount: m.depositFee });
  const entryId = await post(
    tx,
    {
      kind: 'match',
      event: 'settle',
      refType: 'match',
      refId: m.matchNo,
      operatorId: actor.operatorId,
      at,
      legs: merged(legs),
    },
    actor,
  );
  await tx.update(matches).set({ entryId }).where(eq(matches.id, m.id));
  return entryId;
}

/** The piece goes back to its pool entry (the withdrawal waits for another payer). */
export async function returnToPool(tx: Tx, m: Match, at: Date): Promise<void> {
  const [back] = await tx
    .update(matchPool)
    .set({ remaining: sql`${matchPool.remaining} + ${m.amount}`, updatedAt: at })
    .where(and(eq(matchPool.id, m.poolId), sql`${matchPool.remaining} + ${m.amount} <= ${matchPool.amount}`))
    .returning({ id: matchPool.id });
  if (!back) throw new Error(`match ${m.matchNo}: pool entry ${m.poolId} cannot take ${m.amount} back`);
}

/** A matched withdrawal's entry (ref `withdraw_order:<orderNo>`): its end (`settle`) or release. */
function postOnWithdrawal(
  tx: Tx,
  w: WithdrawOrder,
  step: { kind: 'withdraw'; event: 'settle' } | { kind: 'unfreeze'; event: 'release' },
  legs: LegInput[],
  actor: Actor,
  at: Date,
): Promise<number> {
  const entry = { ...step, refType: 'withdraw_order', refId: w.orderNo, operatorId: actor.operatorId, at };
  return post(tx, { ...entry, legs }, actor);
}

const SETTLE = { kind: 'withdraw', event: 'settle' } as const;

const feesOf = (tx: Tx, w: WithdrawOrder) =>
  platformAccount(tx, 'fees', 'CNY', `withdraw_order:${w.orderNo}`);

/** A matched withdrawal's end: its own fee leaves the frozen balance for the fee income. */
export async function settleMatchedFee(
  tx: Tx,
  w: WithdrawOrder,
  actor: Actor,
  at: Date,
): Promise<number | null> {
  if (isZero(dec(w.fee))) return null;
  const legs = [
    { accountId: (await merchantAccount(tx, w.merchantId, w.mchNo)).id, frozenAmount: `-${w.fee}` },
    { accountId: (await feesOf(tx, w)).id, amount: w.fee },
  ];
  return postOnWithdrawal(tx, w, SETTLE, legs, actor, at);
}

const OPEN: readonly string[] = OPEN_MATCH_STATES;

/** The sum of a money column over pieces, as the ledger writes amounts. */
const sumOf = <K extends string>(rows: Record<K, string>[], key: K): string =>
  decString(rows.reduce((sum, r) => sum.plus(dec(r[key])), dec('0')));

/** Closes the deposit and the withdrawal of a match that just ended, when nothing of theirs is open. */
export async function closeOrders(ctx: AppContext, tx: Tx, m: Match): Promise<void> {
  // The deposit's row lock serialises its pieces' ends: the last one sees all the others committed.
  const [d] = await tx
    .execute<{ status: string; amount: string }>(
      sql`SELECT status, amount::text AS amount FROM ${depositOrders} WHERE id = ${m.depositOrderId} FOR UPDATE`,
    )
    .then((r) => r.rows);
  const pieces = await tx
    .select({ status: matches.status, amount: matches.amount, depositFee: matches.depositFee })
    .from(matches)
    .where(eq(matches.depositOrderId, m.depositOrderId));
  if (d && ['pending_payment', 'paid'].includes(d.status) && pieces.every((p) => !OPEN.includes(p.status))) {
    const confirmed = pieces.filter((p) => p.status === 'confirmed');
    const end =
      confirmed.length > 0
        ? 'matchSettled'
        : pieces.some((p) => p.status === 'timeout')
          ? 'matchExpired'
          : 'matchCancelled';
    // Some pieces paid, others not: the deposit succeeds for what its confirmed pieces credited (the
    // ledger's figures), so the callback, the API's answer and the reports say that, not the order.
    const partly = confirmed.length > 0 && confirmed.length < pieces.length;
    const settled = partly ? sumOf(confirmed, 'amount') : null;
    await runSystemTransition(ctx, orderDepositList, end, m.depositOrderId, {
      tx,
      values: {
        finishedAt: m.updatedAt,
        ...(settled ? { amount: settled, fee: sumOf(confirmed, 'depositFee') } : {}),
      },
      ...(settled
        ? { reason: systemText('partlySettled', `${truncateMoney(settled)} / ${truncateMoney(d.amount)}`) }
        : {}),
    });
  }
  const [w] = await tx
    .execute<{ status: string }>(
      sql`SELECT status FROM ${withdrawOrders} WHERE id = ${m.withdrawOrderId} FOR UPDATE`,
    )
    .then((r) => r.rows);
  if (w?.status !== 'matching') return;
  const [entry] = await tx
    .select({ remaining: matchPool.remaining })
    .from(matchPool)
    .where(eq(matchPool.id, m.poolId));
  if (!entry || !isZero(dec(entry.remaining))) return;
  const open = await tx
    .select({ id: matches.id })
    .from(matches)
    .where(
      and(eq(matches.withdrawOrderId, m.withdrawOrderId), inArray(matches.status, [...OPEN_MATCH_STATES])),
    )
    .limit(1);
  if (open.length === 0)
    await runSystemTransition(ctx, orderTransferList, 'matchSettled', m.withdrawOrderId, {
      tx,
      values: { finishedAt: m.updatedAt },
    });
}

const leaveText = {
  open: {
    'zh-CN': '仍有进行中的撮合，待其结束后再撤出',
    'en-US': 'has matches in progress: take it out of the pool once they end',
  },
  settled: {
    'zh-CN': (sum: string) => `已有确认的撮合（已结算 ${sum}），请使用"按已结算金额完成"`,
    'en-US': (sum: string) =>
      `has confirmed matches (${sum} settled): finish it with what was settled instead`,
  },
  nothing: {
    'zh-CN': '没有已确认的撮合，请使用"撤出撮合池"',
    'en-US': 'has no confirmed match: take it out of the pool instead',
  },
} as const;

/** What the withdrawal's confirmed matches settled. */
async function settledOf(tx: Tx, withdrawOrderId: number) {
  const [row] = await tx
    .select({ sum: sql<string>`coalesce(sum(${matches.amount}), 0)::text` })
    .from(matches)
    .where(and(eq(matches.withdrawOrderId, withdrawOrderId), eq(matches.status, 'confirmed')));
  return dec(row?.sum ?? '0');
}

/**
 * The pool entry of a withdrawal leaving the pool, locked and emptied, answering what was left in it;
 * refused while any of its matches is open (checked before the pool row is locked, and again under
 * it: the engine may have matched it meanwhile).
 */
async function emptyPoolEntry(tx: Tx, w: WithdrawOrder, actor: Actor, at: Date) {
  const openMatch = async () =>
    (
      await tx
        .select({ id: matches.id })
        .from(matches)
        .where(and(eq(matches.withdrawOrderId, w.id), inArray(matches.status, [...OPEN_MATCH_STATES])))
        .limit(1)
    ).length > 0;
  if (await openMatch()) throw fieldIn('id', leaveText.open, actor.locale);
  const [entry] = await tx.select().from(matchPool).where(eq(matchPool.withdrawOrderId, w.id)).for('update');
  if (await openMatch()) throw fieldIn('id', leaveText.open, actor.locale);
  if (entry)
    await tx.update(matchPool).set({ remaining: '0', updatedAt: at }).where(eq(matchPool.id, entry.id));
  return dec(entry?.remaining ?? w.amount);
}

/**
 * A partly settled matched withdrawal ends (its `finishPartly` effect): for what its confirmed matches
 * settled, its fee in proportion (to the cent); what was left in the pool and the rest of the fee
 * return to the merchant's balance, in ONE entry with the fee's income. The order then reads the
 * settled amount and the fee charged.
 */
export async function finishPartly(tx: Tx, w: WithdrawOrder, actor: Actor, at: Date) {
  const remaining = await emptyPoolEntry(tx, w, actor, at);
  const settled = await settledOf(tx, w.id);
  if (isZero(settled)) throw fieldIn('id', leaveText.nothing, actor.locale);
  const feeShare = dec(w.fee).times(settled).div(dec(w.amount)).round(2, Dec.roundHalfUp);
  const back = remaining.plus(dec(w.fee)).minus(feeShare);
  const legs: LegInput[] = [
    {
      accountId: (await merchantAccount(tx, w.merchantId, w.mchNo)).id,
      ...(isZero(back) ? {} : { amount: decString(back) }),
      frozenAmount: `-${decString(back.plus(feeShare))}`,
    },
  ];
  if (!isZero(feeShare)) legs.push({ accountId: (await feesOf(tx, w)).id, amount: decString(feeShare) });
  const entryId = await postOnWithdrawal(tx, w, SETTLE, legs, actor, at);
  await tx
    .update(withdrawOrders)
    .set({ amount: decString(settled), fee: decString(feeShare) })
    .where(eq(withdrawOrders.id, w.id));
  return { entryId, settled: decString(settled), fee: decString(feeShare), ordered: w.amount };
}

/**
 * A matched withdrawal leaves the pool (its `leavePool` effect): refused while any of its matches is
 * open (checked before the pool row is locked, and again under it: the engine may have matched it
 * meanwhile); then its remaining is emptied and what is still frozen for it, remaining + fee, returns
 * to the merchant's balance. Answers the entry that released it.
 */
export async function leavePool(tx: Tx, w: WithdrawOrder, actor: Actor, at: Date): Promise<number> {
  // A refusal below undoes the emptying with the transaction: an open match is said first.
  const remaining = await emptyPoolEntry(tx, w, actor, at);
  const settled = await settledOf(tx, w.id);
  if (!isZero(settled)) {
    const sum = truncateMoney(decString(settled));
    throw fieldsError((l) => [{ field: 'id', message: leaveText.settled[l](sum) }], actor.locale);
  }
  const held = decString(remaining.plus(dec(w.fee)));
  const account = await merchantAccount(tx, w.merchantId, w.mchNo);
  const legs = [{ accountId: account.id, amount: held, frozenAmount: `-${held}` }];
  return postOnWithdrawal(tx, w, { kind: 'unfreeze', event: 'release' }, legs, actor, at);
}
