/**
 * The withdrawal lifecycle's transition hooks (contracts withdraw-order.ts). The amount + fee frozen at
 * creation is debited on success (`settle`: settlement gets the amount, fee income the fee) or
 * returned on failure or rejection (`release`); `review` applies the auto-review rules, approving in
 * the same transaction when one passes. order-hooks.ts adds the order event and the final-state emit.
 */
import { orderTransferList } from '@payops/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { runSystemTransition } from '../../platform/transitions/index.ts';
import { passingRule } from './auto-review.ts';
import { manualCleared, manualRequest } from './deposit-effects.ts';
import { decidedBy, type OrderStep, type OrderTransitionSpec, orderHooks } from './order-hooks.ts';
import { releaseWithdrawal, settleWithdrawal } from './order-ledger.ts';
import { type WithdrawOrder, withdrawOrders } from './schema.ts';

type Step = OrderStep<WithdrawOrder>;

const opts = (s: Step) => ({
  operatorId: s.actor.operatorId,
  at: s.now,
  locale: s.actor.locale,
  note: s.body.reason,
});

async function settle(s: Step) {
  const entryId = await settleWithdrawal(s.tx, s.after, opts(s));
  await s.tx.update(withdrawOrders).set({ entryId }).where(eq(withdrawOrders.id, s.after.id));
  return { extra: { entryId, amount: s.after.amount, fee: s.after.fee } };
}

async function release(s: Step) {
  const entryId = await releaseWithdrawal(s.tx, s.after, opts(s));
  await s.tx.update(withdrawOrders).set({ entryId }).where(eq(withdrawOrders.id, s.after.id));
  return { extra: { entryId, released: s.after.amount, fee: s.after.fee } };
}

const failedWith = (s: { now: Date; body: { reason?: string } }) => ({
  finishedAt: s.now,
  failReason: s.body.reason ?? '',
});

function specs(ctx: AppContext): Record<string, OrderTransitionSpec<WithdrawOrder>> {
  return {
    review: {
      // Auto-review inside the review itself: whoever creates the order runs only `review`.
      effect: async (s) => {
        const rule = await passingRule(s.tx, s.after, s.now);
        if (!rule) return undefined;
        await runSystemTransition(ctx, orderTransferList, 'autoApprove', s.after.id, {
          tx: s.tx,
          reason: `auto-review: ${rule.name}`,
        });
        return { extra: { autoReviewRule: rule.id } };
      },
    },
    autoApprove: { set: (s) => ({ ...decidedBy(s), reviewedByName: `system: ${s.body.reason ?? ''}` }) },
    paySuccess: { set: (s) => ({ finishedAt: s.now }), effect: settle },
    payFail: { set: failedWith, effect: release },
    approve: { set: decidedBy },
    reject: { set: (s) => ({ ...decidedBy(s), ...failedWith(s), detainedFrom: null }), effect: release },
    detain: { set: (s) => ({ detainedFrom: s.before.status }) },
    release: { set: () => ({ detainedFrom: null }) },
    manualSuccess: { set: manualRequest },
    manualFail: { set: manualRequest },
    approveManualSuccess: { set: (s) => ({ ...decidedBy(s), finishedAt: s.now }), effect: settle },
    approveManualFail: {
      set: (s) => ({ ...decidedBy(s), finishedAt: s.now, failReason: String(s.before.manualReason ?? '') }),
      effect: release,
    },
    declineManual: { set: manualCleared },
  };
}

export const withdrawHooks = (ctx: AppContext) =>
  orderHooks<WithdrawOrder>('withdraw', orderTransferList, specs(ctx));
