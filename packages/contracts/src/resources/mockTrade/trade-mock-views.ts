/**
 * tradeMock/tradeMockSon's own list: the sandbox pool's trade orders, a view of the market's definition
 * (its ad tabs: trade-mock-ad-views.ts). The server scopes it to the sandbox pool, whatever the page
 * sends. Read-only here: the page acts through /mockTrade's calls, which check that what they touch is
 * the sandbox's.
 */
import { defineView } from '../../view.ts';
import { tradeOrderList } from '../trade/trade-orders.ts';

export const MOCK_TRADE_PAGE = { group: 'tradeMock', page: 'tradeMockSon', readOnly: true } as const;

export const tradeMockSon = defineView(tradeOrderList, { ...MOCK_TRADE_PAGE, api: '/api/tradeMock/orders' });
