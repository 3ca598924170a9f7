/**
 * tradeMock/tradeMockSon: the simulator's control page. Its lists are definitions (the sandbox's
 * orders and ads, views of the market's, and the automatic traders), refreshed live; the panels above
 * drive the sandbox: start and stop the automatic traders, set the mock rate, post an ad; each row
 * offers the steps of its state (take, pay with a voucher, confirm, cancel, dispute, resolve).
 */
import { tradeMockTraders } from '@payops/contracts/resources/mockTrade/mock-traders';
import {
  tradeMockBuyAds,
  tradeMockSellAds,
  tradeMockSon,
} from '@payops/contracts/resources/mockTrade/trade-mock-views';
import Space from 'antd/es/space';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { PageContext, ResourceOverrides } from '../../engine/types.ts';
import { useLiveTick } from './live-refresh.ts';
import { useMockLabels } from './mock-labels.ts';
import { AdActions, OrderActions } from './order-actions.tsx';

// The sandbox's controls are forms (antd's form engine and InputNumber, some 25 KB gzip): each is
// its own chunk, fetched as the page renders, so the list's first paint does not wait for them.
const TradersPanel = lazy(() => import('./traders-panel.tsx').then((m) => ({ default: m.TradersPanel })));
const RatePanel = lazy(() => import('./rate-panel.tsx').then((m) => ({ default: m.RatePanel })));
const AdForm = lazy(() => import('./ad-form.tsx').then((m) => ({ default: m.AdForm })));
// The sandbox merchant's card shows what it fetches; its code (antd's Descriptions) comes the same way.
const SandboxCard = lazy(() => import('./sandbox-card.tsx').then((m) => ({ default: m.SandboxCard })));

/** Refreshes the list it sits above every few seconds; the sandbox card with it. */
function Live({ ctx, children }: { ctx: PageContext; children?: ReactNode }) {
  const { t } = useTranslation();
  const tick = useLiveTick(ctx.refresh);
  return (
    <div>
      <Space align="start">
        <Suspense fallback={null}>
          <SandboxCard tick={tick} page="tradeMock" />
        </Suspense>
        <Tag color="processing">{t('mock.live')}</Tag>
      </Space>
      {children}
    </div>
  );
}

export function TradeMockPage() {
  useMockLabels();
  const { t } = useTranslation();
  const pages = useMemo(() => {
    const orders: ResourceOverrides = {
      header: (ctx) => (
        <Live ctx={ctx}>
          <Suspense fallback={null}>
            <TradersPanel onChanged={ctx.refresh} />
            <RatePanel />
            <AdForm onPosted={ctx.refresh} />
          </Suspense>
        </Live>
      ),
      extraRowActions: (row, ctx) => <OrderActions row={row} onDone={ctx.refresh} />,
    };
    // The orders tab is the page's own list (contracts pageList); the other tabs read nothing from the URL.
    const ads = (side: 'buy' | 'sell'): ResourceOverrides => ({
      header: (ctx) => <Live ctx={ctx} />,
      extraRowActions: (row, ctx) => <AdActions row={row} side={side} onDone={ctx.refresh} />,
    });
    return {
      orders,
      buy: ads('buy'),
      sell: ads('sell'),
      traders: { header: (ctx: PageContext) => <Live ctx={ctx} /> },
    };
  }, []);
  return (
    <Tabs
      destroyInactiveTabPane
      items={[
        {
          key: 'orders',
          label: t('mock.tabOrders'),
          children: <ResourcePage def={tradeMockSon} overrides={pages.orders} />,
        },
        {
          key: 'sell',
          label: t('mock.tabSellAds'),
          children: <ResourcePage def={tradeMockSellAds} overrides={pages.sell} />,
        },
        {
          key: 'buy',
          label: t('mock.tabBuyAds'),
          children: <ResourcePage def={tradeMockBuyAds} overrides={pages.buy} />,
        },
        {
          key: 'traders',
          label: t('mock.tabTraders'),
          children: <ResourcePage def={tradeMockTraders} overrides={pages.traders} />,
        },
      ]}
    />
  );
}
