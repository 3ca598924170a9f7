/** The simulator page's buy and sell ads tabs: loaded when opened (the ad definitions with them). */
import { tradeMockBuyAds, tradeMockSellAds } from '@payops/contracts/resources/mockTrade/trade-mock-ad-views';
import { useMemo } from 'react';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { ResourceOverrides } from '../../engine/types.ts';
import { Live } from './live.tsx';
import { AdActions } from './order-actions.tsx';

export function AdsTab({ side }: { side: 'buy' | 'sell' }) {
  const overrides = useMemo<ResourceOverrides>(
    () => ({
      header: (ctx) => <Live ctx={ctx} />,
      extraRowActions: (row, ctx) => <AdActions row={row} side={side} onDone={ctx.refresh} />,
    }),
    [side],
  );
  return <ResourcePage def={side === 'buy' ? tradeMockBuyAds : tradeMockSellAds} overrides={overrides} />;
}
