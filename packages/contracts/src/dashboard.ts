/**
 * Which parts of the dashboard's business figures an operator sees: each only to an operator who may
 * open the list it links to (a figure nobody may look behind is not shown). The server answers by it
 * (dashboard/business.routes.ts); the page lays out the same parts while their figures load, so
 * nothing below them moves when the answer arrives (performance.md: CLS <= 0.1).
 */

import { orderDepositList } from './resources/order/deposit-order.ts';
import { mchNotify } from './resources/order/mch-notify.ts';
import { orderTransferList } from './resources/order/withdraw-order.ts';
import { passage } from './resources/payManage/passage.ts';

const listPermission = (def: { actions: { list?: { permission: string } } }) => def.actions.list!.permission;

/** The lists behind the figures, by their list permission. */
export const DASHBOARD_LISTS = {
  deposits: listPermission(orderDepositList),
  withdrawals: listPermission(orderTransferList),
  callbacks: listPermission(mchNotify),
  passages: listPermission(passage),
} as const;

export const QUEUE_KEYS = [
  'depositsInAudit',
  'withdrawalsInReview',
  'withdrawalsOverdue',
  'withdrawalsDetained',
  'failedCallbacks',
] as const;
export type QueueKey = (typeof QUEUE_KEYS)[number];

export interface DashboardParts {
  deposits: boolean;
  withdrawals: boolean;
  /** The queues card with the queues shown, or null when none is. */
  queues: Record<QueueKey, boolean> | null;
  passages: boolean;
}

/** What an operator holding the permissions `may` answers true for sees. */
export function dashboardParts(may: (permission: string) => boolean): DashboardParts {
  const deposits = may(DASHBOARD_LISTS.deposits);
  const withdrawals = may(DASHBOARD_LISTS.withdrawals);
  const callbacks = may(DASHBOARD_LISTS.callbacks);
  return {
    deposits,
    withdrawals,
    queues:
      deposits || withdrawals || callbacks
        ? {
            depositsInAudit: deposits,
            withdrawalsInReview: withdrawals,
            withdrawalsOverdue: withdrawals,
            withdrawalsDetained: withdrawals,
            failedCallbacks: callbacks,
          }
        : null,
    passages: may(DASHBOARD_LISTS.passages),
  };
}
