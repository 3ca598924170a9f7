/**
 * Trade market pages (contracts resources/trade): the buy and sell ads (their detail drawers list their child orders). Each is its definition; the market's
 * pages live in a few files so a page loads only its own definitions (index.ts).
 */
import { trade_buy_order_page, trade_sell_order_page } from '@payops/contracts/resources/trade/trade-ads';
import { ResourcePage } from '../../engine/resource-page.tsx';

export const TradeBuyAdPage = () => <ResourcePage def={trade_buy_order_page} />;
export const TradeSellAdPage = () => <ResourcePage def={trade_sell_order_page} />;
