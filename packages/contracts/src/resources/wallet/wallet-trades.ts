/**
 * wallet/walletTradeBuyOrderPage and walletTradeSellOrderPage: the market's trade orders in which a
 * wallet member buys, or sells (each view scoped to its side; the market's pages show them too).
 * Read-only here: a wallet order is settled by its parties, or ruled on through disputeOrderPage.
 */
import { bilingual, type RecordScope } from '../../resource.ts';
import { defineView } from '../../view.ts';
import { tradeOrderList } from '../trade/trade-orders.ts';

const view = (page: string, api: string, scope: RecordScope) =>
  defineView(tradeOrderList, { group: 'wallet', page, api, scope, readOnly: true, labels: bilingual({}) });

export const walletTradeBuyOrderPage = view('walletTradeBuyOrderPage', '/api/wallet/tradeBuy', {
  buyerType: 'wallet_member',
});
export const walletTradeSellOrderPage = view('walletTradeSellOrderPage', '/api/wallet/tradeSell', {
  sellerType: 'wallet_member',
});
