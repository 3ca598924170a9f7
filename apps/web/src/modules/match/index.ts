/** The matched (P2P) pages for the shell's page registry: route path -> lazy page. */
import { type PageModule, pagesOf } from '../../app/lazy-pages.ts';

const page = pagesOf(() => import('./match-pages.tsx'));
const views = pagesOf(() => import('./views.tsx'));

export const matchPages: Record<string, () => PageModule> = {
  '/order/orderDepositListMatch': views('MatchDepositPage'),
  '/order/orderTransferListMatch': views('MatchWithdrawPage'),
  '/order/findTransferMatchByPage': page('MatchListPage'),
  '/order/orderPlaceLogMatchPage': views('MatchPlaceLogPage'),
  '/order/tradeMatchBuyOrderList': page('MatchBuyOrderPage'),
  '/payManage/match_rule_list': page('MatchRulePage'),
  '/payManage/match_ordersplit_mch_List': page('MatchSplitPage'),
  '/payManage/findMatchPoolPage': page('MatchPoolPage'),
  '/member/matchRecordPage': page('MemberMatchPage'),
};
