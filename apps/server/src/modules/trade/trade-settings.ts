/**
 * What the market's settings say for one trade: the pool, the rule a trader trades under, the pool's
 * windows (tradeOrderTimeout, defaults without a row) and the price of a take.
 */
import { DEFAULT_TRADE_TIMEOUTS, type Locale, type TradeSide } from '@payops/contracts';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { fieldError } from '../../platform/errors.ts';
import { Dec, dec, decString, type Executor } from '../../platform/ledger/index.ts';
import { currentRate } from '../mockTrade/exchange-rates.ts';
import { type TradePool, type TradeRule, tradePools, tradeRules, tradeTimeouts } from './trade.schema.ts';
import type { Trader } from './traders.ts';

const text = {
  noPool: { 'zh-CN': '交易池不存在或已停用', 'en-US': 'no such pool, or it is disabled' },
  noRule: {
    'zh-CN': '该交易者不能在此交易池交易（无适用的交易规则）',
    'en-US': 'this trader may not trade in this pool (no rule applies)',
  },
  noRate: { 'zh-CN': '汇率表没有该币种的价格', 'en-US': 'the rate table has no price for this coin' },
} as const;

export async function enabledPool(
  db: Executor,
  poolId: number,
  locale: Locale,
  field = 'poolId',
): Promise<TradePool> {
  const [pool] = await db.select().from(tradePools).where(eq(tradePools.id, poolId));
  return usablePool(pool, locale, field);
}

/** The pool when it exists and is enabled; a 400 on `field` otherwise. */
export function usablePool(pool: TradePool | undefined, locale: Locale, field = 'poolId'): TradePool {
  if (!pool?.enabled) throw fieldError(field, text.noPool[locale]);
  return pool;
}

/**
 * The rule a trader trades under in a pool: the enabled rules for its type, its merchant's own before
 * one for every merchant, then the lowest id.
 */
export async function ruleOf(
  db: Executor,
  poolId: number,
  trader: Trader,
  locale: Locale,
  field: string,
): Promise<TradeRule> {
  const merchant =
    trader.merchantId === null
      ? isNull(tradeRules.merchantId)
      : or(isNull(tradeRules.merchantId), eq(tradeRules.merchantId, trader.merchantId));
  const [rule] = await db
    .select()
    .from(tradeRules)
    .where(
      and(
        eq(tradeRules.poolId, poolId),
        eq(tradeRules.traderType, trader.ownerType),
        eq(tradeRules.enabled, true),
        merchant,
      ),
    )
    .orderBy(sql`${tradeRules.merchantId} IS NULL`, asc(tradeRules.id))
    .limit(1);
  if (!rule) throw fieldError(field, text.noRule[locale]);
  return rule;
}

export interface TradeWindows {
  payMinutes: number;
  confirmMinutes: number;
  adHours: number;
}

export async function windowsOf(db: Executor, poolId: number): Promise<TradeWindows> {
  const [row] = await db.select().from(tradeTimeouts).where(eq(tradeTimeouts.poolId, poolId));
  return row ?? { ...DEFAULT_TRADE_TIMEOUTS };
}

export const minutesAfter = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000);

/**
 * The price of a take, fixed on the order: the pool's fixed price, or the rate table's rate with the
 * pool's spread. The taker of a sell ad buys: the BUY rate plus the spread; the taker of a buy ad
 * sells: the SELL rate minus it (the side a desk would quote). 4 decimals, half up.
 */
export async function priceOf(
  db: Executor,
  pool: TradePool,
  side: TradeSide,
  locale: Locale,
  merchantId?: number,
): Promise<string> {
  if (pool.priceSource === 'fixed' && pool.fixedPrice) return decString(dec(pool.fixedPrice));
  // `merchantId`: the ad's; the sandbox merchant's mock rates win for it (modules/mockTrade).
  const rate = await currentRate(db, pool.currency, pool.fiat, side === 'sell' ? 'BUY' : 'SELL', merchantId);
  if (!rate) throw fieldError('poolId', text.noRate[locale]);
  const factor = side === 'sell' ? dec('1').plus(dec(pool.spread)) : dec('1').minus(dec(pool.spread));
  return decString(dec(rate).times(factor).round(4, Dec.roundHalfUp));
}

/** The fiat the buyer pays for `amount` coins at `price`: 2 decimals, half up. */
export function fiatOf(amount: string, price: string): string {
  return decString(dec(amount).times(dec(price)).round(2, Dec.roundHalfUp));
}

/** A fee in coins: `amount` at `rate`, cut (never rounded up) to 8 decimals. */
export const coinFee = (amount: string, rate: string): string => decString(dec(amount).times(dec(rate)));

/** The platform's fee in coins: the pool's rate. */
export function feeOf(amount: string, pool: TradePool): string {
  return coinFee(amount, pool.feeRate);
}

/** Whether every pay type of `wanted` (comma list) is in `allowed` (comma list). */
export function payTypesWithin(wanted: string, allowed: string): boolean {
  const ok = new Set(allowed.split(','));
  return wanted.split(',').every((p) => ok.has(p));
}
