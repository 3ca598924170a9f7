/** sys/opearlog: the read-only operation log; each row's details open a drawer with the change diff. */
import { opearlog } from '@payops/contracts/resources/sys/opearlog';
import { lazy, Suspense, useMemo } from 'react';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { ResourceOverrides } from '../../engine/types.ts';
import { useSysLabels } from './sys-labels.ts';

// The details load with the drawer, on the first row opened.
const OpearlogDetail = lazy(() => import('./opearlog-detail.tsx'));

export function OpearlogPage() {
  useSysLabels();
  const overrides = useMemo<ResourceOverrides>(
    () => ({
      detail: (row) => (
        <Suspense fallback={null}>
          <OpearlogDetail row={row} />
        </Suspense>
      ),
    }),
    [],
  );
  return <ResourcePage def={opearlog} overrides={overrides} />;
}
