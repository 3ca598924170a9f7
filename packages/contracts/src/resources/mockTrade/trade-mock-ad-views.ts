/**
 * tradeMock/tradeMockSon's ad tabs: the sandbox pool's buy and sell ads, views of the market's ad
 * definitions (a module of their own: the page loads them when a tab opens).
 */
import type { ResourceDef } from '../../resource.ts';
import { defineView } from '../../view.ts';
import { trade_buy_order_page, trade_sell_order_page } from '../trade/trade-ads.ts';
import { MOCK_TRADE_PAGE } from './trade-mock-views.ts';

/**
 * An ad view under its own name (two views share the page; the name keys the registry), a tab beside
 * the page's own list (the orders): links to the page filter the orders, not the ads.
 */
function adView<F extends string>(base: ResourceDef<F>, name: string, api: string): ResourceDef<F> {
  return { ...defineView(base, { ...MOCK_TRADE_PAGE, api }), name, pageList: false };
}

export const tradeMockBuyAds = adView(trade_buy_order_page, 'tradeMockBuyAds', '/api/tradeMock/buyAds');
export const tradeMockSellAds = adView(trade_sell_order_page, 'tradeMockSellAds', '/api/tradeMock/sellAds');
