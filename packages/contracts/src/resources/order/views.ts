/**
 * Pages that show part of the deposit or withdrawal orders, each behind its own page permission
 * (defineView): the receipt audit queue, the detained withdrawals, the pre-locked (reserved, unpaid)
 * deposits and the reservation withdrawals. Which records each shows is its scope, not a filter the
 * page sends (the reservation withdrawals': those with a scheduled time, modules/order/order.routes.ts).
 */
import { defineView } from '../../view.ts';
import { orderDepositList } from './deposit-order.ts';
import { orderTransferList } from './withdraw-order.ts';

export const receiveList = defineView(orderDepositList, {
  group: 'order',
  page: 'receiveList',
  api: '/api/pay/depositOrder/receive',
  scope: { status: 'in_audit' },
});

export const ordinaryDeposits = defineView(orderDepositList, {
  group: 'order',
  page: 'ordinaryDeposits',
  api: '/api/pay/depositOrder/reserved',
  // Pre-locked recharges: reserved, not paid yet (their expiry is the reservation window).
  scope: { status: ['created', 'pending_payment'] },
});

export const orderDetainList = defineView(orderTransferList, {
  group: 'order',
  page: 'orderDetainList',
  api: '/api/pay/transferOrder/detained',
  scope: { status: 'detained' },
});

export const thirdwithdrawList = defineView(orderTransferList, {
  group: 'payManage',
  page: 'thirdwithdraw_list',
  api: '/api/pay/thirdwithdrawappointment',
});
