/**
 * mockOrderTest/mockOrderTestSon: the test orders of the sandbox merchant (its definition's list,
 * refreshed live), above it the sandbox merchant's card and the form that places a test deposit or
 * withdrawal. The server signs the merchant API call; the browser never sees the secret.
 */
import { mockOrderTestSon } from '@payops/contracts/resources/mockTrade/mock-order-test';
import { MockPermission } from '@payops/contracts/resources/mockTrade/permissions';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { PageContext, ResourceOverrides } from '../../engine/types.ts';
import { useCan } from '../../lib/permissions.tsx';
import { useLiveTick } from './live-refresh.ts';
import { useMockLabels } from './mock-labels.ts';
import { SandboxCard } from './sandbox-card.tsx';

// The place form (antd's form engine, some 16 KB gzip) is its own chunk, fetched as the page renders.
const PlaceForm = lazy(() => import('./place-form.tsx').then((m) => ({ default: m.PlaceForm })));

function Header({ ctx }: { ctx: PageContext }) {
  const { t } = useTranslation();
  const can = useCan();
  const tick = useLiveTick(ctx.refresh);
  return (
    <div>
      <Space align="start">
        <SandboxCard tick={tick} page="mockOrderTest" />
        <Tag color="processing">{t('mock.live')}</Tag>
      </Space>
      {can(MockPermission.placeTest) && (
        <Suspense fallback={null}>
          <PlaceForm onPlaced={ctx.refresh} />
        </Suspense>
      )}
    </div>
  );
}

export function MockOrderTestPage() {
  useMockLabels();
  const overrides = useMemo<ResourceOverrides>(() => ({ header: (ctx) => <Header ctx={ctx} /> }), []);
  return <ResourcePage def={mockOrderTestSon} overrides={overrides} />;
}
