/**
 * Trade market pages (contracts resources/trade): the orders page, the receipt audit (its transitions: confirm receipt, cancel, dispute, rulings). Each is its definition; the market's
 * pages live in a few files so a page loads only its own definitions (index.ts).
 */
import { tradeOrderList } from '@payops/contracts/resources/trade/trade-orders';
import { ResourcePage } from '../../engine/resource-page.tsx';

export const TradeOrderPage = () => <ResourcePage def={tradeOrderList} />;
