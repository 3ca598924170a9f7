/** sys/addrPool: the engine's address pool; the "bulk import" toolbar action opens its own dialog. */
import { addrPool } from '@payops/contracts/resources/sys/addr-pool';
import { useMemo, useState } from 'react';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { PageContext, ResourceOverrides } from '../../engine/types.ts';
import { AddrImportDialog } from './addr-import-dialog.tsx';
import { useSysLabels } from './sys-labels.ts';

export function AddrPoolPage() {
  useSysLabels();
  const [importing, setImporting] = useState<PageContext | null>(null);
  const overrides = useMemo<ResourceOverrides>(
    () => ({ actionHandlers: { import: (_rows, ctx) => setImporting(ctx) } }),
    [],
  );
  return (
    <>
      <ResourcePage def={addrPool} overrides={overrides} />
      {importing && <AddrImportDialog onClose={() => setImporting(null)} onImported={importing.refresh} />}
    </>
  );
}
