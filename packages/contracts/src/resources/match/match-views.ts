/**
 * The matched (P2P) family's pages over other definitions' records (defineView; the server scopes
 * each, modules/match/match.routes.ts): the matched deposits and withdrawals, the placement log of the
 * matching calls, the matched buy orders (each deposit piece from the buyer's side) and a member's
 * matches (member/matchRecordPage, the member's detail shows the ones the member paid).
 */
import { bilingual, defineView } from '../../resource.ts';
import { orderDepositList } from '../order/deposit-order.ts';
import { orderPlaceLogPage } from '../order/place-log.ts';
import { orderTransferList } from '../order/withdraw-order.ts';
import { findTransferMatchByPage, matchLabels } from './match-list.ts';

const withoutFamily = <F extends string>(fields: Record<F, unknown>) =>
  (Object.keys(fields) as F[]).filter((n) => n !== ('family' as F));

export const orderDepositListMatch = defineView(orderDepositList, {
  group: 'order',
  page: 'orderDepositListMatch',
  api: '/api/pay/matchDeposit',
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
  columns: withoutFamily(orderTransferList.fields).filter(
    (n) => !['passageId', 'upstreamOrderNo'].includes(n),
  ),
});

export const orderPlaceLogMatchPage = defineView(orderPlaceLogPage, {
  group: 'order',
  page: 'orderPlaceLogMatchPage',
  api: '/api/pay/matchPlaceLog',
});

export const tradeMatchBuyOrderList = defineView(findTransferMatchByPage, {
  group: 'order',
  page: 'tradeMatchBuyOrderList',
  api: '/api/pay/matchBuy',
  columns: [
    'id',
    'matchNo',
    'depositOrderNo',
    'depositMerchantId',
    'payerMember',
    'payerName',
    'amount',
    'depositFee',
    'payeeBank',
    'payeeName',
    'payeeAccountNo',
    'status',
    'confirmedBy',
    'createdAt',
    'paidAt',
    'confirmedAt',
  ],
  labels: bilingual(matchLabels('tradeMatchBuyOrderList')),
  readOnly: true,
});

export const matchRecordPage = defineView(findTransferMatchByPage, {
  group: 'member',
  page: 'matchRecordPage',
  api: '/api/member/matchRecordPage',
  columns: [
    'id',
    'matchNo',
    'payerMember',
    'payeeMember',
    'depositOrderNo',
    'withdrawOrderNo',
    'amount',
    'status',
    'confirmedBy',
    'createdAt',
    'confirmedAt',
  ],
  labels: bilingual(matchLabels('matchRecordPage')),
  readOnly: true,
});
