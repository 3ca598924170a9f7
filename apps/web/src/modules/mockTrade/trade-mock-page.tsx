/**
 * tradeMock/tradeMockSon: the simulator's control page. Its lists are definitions (the sandbox's
 * orders and ads, views of the market's, and the automatic traders), refreshed live; the panels above
 * drive the sandbox: start and stop the automatic traders, set the mock rate, post an ad; each row
 * offers the steps of its state (take, pay with a voucher, confirm, cancel, dispute, resolve).
 */
import { tradeMockSon } from '@payops/contracts/resources/mockTrade/trade-mock-views';
import Tabs from 'antd/es/tabs';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { ResourceOverrides } from '../../engine/types.ts';
import { Live } from './live.tsx';
import { useMockLabels } from './mock-labels.ts';

// The sandbox's controls are forms (antd's form engine and InputNumber, some 25 KB gzip): each is
// its own chunk, fetched as the page renders, so the list's first paint does not wait for them.
const TradersPanel = lazy(() => import('./traders-panel.tsx').then((m) => ({ default: m.TradersPanel })));
const RatePanel = lazy(() => import('./rate-panel.tsx').then((m) => ({ default: m.RatePanel })));
const AdForm = lazy(() => import('./ad-form.tsx').then((m) => ({ default: m.AdForm })));
// The rows' simulator steps (take, pay with a voucher, confirm...) likewise: the rows paint first.
const OrderActions = lazy(() => import('./order-actions.tsx').then((m) => ({ default: m.OrderActions })));
// The ads' and the automatic traders' tabs (their own definitions) load when they are opened.
const AdsTab = lazy(() => import('./ads-tab.tsx').then((m) => ({ default: m.AdsTab })));
const TradersTab = lazy(() => import('./traders-tab.tsx').then((m) => ({ default: m.TradersTab })));

export function TradeMockPage() {
  useMockLabels();
  const { t } = useTranslation();
  const orders = useMemo<ResourceOverrides>(
    () => ({
      header: (ctx) => (
        <Live ctx={ctx}>
          <Suspense fallback={null}>
            <TradersPanel onChanged={ctx.refresh} />
            <RatePanel />
            <AdForm onPosted={ctx.refresh} />
          </Suspense>
        </Live>
      ),
      extraRowActions: (row, ctx) => (
        <Suspense fallback={null}>
          <OrderActions row={row} onDone={ctx.refresh} />
        </Suspense>
      ),
    }),
    [],
  );
  // The orders tab is the page's own list (contracts pageList); the other tabs read nothing from the
  // URL and load with their definitions when opened.
  const later = (tab: ReactNode) => <Suspense fallback={null}>{tab}</Suspense>;
  return (
    <Tabs
      destroyInactiveTabPane
      items={[
        {
          key: 'orders',
          label: t('mock.tabOrders'),
          children: <ResourcePage def={tradeMockSon} overrides={orders} />,
        },
        { key: 'sell', label: t('mock.tabSellAds'), children: later(<AdsTab side="sell" />) },
        { key: 'buy', label: t('mock.tabBuyAds'), children: later(<AdsTab side="buy" />) },
        { key: 'traders', label: t('mock.tabTraders'), children: later(<TradersTab />) },
      ]}
    />
  );
}
