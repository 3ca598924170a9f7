/**
 * Trade market pages (contracts resources/trade): the pools, rules and order timeouts. Each is its definition; the market's
 * pages live in a few files so a page loads only its own definitions (index.ts).
 */
import {
  trade_pool_config_page,
  trade_rule_config_page,
  tradeOrderTimeout,
} from '@payops/contracts/resources/trade/trade-config';
import { ResourcePage } from '../../engine/resource-page.tsx';

export const TradePoolPage = () => <ResourcePage def={trade_pool_config_page} />;
export const TradeRulePage = () => <ResourcePage def={trade_rule_config_page} />;
export const TradeTimeoutPage = () => <ResourcePage def={tradeOrderTimeout} />;
