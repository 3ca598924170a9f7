/**
 * Taking ads and moving trade orders through their lifecycle (stable API for the simulator and the
 * wallet; see index.ts). A take is ONE transaction: the ad's remaining amount is lowered by a guarded
 * `UPDATE trade_ads SET remaining = remaining - $x WHERE id = $id AND status = 'open' AND remaining
 * >= $x` (under the CHECK 0 <= remaining <= amount): of two takers racing for the last amount, the
 * second waits for the first's row lock, then matches no row and is refused (409, "more than the ad
 * has left"); then the child order (matched, pay deadline) and the seller's coins frozen.
 * Every later step is a transition of tradeOrderList (trade-hooks.ts: the ledger effects).
 */
import {
  type Locale,
  systemText,
  TRADE_PAY_TYPES,
  type TradePayType,
  tradeOrderList,
} from '@payops/contracts';
import { eq, sql } from 'drizzle-orm';
import { clientOf } from '../../db/named-statement.ts';
import type { AppContext } from '../../platform/context.ts';
import { fieldError } from '../../platform/errors.ts';
import { dec, type Executor, type Tx } from '../../platform/ledger/index.ts';
import { type Actor, runSystemTransition, type TransitionOutcome } from '../../platform/transitions/index.ts';
import { newRecordNo } from '../match/match-engine.ts';
import { decodeVoucher, storeVoucher } from '../match/voucher.ts';
import { adById } from './ads.service.ts';
import { orderContext, takeContext, takeInsert } from './take-statements.ts';
import { type TradeAd, type TradeOrder, tradeOrders } from './trade.schema.ts';
import { auditStep, coinAmount, conflict, inTx, notFound, reasonOf, shown, text } from './trade-common.ts';
import { freezeSeller } from './trade-ledger.ts';
import { enforceTrader, withRiskLog } from './trade-risk.ts';
import {
  feeOf,
  fiatOf,
  minutesAfter,
  payTypesWithin,
  priceOf,
  ruleOf,
  usablePool,
} from './trade-settings.ts';
import { activeTrader, checkTakeParties, type Trader, type TraderRef } from './traders.ts';

export interface TakeInput {
  adId: number;
  taker: TraderRef;
  /** Coins to take: all that is left (the ad taken whole) or a part of it (a child order). */
  amount: string;
  payType: TradePayType;
}

async function openOrdersOf(db: Executor, t: Trader): Promise<number> {
  const { rows } = await db.execute<{ n: string }>(sql`
    SELECT (SELECT count(*) FROM trade_orders WHERE buyer_type = ${t.ownerType} AND buyer_id = ${t.ownerId}
              AND status IN ('matched', 'paid', 'disputed'))
         + (SELECT count(*) FROM trade_orders WHERE seller_type = ${t.ownerType} AND seller_id = ${t.ownerId}
              AND status IN ('matched', 'paid', 'disputed')) AS n`);
  return Number(rows[0]!.n);
}

function checkTake(ad: TradeAd, t: Trader, input: TakeInput, amount: string, now: Date, locale: Locale) {
  if (ad.status !== 'open') throw conflict('adId', text.adClosed[locale]);
  if (ad.expiresAt <= now) throw conflict('adId', text.adExpired[locale]);
  if (ad.ownerType === t.ownerType && ad.ownerId === t.ownerId) throw fieldError('taker', text.ownAd[locale]);
  if (
    !(TRADE_PAY_TYPES as readonly string[]).includes(input.payType) ||
    !payTypesWithin(input.payType, ad.payTypes)
  )
    throw fieldError('payType', text.payType[locale]);
  const x = dec(amount);
  if (x.gt(dec(ad.remaining))) throw conflict('amount', text.left[locale](shown(ad.remaining)));
  // What is left may be smaller than the min per take: it can still be taken whole.
  if (x.lt(dec(ad.minTake)) && !x.eq(dec(ad.remaining)))
    throw fieldError('amount', text.belowMin[locale](shown(ad.minTake)));
  if (x.gt(dec(ad.maxTake))) throw fieldError('amount', text.aboveMax[locale](shown(ad.maxTake)));
}

/** Takes an ad, whole or in part: answers the child order (matched; the seller's coins frozen). */
export async function takeAd(ctx: AppContext, input: TakeInput, actor: Actor, tx?: Tx): Promise<TradeOrder> {
  const locale = actor.locale;
  return withRiskLog(ctx, { merchantId: null, field: 'taker', locale }, () =>
    inTx(ctx, tx, async (tx) => {
      const now = ctx.clock.now();
      // The ad, its pool and the pool's windows in one read (take-statements.ts).
      const context = await takeContext(clientOf(tx), input.adId);
      if (!context) throw notFound('adId', locale);
      const { ad: ad0, windows } = context;
      const pool = usablePool(context.pool, locale, 'adId');
      const amount = coinAmount(input.amount, pool.currency, 'amount', locale);
      const t = await activeTrader(tx, input.taker, locale, 'taker');
      checkTake(ad0, t, input, amount, now, locale);
      // A frozen advertiser's open ads are not taken: a freeze stops its trading both ways.
      await activeTrader(
        tx,
        { ownerType: ad0.ownerType, ownerId: ad0.ownerId },
        locale,
        'adId',
        'advertiser',
      );
      const rule = await ruleOf(tx, pool.id, t, locale, 'taker');
      if (dec(amount).gt(dec(rule.maxAmount)))
        throw fieldError('amount', text.aboveMax[locale](shown(rule.maxAmount)));
      if (!payTypesWithin(input.payType, rule.payTypes)) throw fieldError('payType', text.payType[locale]);
      if ((await openOrdersOf(tx, t)) >= rule.maxOpenOrders)
        throw fieldError('taker', text.tooManyOpen[locale](rule.maxOpenOrders));
      await enforceTrader(ctx, tx, t);
      const price = await priceOf(tx, pool, ad0.side, locale, ad0.merchantId ?? undefined);
      // The ad's owner and side never change: the order's parties are known before the take.
      const advertiser = {
        type: ad0.ownerType,
        id: ad0.ownerId,
        code: ad0.ownerCode,
        merchantId: ad0.merchantId,
      };
      const taker = { type: t.ownerType, id: t.ownerId, code: t.code, merchantId: t.merchantId };
      const [buyer, seller] = ad0.side === 'sell' ? [taker, advertiser] : [advertiser, taker];
      const fiatAmount = fiatOf(amount, price);
      const { sellerFee, recordTaken } = await checkTakeParties(
        tx,
        {
          buyer: { ownerType: buyer.type, ownerId: buyer.id },
          seller: { ownerType: seller.type, ownerId: seller.id },
        },
        { payType: input.payType, amount, fiatAmount, at: now, timeZone: ctx.config.timeZone },
        locale,
      );
      // The guarded take, the order and the taker's trader row: one statement (take-statements.ts).
      const order = await takeInsert(
        clientOf(tx),
        { adId: ad0.id, amount, now, trader: t },
        {
          orderNo: newRecordNo('T', now),
          adId: ad0.id,
          adNo: ad0.adNo,
          side: ad0.side,
          poolId: pool.id,
          buyerType: buyer.type,
          buyerId: buyer.id,
          buyerCode: buyer.code,
          buyerMerchantId: buyer.merchantId,
          sellerType: seller.type,
          sellerId: seller.id,
          sellerCode: seller.code,
          sellerMerchantId: seller.merchantId,
          currency: pool.currency,
          fiat: pool.fiat,
          amount,
          price,
          fiatAmount,
          fee: feeOf(amount, pool),
          sellerFee,
          payType: input.payType,
          deadline: minutesAfter(now, ad0.payMinutes ?? windows.payMinutes),
          createdAt: now,
          updatedAt: now,
        },
      );
      if (!order) {
        const now2 = await adById(tx, ad0.id);
        if (now2?.status !== 'open') throw conflict('adId', text.adClosed[locale]);
        throw conflict('amount', text.left[locale](shown(now2.remaining)));
      }
      await recordTaken(order.id);
      await freezeSeller(tx, order, actor, now);
      await auditStep(tx, actor, now, {
        def: tradeOrderList,
        name: 'take',
        objectId: order.id,
        detail: { orderNo: order.orderNo, adNo: ad0.adNo, amount, price, taker: t.code },
      });
      return order;
    }),
  );
}

export async function orderById(db: Executor, orderId: number): Promise<TradeOrder | undefined> {
  const [o] = await db.select().from(tradeOrders).where(eq(tradeOrders.id, orderId));
  return o;
}

const isBuyer = (o: TradeOrder, t: TraderRef) => o.buyerType === t.ownerType && o.buyerId === t.ownerId;
const isSeller = (o: TradeOrder, t: TraderRef) => o.sellerType === t.ownerType && o.sellerId === t.ownerId;
const REFUSAL = { buyer: text.notBuyer, seller: text.notSeller, either: text.notParty } as const;

/**
 * A trader acting on an order must be its buyer, its seller, or either (a 400 on `by` otherwise);
 * answers the order with its pool's windows (one read).
 */
async function requireParty(
  ctx: AppContext,
  orderId: number,
  by: TraderRef,
  side: keyof typeof REFUSAL,
  actor: Actor,
  tx?: Tx,
) {
  const found = await orderContext(clientOf(tx ?? ctx.db), orderId);
  if (!found) throw notFound('id', actor.locale);
  const o = found.order;
  const ok =
    side === 'buyer'
      ? isBuyer(o, by)
      : side === 'seller'
        ? isSeller(o, by)
        : isBuyer(o, by) || isSeller(o, by);
  if (!ok) throw fieldError('by', REFUSAL[side][actor.locale]);
  return found;
}

const run = (
  ctx: AppContext,
  name: string,
  id: number,
  actor: Actor,
  tx?: Tx,
  extra: { reason?: string; values?: Record<string, unknown> } = {},
) => runSystemTransition(ctx, tradeOrderList, name, id, { actor, ...extra, ...(tx ? { tx } : {}) });

/**
 * The buyer paid off-platform: matched -> paid, with the voucher (base64 PNG/JPEG/PDF, optional for
 * the simulator's buyers) and the seller's confirmation deadline.
 */
export async function markPaid(
  ctx: AppContext,
  orderId: number,
  input: { by: TraderRef; voucher?: string },
  actor: Actor,
  tx?: Tx,
): Promise<TransitionOutcome> {
  const locale = actor.locale;
  const { windows } = await requireParty(ctx, orderId, input.by, 'buyer', actor, tx);
  const checked = input.voucher === undefined ? null : decodeVoucher(input.voucher, locale);
  const v = checked ? await storeVoucher(ctx.config.dataDir, checked) : null;
  const now = ctx.clock.now();
  return run(ctx, 'pay', orderId, actor, tx, {
    values: {
      paidAt: now,
      deadline: minutesAfter(now, windows.confirmMinutes),
      ...(v ? { voucherHash: v.hash, voucherType: v.type, voucherSize: v.size } : {}),
    },
  });
}

/** Confirms a paid order: the seller (`by`) through the market, or an operator (receipt audit). */
export async function confirmOrder(
  ctx: AppContext,
  orderId: number,
  input: { by: TraderRef } | { operator: true },
  actor: Actor,
  tx?: Tx,
): Promise<TransitionOutcome> {
  if ('by' in input) {
    await requireParty(ctx, orderId, input.by, 'seller', actor, tx);
    return run(ctx, 'confirm', orderId, actor, tx);
  }
  return run(ctx, 'auditConfirm', orderId, actor, tx);
}

/** Cancels a matched (unpaid) order: the buyer (`by`) or an operator. The seller's coins are released. */
export async function cancelOrder(
  ctx: AppContext,
  orderId: number,
  input: { reason: string; by?: TraderRef },
  actor: Actor,
  tx?: Tx,
): Promise<TransitionOutcome> {
  if (input.by) await requireParty(ctx, orderId, input.by, 'buyer', actor, tx);
  return run(ctx, 'cancel', orderId, actor, tx, { reason: reasonOf(input.reason, actor.locale) });
}

/** A job: a matched order past its pay deadline times out; a paid one past its confirm deadline is disputed. */
export function timeoutOrder(
  ctx: AppContext,
  order: Pick<TradeOrder, 'id' | 'status'>,
  tx?: Tx,
): Promise<TransitionOutcome> {
  const name = order.status === 'paid' ? 'escalate' : 'expire';
  return run(ctx, name, order.id, { operatorId: null, username: systemText('system'), locale: 'zh-CN' }, tx, {
    reason: systemText(name === 'expire' ? 'paymentWindowPassed' : 'confirmationWindowPassed'),
  });
}

/** A party (`by`) or an operator disputes a paid order: an operator resolves it. */
export async function openDispute(
  ctx: AppContext,
  orderId: number,
  input: { reason: string; by?: TraderRef },
  actor: Actor,
  tx?: Tx,
): Promise<TransitionOutcome> {
  if (input.by) await requireParty(ctx, orderId, input.by, 'either', actor, tx);
  return run(ctx, 'dispute', orderId, actor, tx, { reason: reasonOf(input.reason, actor.locale) });
}

/** An operator's ruling on a disputed order: completed (coins to the buyer) or cancelled (released). */
export function resolveDispute(
  ctx: AppContext,
  orderId: number,
  outcome: 'completed' | 'cancelled',
  reason: string,
  actor: Actor,
  tx?: Tx,
): Promise<TransitionOutcome> {
  return run(ctx, outcome === 'completed' ? 'resolveComplete' : 'resolveCancel', orderId, actor, tx, {
    reason: reasonOf(reason, actor.locale),
  });
}
