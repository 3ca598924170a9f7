/** The matched (P2P) deposits and withdrawals: matches, pool, rules, split settings and their pages. */
import type { ResourceDef } from '../../resource.ts';
import { findTransferMatchByPage } from './match-list.ts';
import { findMatchPoolPage } from './match-pool.ts';
import { matchRecordPage, tradeMatchBuyOrderList } from './match-record-views.ts';
import { match_ordersplit_mch_List, match_rule_list } from './match-rules.ts';
import { orderDepositListMatch, orderPlaceLogMatchPage, orderTransferListMatch } from './match-views.ts';

export * from './match-lifecycle.ts';
export * from './match-list.ts';
export * from './match-pool.ts';
export * from './match-record-views.ts';
export * from './match-rules.ts';
export * from './match-views.ts';

/** For the registry (resources/index.ts). */
export const MATCH_RESOURCES: readonly ResourceDef[] = [
  findTransferMatchByPage,
  findMatchPoolPage,
  match_rule_list,
  match_ordersplit_mch_List,
  orderDepositListMatch,
  orderTransferListMatch,
  orderPlaceLogMatchPage,
  tradeMatchBuyOrderList,
  matchRecordPage,
];
