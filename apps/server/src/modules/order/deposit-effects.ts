/**
 * The deposit lifecycle's transition hooks (contracts deposit-order.ts): the columns each sets and the
 * money each moves. A success (receipt audit or an approved manual success) credits the merchant
 * once (the ledger's `deposit` event); a refund reverses it (`refund`). order-hooks.ts adds the order
 * event and the final-state emit to each.
 */
import { orderDepositList } from '@payops/contracts';
import {
  decidedBy,
  failedWith,
  finished,
  manualCleared,
  manualRequest,
  type OrderTransitionSpec,
  orderHooks,
  postingEffect,
} from './order-hooks.ts';
import { depositCredit, depositRefund } from './order-ledger.ts';
import { type DepositOrder, depositOrders } from './schema.ts';

const credit = postingEffect<DepositOrder>(depositOrders, depositCredit);

const specs: Record<string, OrderTransitionSpec<DepositOrder>> = {
  pay: { values: (s) => ({ paidAt: s.now }) },
  fail: { set: failedWith },
  expire: { set: finished },
  cancel: { set: failedWith },
  // Nothing decided on the row before: the lock and the change in one statement (run.ts lockAndUpdate).
  approve: { values: (s) => ({ ...decidedBy(s), finishedAt: s.now }), effect: credit },
  reject: { set: (s) => ({ ...decidedBy(s), ...failedWith(s) }) },
  refund: { effect: postingEffect<DepositOrder>(depositOrders, depositRefund) },
  manualSuccess: { set: manualRequest },
  manualFail: { set: manualRequest },
  approveManualSuccess: { set: (s) => ({ ...decidedBy(s), ...finished(s) }), effect: credit },
  approveManualFail: {
    set: (s) => ({ ...decidedBy(s), finishedAt: s.now, failReason: String(s.before.manualReason ?? '') }),
  },
  declineManual: { set: manualCleared },
};

export const depositHooks = () => orderHooks<DepositOrder>('deposit', orderDepositList, specs);
