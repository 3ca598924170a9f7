/**
 * The withdrawal lifecycle's transition hooks (contracts withdraw-order.ts). The amount + fee frozen at
 * creation is debited on success (`settle`: settlement gets the amount, fee income the fee) or
 * returned on failure or rejection (`release`); `review` applies the auto-review rules, approving in
 * the same transaction when one passes. order-hooks.ts adds the order event and the final-state emit.
 */
import { orderTransferList, systemText } from '@payops/contracts';
import { ne } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { runSystemTransition } from '../../platform/transitions/index.ts';
import { insertPoolEntry, poolIfMatched } from '../match/match-engine.ts';
import { finishPartly, leavePool, settleMatchedFee } from '../match/match-settle.ts';
import { switchOn } from '../payManage/switches.ts';
import { passingRule } from './auto-review.ts';
import {
  decidedBy,
  failedWith,
  finished,
  manualCleared,
  manualRequest,
  type OrderStep,
  type OrderTransitionSpec,
  orderHooks,
  postingEffect,
} from './order-hooks.ts';
import { withdrawalRelease, withdrawalSettlement } from './order-ledger.ts';
import { type WithdrawOrder, withdrawOrders } from './schema.ts';

const settle = postingEffect<WithdrawOrder>(withdrawOrders, withdrawalSettlement);
const release = postingEffect<WithdrawOrder>(withdrawOrders, withdrawalRelease);

function specs(ctx: AppContext): Record<string, OrderTransitionSpec<WithdrawOrder>> {
  // A matched (P2P) withdrawal goes into the match pool as soon as it is approved. A step that runs
  // another transition runs it `last`, after its own history and audit rows: the record's timeline
  // then reads in the order things happened (approved, then pooled).
  const intoPool = async (s: OrderStep<WithdrawOrder>) => ({
    last: () => poolIfMatched(ctx, s.tx, s.after),
  });
  return {
    review: {
      // Auto-review inside the review itself: whoever creates the order runs only `review`. While
      // the WITHDRAW_AUTO_REVIEW switch is off, every withdrawal waits for an operator.
      effect: async (s) => {
        if (!(await switchOn(ctx, 'WITHDRAW_AUTO_REVIEW', s.tx))) return undefined;
        const rule = await passingRule(s.tx, s.after, s.now, ctx.config.timeZone);
        if (!rule) return undefined;
        const autoApprove = () =>
          runSystemTransition(ctx, orderTransferList, 'autoApprove', s.after.id, {
            tx: s.tx,
            reason: systemText('autoReview', rule.name),
          }).then(() => undefined);
        return { extra: { autoReviewRule: rule.id }, last: autoApprove };
      },
    },
    autoApprove: {
      set: (s) => ({ ...decidedBy(s), reviewedByName: s.body.reason ?? systemText('autoReview') }),
      effect: intoPool,
    },
    // Matched (P2P) withdrawals (modules/match): into the pool once approved; the fee at the end.
    enterPool: {
      effect: async (s) => {
        await insertPoolEntry(s.tx, s.after, s.now);
        return undefined;
      },
    },
    leavePool: {
      set: failedWith,
      effect: async (s) => ({ extra: { entryId: await leavePool(s.tx, s.after, s.actor, s.now) } }),
    },
    finishPartly: {
      set: finished,
      effect: async (s) => ({ extra: await finishPartly(s.tx, s.after, s.actor, s.now) }),
    },
    matchSettled: {
      set: finished,
      effect: async (s) => ({ extra: { entryId: await settleMatchedFee(s.tx, s.after, s.actor, s.now) } }),
    },
    paySuccess: { set: finished, effect: settle },
    payFail: { set: failedWith, effect: release },
    // A normal withdrawal has nothing to pool: its approval is one statement (order-hooks.ts).
    approve: { values: decidedBy, effect: intoPool, idleWhere: ne(withdrawOrders.family, 'match') },
    // An order that ends while held for a manual payout no longer awaits one.
    reject: {
      set: (s) => ({ ...decidedBy(s), ...failedWith(s), detainedFrom: null, payoutHeld: false }),
      effect: release,
    },
    // Called off: the frozen amount and fee return (the cancellation record listens to the final state).
    cancel: { set: (s) => ({ ...failedWith(s), detainedFrom: null, payoutHeld: false }), effect: release },
    detain: { set: (s) => ({ detainedFrom: s.before.status }) },
    release: { set: () => ({ detainedFrom: null }) },
    manualSuccess: { set: manualRequest },
    manualFail: { set: manualRequest },
    approveManualSuccess: {
      set: (s) => ({ ...decidedBy(s), finishedAt: s.now, payoutHeld: false }),
      effect: settle,
    },
    approveManualFail: {
      set: (s) => ({
        ...decidedBy(s),
        finishedAt: s.now,
        failReason: String(s.before.manualReason ?? ''),
        payoutHeld: false,
      }),
      effect: release,
    },
    declineManual: { set: manualCleared },
  };
}

export const withdrawHooks = (ctx: AppContext) =>
  orderHooks<WithdrawOrder>('withdraw', orderTransferList, specs(ctx));
