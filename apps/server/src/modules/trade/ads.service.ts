/**
 * Posting and cancelling ads, and traders' applications (stable API for the simulator and the
 * wallet; see index.ts). An ad is checked against its pool's rule for the trader (amounts, pay types,
 * advertiser approval, the large-ad threshold), the risk lists, and for a sell ad the seller's
 * available coins (the coins are frozen per take, not at posting: an ad is an offer).
 */
import {
  type ApplyKind,
  buyorderApplyPage,
  type Locale,
  sellorderApplyPage,
  type TradeSide,
  trade_buy_order_page,
  trade_sell_order_page,
} from '@payops/contracts';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { fieldError } from '../../platform/errors.ts';
import { dec, type Executor, findAccount, type Tx } from '../../platform/ledger/index.ts';
import { type Actor, runSystemTransition, type TransitionOutcome } from '../../platform/transitions/index.ts';
import { newRecordNo } from '../match/match-engine.ts';
import {
  type TradeAd,
  type TradeApplication,
  type TradeRule,
  tradeAds,
  tradeApplications,
} from './trade.schema.ts';
import { auditStep, coinAmount, inTx, notFound, reasonOf, shown, text } from './trade-common.ts';
import { ensureTrader } from './trade-members.ts';
import { enforceTrader, withRiskLog } from './trade-risk.ts';
import { enabledPool, payTypesWithin, priceOf, ruleOf, windowsOf } from './trade-settings.ts';
import { activeTrader, type Trader, type TraderRef } from './traders.ts';

/** The ads' definition of a side (its page, its transitions). */
export const adDef = (side: TradeSide) => (side === 'buy' ? trade_buy_order_page : trade_sell_order_page);

export interface AdInput {
  trader: TraderRef;
  poolId: number;
  side: TradeSide;
  /** Coins offered (sell) or wanted (buy), a decimal string. */
  amount: string;
  /** Per take; default the rule's min and the smaller of the rule's max and the amount. */
  minTake?: string;
  maxTake?: string;
  /** Comma list; default the rule's. */
  payTypes?: string;
  /** The ad's own payment window (minutes) for its takes; default the pool's. */
  payMinutes?: number;
  remark?: string;
}

/** Whether the trader has an application of this side, kind and state (an approved large one: at least `amount`). */
async function hasApplication(
  db: Executor,
  t: Trader,
  of: { side: TradeSide; kind: ApplyKind; status: 'pending' | 'approved'; amount?: string },
) {
  const [row] = await db
    .select({ id: tradeApplications.id })
    .from(tradeApplications)
    .where(
      and(
        eq(tradeApplications.ownerType, t.ownerType),
        eq(tradeApplications.ownerId, t.ownerId),
        eq(tradeApplications.side, of.side),
        eq(tradeApplications.kind, of.kind),
        eq(tradeApplications.status, of.status),
        of.amount === undefined ? undefined : gte(tradeApplications.amount, of.amount),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Whether an approved application lets this trader post (an advertiser), or this large an ad. */
const approved = (db: Executor, t: Trader, side: TradeSide, kind: ApplyKind, amount?: string) =>
  hasApplication(db, t, { side, kind, status: 'approved', ...(amount === undefined ? {} : { amount }) });

function inRange(value: string, rule: TradeRule, field: string, locale: Locale) {
  if (dec(value).lt(dec(rule.minAmount)))
    throw fieldError(field, text.belowMin[locale](shown(rule.minAmount)));
  if (dec(value).gt(dec(rule.maxAmount)))
    throw fieldError(field, text.aboveMax[locale](shown(rule.maxAmount)));
}

async function checkAd(tx: Tx, t: Trader, rule: TradeRule, input: AdInput, locale: Locale, currency: string) {
  const amount = coinAmount(input.amount, currency, 'amount', locale);
  const minTake = input.minTake ? coinAmount(input.minTake, currency, 'minTake', locale) : rule.minAmount;
  const maxTakeDefault = dec(amount).lt(dec(rule.maxAmount)) ? amount : rule.maxAmount;
  const maxTake = input.maxTake ? coinAmount(input.maxTake, currency, 'maxTake', locale) : maxTakeDefault;
  inRange(minTake, rule, 'minTake', locale);
  inRange(maxTake, rule, 'maxTake', locale);
  if (dec(maxTake).lt(dec(minTake))) throw fieldError('maxTake', text.minMax[locale]);
  if (dec(amount).lt(dec(minTake))) throw fieldError('amount', text.belowMin[locale](shown(minTake)));
  const payTypes = input.payTypes ?? rule.payTypes;
  if (!payTypesWithin(payTypes, rule.payTypes)) throw fieldError('payTypes', text.payType[locale]);
  if (rule.requireAdvertiser && !(await approved(tx, t, input.side, 'advertiser')))
    throw fieldError('trader', text.notAdvertiser[locale]);
  if (dec(amount).gt(dec(rule.largeAdAmount)) && !(await approved(tx, t, input.side, 'large_ad', amount)))
    throw fieldError('amount', text.largeAd[locale](shown(rule.largeAdAmount)));
  if (input.side === 'sell') {
    const account = await findAccount(tx, { ownerType: t.ownerType, ownerId: t.ownerId, currency });
    if (dec(account?.available ?? '0').lt(dec(amount))) throw fieldError('amount', text.insufficient[locale]);
  }
  return { amount, minTake, maxTake, payTypes };
}

/**
 * What an ad would be posted under, for a caller that shapes it first (the wallet's ad rules): the
 * pool, the trader's rule in it and the price its takes would get now. Refused as posting would be.
 */
export async function adQuote(db: Executor, of: Pick<AdInput, 'trader' | 'poolId' | 'side'>, locale: Locale) {
  const pool = await enabledPool(db, of.poolId, locale);
  const trader = await activeTrader(db, of.trader, locale, 'trader');
  const rule = await ruleOf(db, pool.id, trader, locale, 'trader');
  const price = await priceOf(db, pool, of.side, locale);
  return { pool, trader, rule, price };
}

/** Posts an ad (open, valid for the pool's ad hours). */
export function createAd(ctx: AppContext, input: AdInput, actor: Actor, tx?: Tx): Promise<TradeAd> {
  const locale = actor.locale;
  return withRiskLog(ctx, { merchantId: null, field: 'trader', locale }, () =>
    inTx(ctx, tx, async (tx) => {
      const now = ctx.clock.now();
      const pool = await enabledPool(tx, input.poolId, locale);
      const t = await activeTrader(tx, input.trader, locale, 'trader');
      const rule = await ruleOf(tx, pool.id, t, locale, 'trader');
      const checked = await checkAd(tx, t, rule, input, locale, pool.currency);
      await enforceTrader(ctx, tx, t);
      await ensureTrader(tx, t, now);
      const windows = await windowsOf(tx, pool.id);
      const [ad] = await tx
        .insert(tradeAds)
        .values({
          adNo: newRecordNo(input.side === 'buy' ? 'AB' : 'AS', now),
          side: input.side,
          poolId: pool.id,
          ruleId: rule.id,
          ownerType: t.ownerType,
          ownerId: t.ownerId,
          ownerCode: t.code,
          merchantId: t.merchantId,
          ...checked,
          remaining: checked.amount,
          remark: (input.remark ?? '').slice(0, 200),
          payMinutes: input.payMinutes ?? null,
          expiresAt: new Date(now.getTime() + windows.adHours * 3_600_000),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const def = adDef(input.side);
      await auditStep(tx, actor, now, {
        def,
        name: 'post',
        objectId: ad!.id,
        detail: { adNo: ad!.adNo, amount: ad!.amount, trader: t.code },
      });
      return ad!;
    }),
  );
}

export async function adById(db: Executor, adId: number): Promise<TradeAd | undefined> {
  const [ad] = await db.select().from(tradeAds).where(eq(tradeAds.id, adId));
  return ad;
}

/** Cancels an open ad (its owner through the market, or an operator): what is left can no longer be taken. */
export async function cancelAd(
  ctx: AppContext,
  adId: number,
  reason: string,
  actor: Actor,
  tx?: Tx,
): Promise<TransitionOutcome> {
  const ad = await adById(tx ?? ctx.db, adId);
  if (!ad) throw notFound('adId', actor.locale);
  return runSystemTransition(ctx, adDef(ad.side), 'cancel', adId, {
    reason: reasonOf(reason, actor.locale),
    actor,
    ...(tx ? { tx } : {}),
  });
}

/**
 * Closes an open ad when nothing is left and none of its orders is open any more; the caller holds
 * the ad's row lock (lockAd), so the last order to end sees all the others.
 */
export async function closeIfDone(ctx: AppContext, tx: Tx, ad: TradeAd): Promise<void> {
  if (ad.status !== 'open' || !dec(ad.remaining).eq(dec('0'))) return;
  const { rows } = await tx.execute(sql`
    SELECT 1 FROM trade_orders WHERE ad_id = ${ad.id} AND status IN ('matched', 'paid', 'disputed') LIMIT 1`);
  if (rows.length === 0) await runSystemTransition(ctx, adDef(ad.side), 'close', ad.id, { tx });
}

/** The ad's row, locked: taken before any ledger account (the take's order), so no deadlock. */
export async function lockAd(tx: Tx, adId: number): Promise<TradeAd> {
  const [ad] = await tx.select().from(tradeAds).where(eq(tradeAds.id, adId)).for('update');
  if (!ad) throw new Error(`trade ad ${adId} not found`);
  return ad;
}

export interface ApplyInput {
  trader: TraderRef;
  poolId: number;
  side: TradeSide;
  kind: ApplyKind;
  /** A large-ad application: the largest ad it asks for. */
  amount?: string;
  note?: string;
}

/** A trader applies to become an advertiser or to post large ads; an operator decides. */
export function applyFor(
  ctx: AppContext,
  input: ApplyInput,
  actor: Actor,
  tx?: Tx,
): Promise<TradeApplication> {
  const locale = actor.locale;
  return inTx(ctx, tx, async (tx) => {
    const now = ctx.clock.now();
    const pool = await enabledPool(tx, input.poolId, locale);
    const t = await activeTrader(tx, input.trader, locale, 'trader');
    await ruleOf(tx, pool.id, t, locale, 'trader');
    const amount =
      input.kind === 'large_ad' ? coinAmount(input.amount ?? '', pool.currency, 'amount', locale) : null;
    const pending = await hasApplication(tx, t, { side: input.side, kind: input.kind, status: 'pending' });
    if (pending) throw fieldError('kind', text.pendingApply[locale]);
    await ensureTrader(tx, t, now);
    const [row] = await tx
      .insert(tradeApplications)
      .values({
        applyNo: newRecordNo('TA', now),
        side: input.side,
        kind: input.kind,
        poolId: pool.id,
        ownerType: t.ownerType,
        ownerId: t.ownerId,
        ownerCode: t.code,
        merchantId: t.merchantId,
        amount,
        note: (input.note ?? '').slice(0, 200),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await auditStep(tx, actor, now, {
      def: input.side === 'buy' ? buyorderApplyPage : sellorderApplyPage,
      name: 'apply',
      objectId: row!.id,
      detail: { applyNo: row!.applyNo, kind: input.kind, trader: t.code },
    });
    return row!;
  });
}
