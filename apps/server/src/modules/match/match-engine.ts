/**
 * The matching engine: a waiting matched deposit is paid into one withdrawal's account (exact) or split
 * across several (split), in ONE transaction per deposit. Correctness first: the candidate pool rows
 * are locked `FOR UPDATE OF p SKIP LOCKED` (another instance's transaction matching the same group
 * skips them rather than waits), and each piece is taken by a guarded
 * `UPDATE match_pool SET remaining = remaining - $x WHERE id = $id AND remaining >= $x`, under a CHECK
 * (remaining >= 0): no withdrawal amount can ever be matched twice, whatever runs at the same time.
 *
 * Rules (contracts match-rules.ts): the first enabled rule whose range holds the deposit; the
 * depositing merchant's split settings (min split amount, max pieces, pool group); which members may
 * pair: the risk levels' rules (risk/levels.pairing.ts, open while no level is defined).
 */
import { randomInt } from 'node:crypto';
import { orderTransferList } from '@payops/contracts';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { Dec, dec, decString, type Executor, isZero, type Tx, ZERO } from '../../platform/ledger/index.ts';
import { runSystemTransition } from '../../platform/transitions/index.ts';
import type { DepositOrder, WithdrawOrder } from '../order/schema.ts';
import { pairableLevels, pairingRules } from '../risk/levels.pairing.ts';
import {
  type Match,
  type MatchMerchantConfig,
  type MatchRule,
  matchMerchantConfig,
  matchPool,
  matchRules,
} from './match.schema.ts';
import { type Candidate, candidates, matchSettings, memberRow } from './match-reads.ts';
import { writeMatch } from './match-write.ts';

/**
 * M + yyyyMMddHHmmss (UTC) + 10 random digits: hundreds of matches a second must not meet in the
 * unique index (with 6 digits, two of 300 in one second share a number about once in 20 seconds).
 */
export function newMatchNo(now: Date): string {
  return newRecordNo('M', now);
}

/** A record number of that form with another prefix (the trade market's ads, orders, applications). */
export function newRecordNo(prefix: string, now: Date): string {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const digits = `${String(randomInt(0, 100_000)).padStart(5, '0')}${String(randomInt(0, 100_000)).padStart(5, '0')}`;
  return `${prefix}${stamp}${digits}`;
}

/** A merchant's split and pool settings; without any, it matches its own orders only. */
export async function merchantMatchConfig(tx: Executor, merchantId: number) {
  const [c] = await tx
    .select()
    .from(matchMerchantConfig)
    .where(and(eq(matchMerchantConfig.merchantId, merchantId), eq(matchMerchantConfig.enabled, true)));
  return splitSettings(c, merchantId);
}

/** The settings in force: the merchant's enabled ones, else its own orders only, in one piece. */
function splitSettings(c: MatchMerchantConfig | undefined, merchantId: number) {
  return {
    poolGroup: c?.poolGroup ?? `mch:${merchantId}`,
    minSplitAmount: c?.minSplitAmount ?? '0.01',
    maxPieces: c?.maxPieces ?? 1,
    maxPoolAmount: c?.maxPoolAmount ?? null,
  } satisfies Pick<MatchMerchantConfig, 'poolGroup' | 'minSplitAmount' | 'maxPieces' | 'maxPoolAmount'>;
}

/** The rule for a deposit amount: the first enabled one (lowest id) whose range holds it. */
export async function ruleFor(tx: Executor, amount: string): Promise<MatchRule | undefined> {
  const [r] = await tx
    .select()
    .from(matchRules)
    .where(
      and(eq(matchRules.enabled, true), lte(matchRules.minAmount, amount), gte(matchRules.maxAmount, amount)),
    )
    .orderBy(asc(matchRules.id))
    .limit(1);
  return r;
}

export const memberOf = (tx: Executor, merchantId: number, account: string) =>
  memberRow(tx, merchantId, account);

/**
 * A matched withdrawal enters the pool with its whole amount (the withdrawal's `enterPool` effect, in
 * its transaction). The member and the payee account come from the order.
 */
export async function insertPoolEntry(tx: Tx, w: WithdrawOrder, now: Date): Promise<void> {
  const member = await memberOf(tx, w.merchantId, w.memberAccount);
  if (!member) throw new Error(`withdrawal ${w.orderNo}: member ${w.memberAccount} not found`);
  const config = await merchantMatchConfig(tx, w.merchantId);
  await tx
    .insert(matchPool)
    .values({
      withdrawOrderId: w.id,
      withdrawOrderNo: w.orderNo,
      merchantId: w.merchantId,
      mchNo: w.mchNo,
      poolGroup: config.poolGroup,
      memberId: member.id,
      memberAccount: w.memberAccount,
      matchLevel: member.matchLevel,
      payeeBank: w.bankName,
      payeeName: w.accountName,
      payeeAccountNo: w.accountNo,
      amount: w.amount,
      remaining: w.amount,
      enteredAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}

export interface MatchContext {
  deposit: DepositOrder;
  payer: { id: number; account: string; realName: string; level: number; matchLevel: number };
  payerName?: string;
  now: Date;
}

/** Why a deposit found no match (it keeps waiting: a later deposit or an operator's manual match). */
export type NoMatch = 'noRule' | 'noCandidate';

/**
 * The pieces: candidates in priority order, each taking what it can; every piece at least the min split
 * amount (unless it is the whole deposit) and never leaving less than that to cover; at most
 * `maxPieces`. Null when the candidates cannot cover the deposit.
 */
export function allocate(
  amount: string,
  candidates: readonly Candidate[],
  minSplit: string,
  maxPieces: number,
): { candidate: Candidate; take: string }[] | null {
  const min = dec(minSplit);
  let left = dec(amount);
  const pieces: { candidate: Candidate; take: string }[] = [];
  for (const c of candidates) {
    if (pieces.length === maxPieces || isZero(left)) break;
    const remaining = dec(c.remaining);
    let take = left.lt(remaining) ? left : remaining;
    const rest = left.minus(take);
    if (rest.gt(ZERO) && rest.lt(min)) take = left.minus(min);
    if (take.lte(ZERO) || (take.lt(left) && take.lt(min))) continue;
    pieces.push({ candidate: c, take: decString(take) });
    left = left.minus(take);
  }
  return isZero(left) ? pieces : null;
}

/** Each piece's share of the deposit's fee, cut to 2 decimals; the last takes the rest, so they add up. */
export function feeShares(fee: string, amount: string, takes: readonly string[]): string[] {
  let given = dec('0');
  return takes.map((take, i) => {
    const share =
      i === takes.length - 1
        ? dec(fee).minus(given)
        : dec(fee).times(dec(take)).div(dec(amount)).round(2, Dec.roundDown);
    given = given.plus(share);
    return decString(share);
  });
}

/**
 * Matches one waiting deposit (state `created`) inside `tx`: answers the new match ids, or why not.
 * On `noCandidate` nothing was written (the caller's transaction may still commit its own work).
 */
export async function matchDeposit(
  ctx: AppContext,
  tx: Tx,
  m: MatchContext,
): Promise<{ matchIds: number[]; order: DepositOrder; matches: Match[] } | { none: NoMatch }> {
  const d = m.deposit;
  // The rule and the merchant's split settings: one statement (match-reads.ts).
  const settings = await matchSettings(tx, d.merchantId, d.amount);
  const { rule } = settings;
  if (!rule) return { none: 'noRule' };
  // The risk levels' pairing rules (cached, not a query per match); null: no levels, open.
  const levels = pairableLevels(await pairingRules(ctx, tx), m.payer);
  if (levels && levels.match.length === 0) return { none: 'noCandidate' };
  const config = splitSettings(settings.config, d.merchantId);
  const maxPieces = rule.mode === 'exact' ? 1 : config.maxPieces;
  const rows = await candidates(tx, {
    poolGroup: config.poolGroup,
    now: m.now,
    oldest: new Date(m.now.getTime() - rule.maxWaitMinutes * 60_000),
    payerId: m.payer.id,
    levels,
    exact: rule.mode === 'exact',
    amount: d.amount,
    least: dec(d.amount).lt(dec(config.minSplitAmount)) ? d.amount : config.minSplitAmount,
    byAmount: rule.priority === 'amount',
    limit: maxPieces + 2,
  });
  const pieces = allocate(d.amount, rows, config.minSplitAmount, maxPieces);
  if (!pieces) return { none: 'noCandidate' };
  const fees = feeShares(
    d.fee,
    d.amount,
    pieces.map((p) => p.take),
  );
  const deadline = new Date(m.now.getTime() + (settings.payMinutes ?? rule.payMinutes) * 60_000);
  // The pieces and the deposit's `matchFound` in one statement (match-write.ts); the deposit then waits
  // for the payer, its own expiry gone (each match has its deadline).
  const written = await writeMatch(
    tx,
    m,
    pieces.map((p, i) => ({ poolId: p.candidate.id, take: p.take, fee: fees[i]!, deadline })),
  );
  return { matchIds: written.matches.map((x) => x.id), ...written };
}

/** The withdrawal's `approve`/`autoApprove` effect: a matched one goes straight into the pool. */
export async function poolIfMatched(ctx: AppContext, tx: Tx, w: { id: number; family: string }) {
  if (w.family === 'match') await runSystemTransition(ctx, orderTransferList, 'enterPool', w.id, { tx });
}
