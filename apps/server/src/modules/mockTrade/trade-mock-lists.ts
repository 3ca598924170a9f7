/** The sandbox's ad list of a side (a view of the market's ad definition of that side). */
import { tradeMockBuyAds, tradeMockSellAds } from '@payops/contracts';
import type { TraderSide } from './sandbox.schema.ts';

export const tradeAdList = (side: TraderSide) => (side === 'buy' ? tradeMockBuyAds : tradeMockSellAds);
