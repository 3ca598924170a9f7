/** The trade market's pages for the shell's page registry: route path -> lazy page. */
import { type PageModule, pagesOf } from '../../app/lazy-pages.ts';

const page = pagesOf(() => import('./trade-pages.tsx'));

export const tradeManagePages: Record<string, () => PageModule> = {
  '/tradeManage/memberList': page('TradeMemberPage'),
  '/tradeManage/tradeOperateLog': page('TradeOperateLogPage'),
  '/tradeManage/tradeBlackBlockLog': page('TradeBlockLogPage'),
  '/tradeManage/trade_pool_config_page': page('TradePoolPage'),
  '/tradeManage/trade_rule_config_page': page('TradeRulePage'),
  '/tradeManage/tradeOrderTimeout': page('TradeTimeoutPage'),
  '/tradeManage/trade_buy_order_page': page('TradeBuyAdPage'),
  '/tradeManage/trade_sell_order_page': page('TradeSellAdPage'),
  '/tradeManage/trade_approve_order_page': page('TradeOrderPage'),
  '/tradeManage/buyorderApplyPage': page('BuyApplyPage'),
  '/tradeManage/sellorderApplyPage': page('SellApplyPage'),
  '/tradeManage/tradeBuyApplyLogPage': page('BuyApplyLogPage'),
  '/tradeManage/tradeSellApplyLogPage': page('SellApplyLogPage'),
};
