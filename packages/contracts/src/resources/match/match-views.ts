/**
 * The matched (P2P) family's pages over the orders (defineView, each scoped to the family): the
 * matched deposits and withdrawals and the placement log of the matching calls. The pages over the matches themselves are in match-record-views.ts.
 */
import { defineView } from '../../view.ts';
import { orderDepositList } from '../order/deposit-order.ts';
import { orderPlaceLogPage } from '../order/place-log.ts';
import type { MerchantApiEndpoint } from '../order/place-log-codes.ts';
import { orderTransferList } from '../order/withdraw-order.ts';

const withoutFamily = <F extends string>(fields: Record<F, unknown>) =>
  (Object.keys(fields) as F[]).filter((n) => n !== ('family' as F));

export const orderDepositListMatch = defineView(orderDepositList, {
  group: 'order',
  page: 'orderDepositListMatch',
  api: '/api/pay/matchDeposit',
  scope: { family: 'match' },
  columns: withoutFamily(orderDepositList.fields).filter(
    (n) => !['payType', 'passageId', 'upstreamOrderNo'].includes(n),
  ),
  // Their steps are the matches' (findTransferMatchByPage): the normal receipt audit, refund and
  // manual decisions do not apply to a matched order.
  readOnly: true,
});

export const orderTransferListMatch = defineView(orderTransferList, {
  group: 'order',
  page: 'orderTransferListMatch',
  api: '/api/pay/matchTransfer',
  scope: { family: 'match' },
  columns: withoutFamily(orderTransferList.fields).filter(
    (n) => !['passageId', 'upstreamOrderNo'].includes(n),
  ),
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
