/**
 * Trade market pages (contracts resources/trade): the operation log and the block log. Each is its definition; the market's
 * pages live in a few files so a page loads only its own definitions (index.ts).
 */
import { tradeBlackBlockLog, tradeOperateLog } from '@payops/contracts/resources/trade/trade-logs';
import { ResourcePage } from '../../engine/resource-page.tsx';

export const TradeOperateLogPage = () => <ResourcePage def={tradeOperateLog} />;
export const TradeBlockLogPage = () => <ResourcePage def={tradeBlackBlockLog} />;
