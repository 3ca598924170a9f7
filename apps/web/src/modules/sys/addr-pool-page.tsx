/** sys/addrPool: the engine's address pool; the "bulk import" toolbar action opens its own dialog. */
import { addrPool } from '@payops/contracts/resources/sys/addr-pool';
import { lazy, Suspense, useMemo, useState } from 'react';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { PageContext, ResourceOverrides } from '../../engine/types.ts';
import { addressFlowLink } from '../order/address-flow-link.tsx';
import { useSysLabels } from './sys-labels.ts';

// The import dialog loads when it is first opened, not with the list.
const AddrImportDialog = lazy(() =>
  import('./addr-import-dialog.tsx').then((m) => ({ default: m.AddrImportDialog })),
);

export function AddrPoolPage() {
  useSysLabels();
  const [importing, setImporting] = useState<PageContext | null>(null);
  const overrides = useMemo<ResourceOverrides>(
    () => ({
      actionHandlers: { import: (_rows, ctx) => setImporting(ctx) },
      cells: { address: addressFlowLink('address') },
    }),
    [],
  );
  return (
    <>
      <ResourcePage def={addrPool} overrides={overrides} />
      {importing && (
        <Suspense fallback={null}>
          <AddrImportDialog onClose={() => setImporting(null)} onImported={importing.refresh} />
        </Suspense>
      )}
    </>
  );
}
