/**
 * The trade market's pages (contracts resources/trade): each is its definition. The orders page is
 * the receipt audit (its transitions: confirm receipt, cancel, dispute, rulings); the ads' detail
 * drawers list their child orders.
 */
import { trade_buy_order_page, trade_sell_order_page } from '@payops/contracts/resources/trade/trade-ads';
import {
  buyorderApplyPage,
  sellorderApplyPage,
  tradeBuyApplyLogPage,
  tradeSellApplyLogPage,
} from '@payops/contracts/resources/trade/trade-apply';
import {
  trade_pool_config_page,
  trade_rule_config_page,
  tradeOrderTimeout,
} from '@payops/contracts/resources/trade/trade-config';
import { tradeBlackBlockLog, tradeOperateLog } from '@payops/contracts/resources/trade/trade-logs';
import { tradeMemberList } from '@payops/contracts/resources/trade/trade-members';
import { tradeOrderList } from '@payops/contracts/resources/trade/trade-orders';
import { ResourcePage } from '../../engine/resource-page.tsx';

export const TradePoolPage = () => <ResourcePage def={trade_pool_config_page} />;
export const TradeRulePage = () => <ResourcePage def={trade_rule_config_page} />;
export const TradeTimeoutPage = () => <ResourcePage def={tradeOrderTimeout} />;
export const TradeBuyAdPage = () => <ResourcePage def={trade_buy_order_page} />;
export const TradeSellAdPage = () => <ResourcePage def={trade_sell_order_page} />;
export const TradeOrderPage = () => <ResourcePage def={tradeOrderList} />;
export const BuyApplyPage = () => <ResourcePage def={buyorderApplyPage} />;
export const SellApplyPage = () => <ResourcePage def={sellorderApplyPage} />;
export const BuyApplyLogPage = () => <ResourcePage def={tradeBuyApplyLogPage} />;
export const SellApplyLogPage = () => <ResourcePage def={tradeSellApplyLogPage} />;
export const TradeMemberPage = () => <ResourcePage def={tradeMemberList} />;
export const TradeOperateLogPage = () => <ResourcePage def={tradeOperateLog} />;
export const TradeBlockLogPage = () => <ResourcePage def={tradeBlackBlockLog} />;
