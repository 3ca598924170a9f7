/**
 * tradeMock/tradeMockSon: the simulator's control page. Its lists are definitions (the sandbox's
 * orders and ads, views of the market's, and the automatic traders), refreshed live; the panels above
 * drive the sandbox: start and stop the automatic traders, set the mock rate, post an ad; each row
 * offers the steps of its state (take, pay with a voucher, confirm, cancel, dispute, resolve).
 */
import { tradeMockSon } from '@payops/contracts/resources/mockTrade/trade-mock-views';
import Radio from 'antd/es/radio';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
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
  // The orders view is the page's own list (contracts pageList); the other views read nothing from
  // the URL and load with their definitions when opened. A button group, not antd's Tabs (11 KB gzip
  // on a page at its budget): one view is rendered at a time, as Tabs did with destroyInactiveTabPane.
  const [view, setView] = useState<'orders' | 'sell' | 'buy' | 'traders'>('orders');
  const later = (tab: ReactNode) => <Suspense fallback={null}>{tab}</Suspense>;
  const views = {
    orders: <ResourcePage def={tradeMockSon} overrides={orders} />,
    sell: later(<AdsTab side="sell" />),
    buy: later(<AdsTab side="buy" />),
    traders: later(<TradersTab />),
  };
  return (
    <div>
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        value={view}
        onChange={(e) => setView(e.target.value)}
        data-testid="mock-views"
        style={{ marginBottom: 16 }}
        options={[
          { value: 'orders', label: t('mock.tabOrders') },
          { value: 'sell', label: t('mock.tabSellAds') },
          { value: 'buy', label: t('mock.tabBuyAds') },
          { value: 'traders', label: t('mock.tabTraders') },
        ]}
      />
      {views[view]}
    </div>
  );
}
