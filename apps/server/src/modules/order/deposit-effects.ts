/**
 * The deposit lifecycle's transition hooks (contracts deposit-order.ts): the columns each sets and the
 * money each moves. A success (receipt audit or an approved manual success) credits the merchant
 * once (the ledger's `deposit` event); a refund reverses it (`refund`). order-hooks.ts adds the order
 * event and the final-state emit to each.
 */
import { orderDepositList } from '@payops/contracts';
import { eq } from 'drizzle-orm';
import type { TransitionHooks } from '../../platform/transitions/index.ts';
import { decidedBy, type OrderStep, type OrderTransitionSpec, orderHooks } from './order-hooks.ts';
import { creditDeposit, refundDeposit } from './order-ledger.ts';
import { type DepositOrder, depositOrders } from './schema.ts';

type Step = OrderStep<DepositOrder>;

const opts = (s: Step) => ({
  operatorId: s.actor.operatorId,
  at: s.now,
  locale: s.actor.locale,
  note: s.body.reason,
});

async function credit(s: Step) {
  const entryId = await creditDeposit(s.tx, s.after, opts(s));
  await s.tx.update(depositOrders).set({ entryId }).where(eq(depositOrders.id, s.after.id));
  return { extra: { entryId, amount: s.after.amount, fee: s.after.fee } };
}

const finished = (s: { now: Date }) => ({ finishedAt: s.now });
const failedWith = (s: { now: Date; body: { reason?: string } }) => ({
  finishedAt: s.now,
  failReason: s.body.reason ?? '',
});

const specs: Record<string, OrderTransitionSpec<DepositOrder>> = {
  pay: { set: (s) => ({ paidAt: s.now }) },
  fail: { set: failedWith },
  expire: { set: finished },
  cancel: { set: failedWith },
  approve: { set: (s) => ({ ...decidedBy(s), ...finished(s) }), effect: credit },
  reject: { set: (s) => ({ ...decidedBy(s), ...failedWith(s) }) },
  refund: {
    effect: async (s) => {
      const entryId = await refundDeposit(s.tx, s.after, opts(s));
      await s.tx.update(depositOrders).set({ entryId }).where(eq(depositOrders.id, s.after.id));
      return { extra: { entryId, amount: s.after.amount, fee: s.after.fee } };
    },
  },
  manualSuccess: { set: manualRequest },
  manualFail: { set: manualRequest },
  approveManualSuccess: { set: (s) => ({ ...decidedBy(s), ...finished(s) }), effect: credit },
  approveManualFail: {
    set: (s) => ({ ...decidedBy(s), finishedAt: s.now, failReason: String(s.before.manualReason ?? '') }),
  },
  declineManual: { set: manualCleared },
};

/** A manual decision's request: the maker (who may not approve it), the state it leaves, why. */
export function manualRequest(s: Parameters<NonNullable<TransitionHooks['set']>>[0]) {
  return { manualBy: s.actor.operatorId, manualFrom: s.before.status, manualReason: s.body.reason ?? '' };
}

/** The checker declined: the order is back where it was (the transition's `back`), the request gone. */
export function manualCleared() {
  return { manualBy: null, manualFrom: null };
}

export const depositHooks = () => orderHooks<DepositOrder>('deposit', orderDepositList, specs);
