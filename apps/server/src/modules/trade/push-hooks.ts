/**
 * What a push's transitions do to its child order, in the push's transaction, through the order's own
 * transitions (and so the ledger): the market's fill pays and confirms it (the seller's coins go to
 * the buyer), its refusal or cancel cancels it (the coins released, back to the ad while it is open).
 * An order that already ended here (timed out, cancelled by an operator) is left as it is on a refusal;
 * a fill of such an order is refused, so the push stays accepted and reconciliation lists it.
 * The ads' forcePush transition makes the push in the ad's transaction.
 */
import { systemText } from '@payops/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { TransitionHooks, TransitionStep } from '../../platform/transitions/index.ts';
import { cancelOrder, confirmOrder, markPaid, orderById } from './orders.service.ts';
import type { TradeAd } from './trade.schema.ts';
import { SYSTEM_ACTOR } from './trade-common.ts';
import type { Push } from './trade-push.service.ts';
import { pushAd } from './trade-push.service.ts';

const pushOf = (s: TransitionStep) => s.after as unknown as Push;

function cancels(ctx: AppContext, why: 'marketRefused' | 'marketCancelled'): TransitionHooks<unknown> {
  return {
    effect: async (s) => {
      const p = pushOf(s);
      const o = await orderById(s.tx, p.orderId);
      if (o?.status !== 'matched') return { extra: { orderStatus: o?.status ?? null } };
      await cancelOrder(ctx, o.id, { reason: systemText(why, p.pushNo) }, SYSTEM_ACTOR, s.tx);
      return { extra: { orderStatus: 'cancelled' } };
    },
  };
}

function fills(ctx: AppContext): TransitionHooks<unknown> {
  return {
    effect: async (s) => {
      const p = pushOf(s);
      const o = (await orderById(s.tx, p.orderId))!;
      const buyer = { ownerType: o.buyerType, ownerId: o.buyerId };
      const seller = { ownerType: o.sellerType, ownerId: o.sellerId };
      await markPaid(ctx, o.id, { by: buyer }, SYSTEM_ACTOR, s.tx);
      await confirmOrder(ctx, o.id, { by: seller }, SYSTEM_ACTOR, s.tx);
      return { extra: { orderNo: o.orderNo, orderStatus: 'completed' } };
    },
  };
}

export function pushHooks(ctx: AppContext): Record<string, TransitionHooks<unknown>> {
  return {
    reject: cancels(ctx, 'marketRefused'),
    cancel: cancels(ctx, 'marketCancelled'),
    fill: fills(ctx),
  };
}

/** The ads' forcePush: the push is made in the ad's transaction (its row lock orders two of them). */
export function adPushHooks(ctx: AppContext): Record<string, TransitionHooks<unknown>> {
  return {
    forcePush: {
      effect: async (s) => {
        const p = await pushAd(ctx, s.tx, s.after as unknown as TradeAd, {
          forced: true,
          reason: String(s.body.reason ?? ''),
          actor: s.actor,
        });
        return { extra: { pushNo: p.pushNo, orderNo: p.orderNo } };
      },
    },
  };
}
