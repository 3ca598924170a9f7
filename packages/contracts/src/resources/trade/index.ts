/** The P2P trade market (tradeManage): pools, rules, timeouts, ads, orders, applications. */
import type { ResourceDef } from '../../resource.ts';
import { trade_buy_order_page, trade_sell_order_page } from './trade-ads.ts';
import {
  buyorderApplyPage,
  sellorderApplyPage,
  tradeBuyApplyLogPage,
  tradeSellApplyLogPage,
} from './trade-apply.ts';
import { trade_pool_config_page, trade_rule_config_page, tradeOrderTimeout } from './trade-config.ts';
import { tradeBlackBlockLog, tradeBlackLogPage, tradeOperateLog } from './trade-logs.ts';
import { tradeMemberList } from './trade-members.ts';
import { tradeOrderList } from './trade-orders.ts';
import { findForcePushLogByPage, trade_push_rec_page } from './trade-push.ts';
import { trade_rec_page, tradeRecItems } from './trade-rec.ts';

export * from './trade-ads.ts';
export * from './trade-apply.ts';
export * from './trade-config.ts';
export * from './trade-lifecycle.ts';
export * from './trade-logs.ts';
export * from './trade-members.ts';
export * from './trade-orders.ts';
export * from './trade-push.ts';
export * from './trade-rec.ts';
export * from './trade-report-pairs.ts';
export * from './trade-reports.ts';
export * from './trade-vocab.ts';

/** For the registry (resources/index.ts). */
export const TRADE_RESOURCES: readonly ResourceDef[] = [
  trade_pool_config_page,
  trade_rule_config_page,
  tradeOrderTimeout,
  trade_buy_order_page,
  trade_sell_order_page,
  tradeOrderList,
  buyorderApplyPage,
  sellorderApplyPage,
  tradeBuyApplyLogPage,
  tradeSellApplyLogPage,
  tradeMemberList,
  tradeOperateLog,
  tradeBlackBlockLog,
  tradeBlackLogPage,
  trade_push_rec_page,
  findForcePushLogByPage,
  trade_rec_page,
  tradeRecItems,
];
