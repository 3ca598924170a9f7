/**
 * The trade market's pages for the shell's page registry: route path -> lazy page. The pages are
 * split by definition file, so opening one page does not load the other pages' definitions.
 */
import { type PageModule, pagesOf } from '../../app/lazy-pages.ts';

const config = pagesOf(() => import('./trade-config-pages.tsx'));
const ads = pagesOf(() => import('./trade-ad-pages.tsx'));
const orders = pagesOf(() => import('./trade-order-page.tsx'));
const applies = pagesOf(() => import('./trade-apply-pages.tsx'));
const members = pagesOf(() => import('./trade-member-page.tsx'));
const logs = pagesOf(() => import('./trade-log-pages.tsx'));
const reports = pagesOf(() => import('./trade-report-pages.tsx'));
const pushes = pagesOf(() => import('./trade-push-pages.tsx'));

export const tradeManagePages: Record<string, () => PageModule> = {
  '/tradeManage/memberList': members('TradeMemberPage'),
  '/tradeManage/tradeOperateLog': logs('TradeOperateLogPage'),
  '/tradeManage/tradeBlackBlockLog': logs('TradeBlockLogPage'),
  '/tradeManage/tradeBlackLogPage': logs('TradeBlackLogPage'),
  '/tradeManage/trade_push_rec_page': pushes('TradePushPage'),
  '/tradeManage/findForcePushLogByPage': pushes('ForcePushLogPage'),
  '/tradeManage/trade_rec_page': pushes('TradeRecPage'),
  '/tradeManage/trade_pool_config_page': config('TradePoolPage'),
  '/tradeManage/trade_rule_config_page': config('TradeRulePage'),
  '/tradeManage/tradeOrderTimeout': config('TradeTimeoutPage'),
  '/tradeManage/trade_buy_order_page': ads('TradeBuyAdPage'),
  '/tradeManage/trade_sell_order_page': ads('TradeSellAdPage'),
  '/tradeManage/trade_approve_order_page': orders('TradeOrderPage'),
  '/tradeManage/buyorderApplyPage': applies('BuyApplyPage'),
  '/tradeManage/sellorderApplyPage': applies('SellApplyPage'),
  '/tradeManage/tradeBuyApplyLogPage': applies('BuyApplyLogPage'),
  '/tradeManage/tradeSellApplyLogPage': applies('SellApplyLogPage'),
  ...Object.fromEntries(
    [
      'adMatchDayReportSum',
      'userMatchDayReportSum',
      'counterpartyStatistics',
      'userProcessReportSum',
      'adProcessReportSum',
      'mchTradeSynRecordReport',
    ].map((name) => [`/tradeManage/${name}`, reports('TradeReportPage')]),
  ),
};
