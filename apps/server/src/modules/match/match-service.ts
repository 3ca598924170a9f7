/**
 * The matched (P2P) orders' entry points, for the merchant API, the console routes, jobs and other
 * modules. Stable functions for the email orders (branch h/email):
 *
 *   findMatchCandidates(db, { payeeAccountNo, amount, from, to, statuses? }): Match[]
 *     the open matches paid into that payee account for exactly that amount, created in [from, to]
 *     (default statuses: payer_paid and matched), oldest first: what a bank email can confirm.
 *   confirmMatchByEmail(ctx, tx, matchId, emailOrderId, actor?): TransitionOutcome
 *     the match's `confirmEmail` transition (payer_paid -> confirmed, confirmedBy 'email',
 *     emailOrderId kept) in the caller's transaction: settles both sides in it, closes the orders.
 *     Throws an AppError (409 "is no longer ...") when the match is not payer_paid (timed out,
 *     cancelled, confirmed already): the caller's transaction then rolls back whole.
 */
import {
  ErrorCode,
  findTransferMatchByPage,
  type Locale,
  type MatchState,
  systemText,
} from '@payops/contracts';
import { and, asc, between, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { fieldError, fieldIn, fieldsError } from '../../platform/errors.ts';
import { dec, type Executor, type Tx } from '../../platform/ledger/index.ts';
import { cachedSetting } from '../../platform/settings.ts';
import {
  type Actor,
  runSystemTransition,
  stateLabel,
  type TransitionOutcome,
} from '../../platform/transitions/index.ts';
import { insertDepositOrder } from '../order/create.ts';
import { depositOrders } from '../order/schema.ts';
import { enforce } from '../risk/check.ts';
import { mayPair, pairingRules } from '../risk/levels.pairing.ts';
import { type Match, matches, matchPool } from './match.schema.ts';
import { type MatchContext, matchDeposit, memberOf, ruleFor } from './match-engine.ts';
import { entryPayable, matchSettings } from './match-reads.ts';
import { writeMatch } from './match-write.ts';
import { decodeVoucher, storeVoucher } from './voucher.ts';

export interface CandidateQuery {
  payeeAccountNo: string;
  amount: string;
  from: Date;
  to: Date;
  statuses?: readonly MatchState[];
}

export function findMatchCandidates(db: Executor, q: CandidateQuery): Promise<Match[]> {
  return db
    .select()
    .from(matches)
    .where(
      and(
        eq(matches.payeeAccountNo, q.payeeAccountNo),
        eq(matches.amount, q.amount),
        inArray(matches.status, [...(q.statuses ?? ['payer_paid', 'matched'])]),
        between(matches.createdAt, q.from, q.to),
      ),
    )
    .orderBy(asc(matches.createdAt));
}

export function confirmMatchByEmail(
  ctx: AppContext,
  tx: Tx,
  matchId: number,
  emailOrderId: number,
  actor?: Actor,
): Promise<TransitionOutcome> {
  return runSystemTransition(ctx, findTransferMatchByPage, 'confirmEmail', matchId, {
    tx,
    values: { emailOrderId },
    ...(actor ? { actor } : {}),
    reason: systemText('emailOrder', emailOrderId),
  });
}

const text = {
  noMember: { 'zh-CN': '会员不存在', 'en-US': 'is not a member of this merchant' },
  frozen: { 'zh-CN': '会员已冻结，不能撮合', 'en-US': 'is frozen and cannot be matched' },
  payeeHeld: {
    'zh-CN': '该提现的商户已冻结或会员/商户处于撮合或提现冻结中，暂不能撮合',
    'en-US':
      "cannot be paid now: the withdrawal's merchant is frozen, or its member or merchant has a matching or withdrawal freeze",
  },
  notWaiting: {
    'zh-CN': '不是待撮合的撮合充值订单',
    'en-US': 'is not a matched deposit waiting for a match',
  },
  poolShort: { 'zh-CN': '撮合池剩余金额不足', 'en-US': 'has less left in the pool than the deposit' },
  noMatch: { 'zh-CN': '不存在', 'en-US': 'was not found' },
  levels: {
    'zh-CN': '双方会员等级按等级规则不能撮合',
    'en-US': "cannot be paired: the members' levels may not match each other",
  },
  noLonger: {
    'zh-CN': (from: string, now: string) => `已不是「${from}」状态（当前：${now}）`,
    'en-US': (from: string, now: string) => `is no longer ${from} (now: ${now})`,
  },
} as const;

/** The member behind a matched order: must exist at the merchant and not be frozen. */
export async function activeMember(
  db: Executor,
  merchantId: number,
  account: string,
  locale: Locale,
  field = 'memberAccount',
) {
  const member = await memberOf(db, merchantId, account);
  if (!member) throw fieldIn(field, text.noMember, locale);
  if (member.status !== 'normal') throw fieldIn(field, text.frozen, locale);
  return member;
}

/** The lifecycle's own refusal (409, "is no longer Matched (now: Timed out)") for a match not matched. */
function notMatched(current: string, locale: Locale): never {
  const label = (s: string, l: Locale) => stateLabel(findTransferMatchByPage, s, l);
  throw fieldsError(
    (l) => [{ field: 'status', message: text.noLonger[l](label('matched', l), label(current, l)) }],
    locale,
    { status: current },
    ErrorCode.conflict,
  );
}

export interface MatchedDepositInput {
  merchantId: number;
  mchOrderNo: string;
  amount: string;
  memberAccount: string;
  payerName?: string;
  notifyUrl?: string;
  remark?: string;
  clientIp: string;
}

/**
 * A matched deposit, created and matched in ONE transaction: either it is matched (pending payment,
 * with its pieces) or it waits (created) for a later withdrawal or an operator's manual match.
 */
export async function createMatchedDeposit(ctx: AppContext, input: MatchedDepositInput, locale: Locale) {
  return ctx.db.transaction(async (tx) => {
    // The risk check in this transaction: a block throws RiskBlocked (the caller logs it), and the
    // day's sums stay locked until this deposit is in them.
    await enforce(ctx, tx, {
      direction: 'match',
      family: 'match',
      merchantId: input.merchantId,
      memberAccount: input.memberAccount,
      realName: input.payerName ?? null,
      ip: input.clientIp,
      depositAmount: input.amount,
    });
    const now = ctx.clock.now();
    const payer = await activeMember(tx, input.merchantId, input.memberAccount, locale);
    const { order, created } = await insertDepositOrder(
      tx,
      { ...input, payType: 'bank_card', family: 'match', now },
      await cachedSetting(ctx, 'orderTimeoutMinutes', tx),
    );
    if (!created) return { order, pieces: await piecesOf(tx, order.id) };
    const m: MatchContext = {
      deposit: order,
      payer,
      now,
      ...(input.payerName ? { payerName: input.payerName } : {}),
    };
    // The statement that matched it answers the deposit and its pieces (no reading them back).
    const found = await matchDeposit(ctx, tx, m);
    return 'matches' in found
      ? { order: found.order, pieces: found.matches }
      : { order, pieces: [] as Match[] };
  });
}

export function piecesOf(db: Executor, depositOrderId: number) {
  return db.select().from(matches).where(eq(matches.depositOrderId, depositOrderId)).orderBy(asc(matches.id));
}

/** One of the merchant's matches by number: as the payer's merchant (voucher) or the payee's (confirm). */
export async function matchOfMerchant(
  db: Executor,
  merchantId: number,
  matchNo: string,
  side: 'payer' | 'payee',
) {
  const [m] = await db
    .select()
    .from(matches)
    .where(
      and(
        eq(matches.matchNo, matchNo),
        eq(side === 'payer' ? matches.depositMerchantId : matches.withdrawMerchantId, merchantId),
      ),
    );
  return m;
}

/**
 * The payer's voucher for one match: checked (type by magic bytes, size) before anything is stored,
 * stored content-addressed, then the match's `pay` transition with the file's hash, type and size and
 * the receiver's deadline (the rule's time to confirm).
 */
export async function uploadVoucher(ctx: AppContext, match: Match, base64: string, locale: Locale) {
  const checked = decodeVoucher(base64, locale);
  // Refused before the file is stored, the way the transition would refuse it.
  if (match.status !== 'matched') notMatched(match.status, locale);
  const v = await storeVoucher(ctx.config.dataDir, checked);
  const rule = await ruleFor(ctx.db, match.amount);
  const now = ctx.clock.now();
  return runSystemTransition(ctx, findTransferMatchByPage, 'pay', match.id, {
    values: {
      voucherHash: v.hash,
      voucherType: v.type,
      voucherSize: v.size,
      deadline: new Date(now.getTime() + (rule?.confirmMinutes ?? 30) * 60_000),
    },
  });
}

/**
 * An operator's manual match: the whole of a waiting matched deposit into one pool entry, proposed
 * (the amount is taken from the pool at once, so nothing else can match it) until a second operator
 * approves it (`approveMatch`) or declines it (`declineMatch`: the amount returns).
 */
export async function proposeManualMatch(
  ctx: AppContext,
  tx: Tx,
  input: { depositOrderNo: string; poolId: number },
  actor: Actor,
): Promise<number> {
  const locale = actor.locale;
  const [d] = await tx
    .select()
    .from(depositOrders)
    .where(eq(depositOrders.orderNo, input.depositOrderNo))
    .for('update');
  if (d?.family !== 'match' || d.status !== 'created')
    throw fieldError('depositOrderNo', text.notWaiting[locale]);
  const [entry] = await tx.select().from(matchPool).where(eq(matchPool.id, input.poolId)).for('update');
  if (!entry) throw fieldError('poolId', text.noMatch[locale]);
  const payer = await activeMember(tx, d.merchantId, d.memberAccount, locale, 'depositOrderNo');
  const payee = await activeMember(tx, entry.merchantId, entry.memberAccount, locale, 'poolId');
  // An operator matches by hand only what the level rules allow (the engine's rule, risk levels).
  if (!mayPair(await pairingRules(ctx, tx), payer, payee)) throw fieldError('poolId', text.levels[locale]);
  if (dec(entry.remaining).lt(dec(d.amount))) throw fieldError('poolId', text.poolShort[locale]);
  const now = ctx.clock.now();
  if (!(await entryPayable(tx, entry.id, now))) throw fieldError('poolId', text.payeeHeld[locale]);
  // The payer's time: the merchant's match timeout, else the rule's (as the engine's matches).
  const { payMinutes } = await matchSettings(tx, d.merchantId, d.amount);
  const piece = {
    poolId: entry.id,
    take: d.amount,
    fee: d.fee,
    deadline: new Date(now.getTime() + (payMinutes ?? 15) * 60_000),
    proposedBy: actor.operatorId,
  };
  const { matches: written } = await writeMatch(tx, { deposit: d, payer, now }, [piece], actor);
  return written[0]!.id;
}
