/**
 * The wallet's rules for a member's ad, applied when the wallet app posts it (postWalletAd), before
 * the market checks it as any ad (its pool rule's amounts, pay types, balance):
 * - a sell ad cashes coins out, so each pay type it offers must be on in withdrawTypePage, be one the
 *   member can be paid by (an enabled pay account or a fixed code on, wallet-payee.ts), and have an
 *   ad rule (virtualOrderConfigPage) that is on, whose minimum wallet level the member has, and whose
 *   daily limit the member's sell ads of the platform day (at the ad's price) leave room for. Offered
 *   pay types left out: the pool rule's that pass (none passing is refused). The rules' single limits
 *   bound each take in CNY at the ad's price, and the shortest payment window of them is the ad's.
 * - a sell split rule (sellSplitQuery) that is on and whose range holds the ad's value splits it:
 *   every take is at least the piece minimum and the value / max pieces (so at most max pieces takes,
 *   the last one what is left), and at most the piece maximum.
 * - a buy ad pays the fiat, so each pay type it offers must be on in payTypePage.
 * A sell ad's coins must cover its withdraw fee too (at its pay types' highest rate): the take holds both.
 * Take bounds are cut to cents of a coin (min up, max down), within the pool rule's and the ad's amount.
 */
import { type Locale, PAY_TYPE_LABELS, type TradeSide } from '@payops/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { platformDayStartSql } from '../../platform/clock.ts';
import type { AppContext } from '../../platform/context.ts';
import { fieldError, fillText } from '../../platform/errors.ts';
import { Dec, type Decimal, dec, decString, findAccount, type Tx } from '../../platform/ledger/index.ts';
import { type AdInput, adQuote, coinAmount, coinFee, shown, tradeAds } from '../trade/index.ts';
import type { WalletMember } from './wallet.schema.ts';
import {
  walletPayTypes,
  walletSellRules,
  walletSellSplits,
  walletWithdrawTypes,
} from './wallet-config.schema.ts';
import { payableTypes } from './wallet-payee.ts';
import { TYPE_OFF } from './wallet-trader.ts';

export interface WalletAdInput {
  poolId: number;
  side: TradeSide;
  /** Coins offered (sell) or wanted (buy). */
  amount: string;
  /** Comma list; default the pool rule's that the wallet allows. */
  payTypes?: string;
  minTake?: string;
  maxTake?: string;
  remark?: string;
}

const text = {
  withdrawOff: TYPE_OFF.seller,
  payOff: TYPE_OFF.buyer,
  noRule: { 'zh-CN': '没有开启的广告订单规则', 'en-US': 'has no ad order rule switched on' },
  noPayee: {
    'zh-CN': '没有该方式的收款账户或收款码',
    'en-US': 'has no pay account or payment code to be paid by',
  },
  level: {
    'zh-CN': '须钱包等级{level}及以上（当前{current}）',
    'en-US': 'needs wallet level {level} or above (level {current} now)',
  },
  daily: {
    'zh-CN': '超过广告订单规则的每日限额{limit}元（今日已挂{used}元）',
    'en-US': 'is over the ad rule daily limit of {limit} CNY ({used} CNY posted today)',
  },
  none: {
    'zh-CN': '没有钱包规则允许的收付款方式',
    'en-US': 'none of the pay types is allowed by the wallet rules',
  },
  belowMin: { 'zh-CN': '不能小于 {min}', 'en-US': 'must be at least {min}' },
  insufficient: {
    'zh-CN': '可用余额不足（含提现手续费共需 {need}）',
    'en-US': 'is more than the available balance (with the withdraw fee, {need} are needed)',
  },
  noPieces: {
    'zh-CN': '按钱包的广告订单与拆分规则，单笔最小{min}大于单笔最大{max}，无法成交',
    'en-US': 'cannot be taken: the wallet ad and split rules ask at least {min} but at most {max} per take',
  },
} as const;

type Refusal = {
  key: Exclude<keyof typeof text, 'none' | 'belowMin' | 'noPieces'>;
  values?: Record<string, string>;
};
type SellRule = typeof walletSellRules.$inferSelect;

const payTypeName = (payType: string, locale: Locale) =>
  (PAY_TYPE_LABELS as Record<string, readonly [string, string]>)[payType]?.[locale === 'en-US' ? 1 : 0] ??
  payType;

const maxOf = (values: Decimal[]) => values.reduce((a, b) => (b.gt(a) ? b : a));
const minOf = (values: Decimal[]) => values.reduce((a, b) => (b.lt(a) ? b : a));

/** The pay types switched on in payTypePage. */
async function openPayTypes(tx: Tx) {
  const t = walletPayTypes;
  const rows = await tx.select({ payType: t.payType }).from(t).where(eq(t.status, 'on'));
  return new Set<string>(rows.map((r) => r.payType));
}

/** The pay types switched on in withdrawTypePage, with their fee rates. */
async function openWithdrawTypes(tx: Tx) {
  const t = walletWithdrawTypes;
  const rows = await tx.select({ payType: t.payType, feeRate: t.feeRate }).from(t).where(eq(t.status, 'on'));
  return new Map<string, string>(rows.map((r) => [r.payType, r.feeRate]));
}

/**
 * A sell ad the member's coins could not pay out with the withdraw fee (at the highest rate of its pay
 * types) is refused when posted, not at its last take.
 */
async function checkCoversFee(
  tx: Tx,
  member: WalletMember,
  coins: { amount: string; currency: string },
  rates: string[],
  locale: Locale,
) {
  const { amount, currency } = coins;
  const rate = maxOf(rates.map((r) => dec(r)));
  const need = dec(amount).plus(dec(coinFee(amount, decString(rate))));
  const account = await findAccount(tx, { ownerType: 'wallet_member', ownerId: member.id, currency });
  if (dec(account?.available ?? '0').lt(need))
    throw fieldError('amount', fillText(text.insufficient[locale], { need: shown(decString(need)) }));
}

/** Coins of the member's sell ads posted in the platform day of `now`. */
async function sellCoinsToday(ctx: AppContext, tx: Tx, memberId: number, now: Date): Promise<string> {
  const a = tradeAds;
  const [row] = await tx
    .select({ coins: sql<string>`coalesce(sum(${a.amount}), 0)::text` })
    .from(a)
    .where(
      and(
        eq(a.ownerType, 'wallet_member'),
        eq(a.ownerId, memberId),
        eq(a.side, 'sell'),
        sql`${a.createdAt} >= ${platformDayStartSql(now.toISOString(), ctx.config.timeZone)}`,
      ),
    );
  return row?.coins ?? '0';
}

/**
 * The offered pay types that pass `judge` (undefined: passes). Named ones must all pass (the first
 * refusal names it); left out, the candidates that pass, refused when none does.
 */
function choose<T>(
  candidates: string[],
  named: boolean,
  judge: (payType: string) => { refusal: Refusal } | { ok: T },
  locale: Locale,
): Array<[string, T]> {
  const kept: Array<[string, T]> = [];
  for (const p of candidates) {
    const verdict = judge(p);
    if ('ok' in verdict) kept.push([p, verdict.ok]);
    else if (named) {
      const { key, values } = verdict.refusal;
      throw fieldError('payTypes', `${payTypeName(p, locale)}: ${fillText(text[key][locale], values ?? {})}`);
    }
  }
  if (!kept.length) throw fieldError('payTypes', text.none[locale]);
  return kept;
}

/** The ad rule a sell by this pay type goes under: on, for the pay type, and the member's level. */
function judgeSell(
  p: string,
  c: {
    withdrawOpen: Map<string, string>;
    payable: Set<string>;
    rules: SellRule[];
    level: number;
    postedFiat: Decimal;
    fiat: Decimal;
  },
): { refusal: Refusal } | { ok: SellRule } {
  if (!c.withdrawOpen.has(p)) return { refusal: { key: 'withdrawOff' } };
  if (!c.payable.has(p)) return { refusal: { key: 'noPayee' } };
  const forType = c.rules.filter((r) => r.payType === p);
  const rule = forType.find((r) => r.minLevel <= c.level);
  if (!rule) {
    if (!forType.length) return { refusal: { key: 'noRule' } };
    const level = String(Math.min(...forType.map((r) => r.minLevel)));
    return { refusal: { key: 'level', values: { level, current: String(c.level) } } };
  }
  if (c.postedFiat.plus(c.fiat).gt(dec(rule.dailyLimit)))
    return {
      refusal: {
        key: 'daily',
        values: { limit: shown(rule.dailyLimit), used: shown(decString(c.postedFiat.round(2))) },
      },
    };
  return { ok: rule };
}

/** The ad the wallet lets this member post, ready for the market's createAd (refused naming the field). */
export async function walletAdTerms(
  ctx: AppContext,
  tx: Tx,
  member: WalletMember,
  input: WalletAdInput,
  locale: Locale,
): Promise<AdInput> {
  const trader = { ownerType: 'wallet_member' as const, ownerId: member.id };
  const quote = await adQuote(tx, { trader, poolId: input.poolId, side: input.side }, locale);
  const amount = coinAmount(input.amount, quote.pool.currency, 'amount', locale);
  const candidates = (input.payTypes ?? quote.rule.payTypes).split(',').filter(Boolean);
  const named = input.payTypes !== undefined;
  const base = { ...input, trader, amount };
  if (input.side === 'buy') {
    const open = await openPayTypes(tx);
    const kept = choose(
      candidates,
      named,
      (p) => (open.has(p) ? { ok: p } : { refusal: { key: 'payOff' } }),
      locale,
    );
    return { ...base, payTypes: kept.map(([p]) => p).join(',') };
  }
  const price = dec(quote.price);
  const fiat = dec(amount).times(price);
  const withdrawOpen = await openWithdrawTypes(tx);
  const rules = await tx
    .select()
    .from(walletSellRules)
    .where(eq(walletSellRules.status, 'on'))
    .orderBy(asc(walletSellRules.id));
  const postedFiat = dec(await sellCoinsToday(ctx, tx, member.id, ctx.clock.now())).times(price);
  const payable = await payableTypes(tx, member.id);
  const context = { withdrawOpen, payable, rules, level: member.level, postedFiat, fiat };
  const kept = choose(candidates, named, (p) => judgeSell(p, context), locale);
  await checkCoversFee(
    tx,
    member,
    { amount, currency: quote.pool.currency },
    kept.map(([p]) => withdrawOpen.get(p)!),
    locale,
  );

  // The take bounds in CNY: every kept rule's single limits, and the split rule holding the value.
  const lows = kept.map(([, r]) => dec(r.singleMin));
  const highs = kept.map(([, r]) => dec(r.singleMax));
  const splits = await tx
    .select()
    .from(walletSellSplits)
    .where(eq(walletSellSplits.status, 'on'))
    .orderBy(asc(walletSellSplits.id));
  const split = splits.find((s) => fiat.gte(dec(s.fromAmount)) && fiat.lte(dec(s.toAmount)));
  if (split) {
    lows.push(dec(split.pieceMin), fiat.div(dec(String(split.maxPieces))));
    highs.push(dec(split.pieceMax));
  }
  const coinsAt = (cny: Decimal, rounding: Parameters<Decimal['round']>[1]) =>
    cny.div(price).round(2, rounding);
  const lowCoins = [coinsAt(maxOf(lows), Dec.roundUp), dec(quote.rule.minAmount)];
  const highCoins = [coinsAt(minOf(highs), Dec.roundDown), dec(quote.rule.maxAmount), dec(amount)];
  if (input.minTake) lowCoins.push(dec(input.minTake));
  if (input.maxTake) highCoins.push(dec(input.maxTake));
  const minTake = maxOf(lowCoins);
  const maxTake = minOf(highCoins);
  if (dec(amount).lt(minTake))
    throw fieldError('amount', fillText(text.belowMin[locale], { min: shown(decString(minTake)) }));
  if (minTake.gt(maxTake))
    throw fieldError(
      'amount',
      fillText(text.noPieces[locale], { min: shown(decString(minTake)), max: shown(decString(maxTake)) }),
    );
  return {
    ...base,
    payTypes: kept.map(([p]) => p).join(','),
    minTake: decString(minTake),
    maxTake: decString(maxTake),
    payMinutes: Math.min(...kept.map(([, r]) => r.payMinutes)),
  };
}
