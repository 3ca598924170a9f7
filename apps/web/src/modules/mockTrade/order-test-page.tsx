/**
 * mockOrderTest/mockOrderTestSon: the test orders of the sandbox merchant (its definition's list,
 * refreshed live), above it the sandbox merchant's card and the form that places a test deposit or
 * withdrawal. The server signs the merchant API call; the browser never sees the secret.
 */
import { mockOrderTestSon } from '@payops/contracts/resources/mockTrade/mock-order-test';
import { MockPermission } from '@payops/contracts/resources/mockTrade/permissions';
import { lazy, Suspense, useMemo } from 'react';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { PageContext, ResourceOverrides } from '../../engine/types.ts';
import { useCan } from '../../lib/permissions.tsx';
import { Live } from './live.tsx';
import { useMockLabels } from './mock-labels.ts';

// The place form (antd's form engine, some 16 KB gzip) is its own chunk, fetched as the page renders.
const PlaceForm = lazy(() => import('./place-form.tsx').then((m) => ({ default: m.PlaceForm })));

function Header({ ctx }: { ctx: PageContext }) {
  const can = useCan();
  return (
    <Live ctx={ctx} page="mockOrderTest">
      {can(MockPermission.placeTest) && (
        <Suspense fallback={null}>
          <PlaceForm onPlaced={ctx.refresh} />
        </Suspense>
      )}
    </Live>
  );
}

export function MockOrderTestPage() {
  useMockLabels();
  const overrides = useMemo<ResourceOverrides>(() => ({ header: (ctx) => <Header ctx={ctx} /> }), []);
  return <ResourcePage def={mockOrderTestSon} overrides={overrides} />;
}
