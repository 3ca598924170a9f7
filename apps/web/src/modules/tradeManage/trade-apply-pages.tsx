/**
 * Trade market pages (contracts resources/trade): the buy and sell applications and their logs. Each is its definition; the market's
 * pages live in a few files so a page loads only its own definitions (index.ts).
 */
import {
  buyorderApplyPage,
  sellorderApplyPage,
  tradeBuyApplyLogPage,
  tradeSellApplyLogPage,
} from '@payops/contracts/resources/trade/trade-apply';
import { ResourcePage } from '../../engine/resource-page.tsx';

export const BuyApplyPage = () => <ResourcePage def={buyorderApplyPage} />;
export const SellApplyPage = () => <ResourcePage def={sellorderApplyPage} />;
export const BuyApplyLogPage = () => <ResourcePage def={tradeBuyApplyLogPage} />;
export const SellApplyLogPage = () => <ResourcePage def={tradeSellApplyLogPage} />;
