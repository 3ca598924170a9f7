/**
 * Trade market pages (contracts resources/trade): the operation log, the block log and the black list's change log. Each is its definition; the market's
 * pages live in a few files so a page loads only its own definitions (index.ts).
 */
import {
  tradeBlackBlockLog,
  tradeBlackLogPage,
  tradeOperateLog,
} from '@payops/contracts/resources/trade/trade-logs';
import { ResourcePage } from '../../engine/resource-page.tsx';
import { OperationLogPage } from '../sys/opearlog-page.tsx';

/** A view of the operation log: its cells (actions by name) and its change drawer, as /sys/opearlog. */
export const TradeOperateLogPage = () => <OperationLogPage def={tradeOperateLog} />;
export const TradeBlockLogPage = () => <ResourcePage def={tradeBlackBlockLog} />;
export const TradeBlackLogPage = () => <ResourcePage def={tradeBlackLogPage} />;
