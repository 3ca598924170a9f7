/**
 * The matched (P2P) family's pages over the orders (defineView, each scoped to the family): the
 * matched deposits and withdrawals and the placement log of the matching calls. The pages over the matches themselves are in match-record-views.ts.
 */
import { defineView } from '../../view.ts';
import { orderDepositList } from '../order/deposit-order.ts';
import { orderPlaceLogPage } from '../order/place-log.ts';
import type { MerchantApiEndpoint } from '../order/place-log-codes.ts';
import { orderTransferList } from '../order/withdraw-order.ts';

/** The base's columns but these (the family column is left out by the scope: the same on every row). */
const columnsBut = <F extends string>(fields: Record<F, unknown>, left: readonly string[]) =>
  (Object.keys(fields) as F[]).filter((n) => !left.includes(n));

export const orderDepositListMatch = defineView(orderDepositList, {
  group: 'order',
  page: 'orderDepositListMatch',
  api: '/api/pay/matchDeposit',
  scope: { family: 'match' },
  columns: columnsBut(orderDepositList.fields, ['payType', 'passageId', 'upstreamOrderNo']),
  // Their steps are the matches' (findTransferMatchByPage): the normal receipt audit, refund and
  // manual decisions do not apply to a matched order.
  readOnly: true,
});

export const orderTransferListMatch = defineView(orderTransferList, {
  group: 'order',
  page: 'orderTransferListMatch',
  api: '/api/pay/matchTransfer',
  scope: { family: 'match' },
  columns: columnsBut(orderTransferList.fields, ['passageId', 'upstreamOrderNo']),
});

export const orderPlaceLogMatchPage = defineView(orderPlaceLogPage, {
  group: 'order',
  page: 'orderPlaceLogMatchPage',
  api: '/api/pay/matchPlaceLog',
  scope: {
    endpoint: [
      'matchDeposit',
      'matchWithdraw',
      'matchVoucher',
      'matchConfirm',
    ] satisfies MerchantApiEndpoint[],
  },
});
