/**
 * tradeMock/tradeMockSon's lists: the sandbox pool's trade orders and ads, as views of the market's
 * definitions (the server scopes them to the sandbox pool, whatever the page sends). Read-only here:
 * the page acts through /mockTrade's calls, which check that what they touch is the sandbox's.
 */
import type { ResourceDef } from '../../resource.ts';
import { defineView } from '../../view.ts';
import { trade_buy_order_page, trade_sell_order_page } from '../trade/trade-ads.ts';
import { tradeOrderList } from '../trade/trade-orders.ts';

const PAGE = { group: 'tradeMock', page: 'tradeMockSon', readOnly: true } as const;

export const tradeMockSon = defineView(tradeOrderList, { ...PAGE, api: '/api/tradeMock/orders' });

/**
 * An ad view under its own name (two views share the page; the name keys the registry), a tab beside
 * the page's own list (the orders): links to the page filter the orders, not the ads.
 */
function adView<F extends string>(base: ResourceDef<F>, name: string, api: string): ResourceDef<F> {
  return { ...defineView(base, { ...PAGE, api }), name, pageList: false };
}

export const tradeMockBuyAds = adView(trade_buy_order_page, 'tradeMockBuyAds', '/api/tradeMock/buyAds');
export const tradeMockSellAds = adView(trade_sell_order_page, 'tradeMockSellAds', '/api/tradeMock/sellAds');
