/**
 * What the trade transitions do besides the status, in their own transaction:
 * - an order's completion (seller, operator audit, dispute ruling): the coins move to the buyer;
 * - its cancel, timeout or cancel ruling: the seller's coins are released and, while the ad is still
 *   open, the amount returns to the ad;
 * - then the ad closes when nothing is left and none of its orders is open.
 * Locks: the order row (the transition), then the ad row, then the ledger accounts, as the take locks
 * the ad before the seller's account: never a deadlock between them.
 * - an application's decision records who decided and when.
 */
import type { TradeConfirmedBy } from '@payops/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { Row } from '../../platform/crud/index.ts';
import type { TransitionHooks, TransitionStep } from '../../platform/transitions/index.ts';
import { closeIfDone, lockAd } from './ads.service.ts';
import { type TradeOrder, tradeAds } from './trade.schema.ts';
import { releaseSeller, settleOrder } from './trade-ledger.ts';

const who = (s: TransitionStep) => ({ operatorId: s.actor.operatorId, locale: s.actor.locale });

/**
 * The end's journal entry id, drawn by the transition's guarded UPDATE that keeps it on the order
 * (end_entry_id): the order row is written once, and the posting takes that id. The columns set
 * are `values` (none depends on the row before), so the lock and the change are one statement.
 */
const NEXT_ENTRY_ID = sql`nextval('ledger_entry_seq')`;

function completes(ctx: AppContext, by: TradeConfirmedBy): TransitionHooks<unknown> {
  return {
    values: ({ now, body }) => ({
      confirmedBy: by,
      completedAt: now,
      deadline: null,
      endEntryId: NEXT_ENTRY_ID,
      ...(body.reason ? { reason: body.reason } : {}),
    }),
    effect: async (s) => {
      const o = s.after as unknown as TradeOrder;
      const ad = await lockAd(s.tx, o.adId);
      const entryId = await settleOrder(s.tx, o, who(s), s.now, o.endEntryId);
      await closeIfDone(ctx, s.tx, ad);
      return { extra: { entryId, amount: o.amount, fee: o.fee } };
    },
  };
}

function releases(): TransitionHooks<unknown> {
  return {
    values: ({ body }) => ({
      deadline: null,
      endEntryId: NEXT_ENTRY_ID,
      ...(body.reason ? { reason: body.reason } : {}),
    }),
    effect: async (s) => {
      const o = s.after as unknown as TradeOrder;
      const ad = await lockAd(s.tx, o.adId);
      const back = ad.status === 'open';
      if (back)
        await s.tx
          .update(tradeAds)
          .set({ remaining: sql`${tradeAds.remaining} + ${o.amount}`, updatedAt: s.now })
          .where(eq(tradeAds.id, ad.id));
      const entryId = await releaseSeller(s.tx, o, who(s), s.now, o.endEntryId);
      // With the amount back the ad is not done; a closed or cancelled ad stays as it is.
      return { extra: { entryId, amount: o.amount, returnedToAd: back } };
    },
  };
}

const disputes: TransitionHooks<unknown> = {
  values: ({ body }) => ({ deadline: null, ...(body.reason ? { reason: body.reason } : {}) }),
};

export function orderHooks(ctx: AppContext): Record<string, TransitionHooks<unknown>> {
  return {
    confirm: completes(ctx, 'seller'),
    auditConfirm: completes(ctx, 'operator'),
    resolveComplete: completes(ctx, 'dispute'),
    cancel: releases(),
    expire: releases(),
    resolveCancel: releases(),
    dispute: disputes,
    escalate: disputes,
  };
}

const reasoned: TransitionHooks<unknown> = {
  set: ({ body }) => (body.reason ? { reason: body.reason } : {}),
};

export const adHooks: Record<string, TransitionHooks<unknown>> = { cancel: reasoned, expire: reasoned };

const decided: TransitionHooks<unknown> = {
  set: ({ actor, now, body }): Row => ({
    decidedBy: actor.operatorId,
    decidedAt: now,
    ...(body.reason ? { reason: body.reason } : {}),
  }),
};

export const applyHooks: Record<string, TransitionHooks<unknown>> = { approve: decided, reject: decided };
