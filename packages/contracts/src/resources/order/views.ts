/**
 * Pages that show part of the deposit or withdrawal orders, each behind its own page permission
 * (defineView): the receipt audit queue, the detained withdrawals, the pre-locked (reserved, unpaid)
 * deposits and the reservation withdrawals. Which records each shows is the server's scope
 * (modules/order/order.routes.ts), not a filter the page sends.
 */
import { defineView } from '../../view.ts';
import { orderDepositList } from './deposit-order.ts';
import { orderTransferList } from './withdraw-order.ts';

export const receiveList = defineView(orderDepositList, {
  group: 'order',
  page: 'receiveList',
  api: '/api/pay/depositOrder/receive',
});

export const ordinaryDeposits = defineView(orderDepositList, {
  group: 'order',
  page: 'ordinaryDeposits',
  api: '/api/pay/depositOrder/reserved',
});

export const orderDetainList = defineView(orderTransferList, {
  group: 'order',
  page: 'orderDetainList',
  api: '/api/pay/transferOrder/detained',
});

export const thirdwithdrawList = defineView(orderTransferList, {
  group: 'payManage',
  page: 'thirdwithdraw_list',
  api: '/api/pay/thirdwithdrawappointment',
});
