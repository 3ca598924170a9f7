/**
 * Pages over the matches (defineView): the matched buy orders (each deposit piece from the buyer's
 * side) and a member's matches (member/matchRecordPage; the member's detail shows the ones the member
 * paid and the ones paid to it, each by the merchant of that side). Apart from match-views.ts so a page loads only the definitions it shows.
 */
import { bilingual } from '../../resource.ts';
import { defineView } from '../../view.ts';
import { findTransferMatchByPage, matchLabels } from './match-list.ts';

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
    'depositMerchantId',
    'payerMember',
    'withdrawMerchantId',
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
