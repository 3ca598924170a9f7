/**
 * wallet/walletTradeBuyOrderPage and walletTradeSellOrderPage: the market's trade orders in which a
 * wallet member buys, or sells (the server scopes each view; the market's pages show them too).
 * Read-only here: a wallet order is settled by its parties, or ruled on through disputeOrderPage.
 */
import { bilingual } from '../../resource.ts';
import { defineView } from '../../view.ts';
import { tradeOrderList } from '../trade/trade-orders.ts';

const view = (page: string, api: string) =>
  defineView(tradeOrderList, { group: 'wallet', page, api, readOnly: true, labels: bilingual({}) });

export const walletTradeBuyOrderPage = view('walletTradeBuyOrderPage', '/api/wallet/tradeBuy');
export const walletTradeSellOrderPage = view('walletTradeSellOrderPage', '/api/wallet/tradeSell');
