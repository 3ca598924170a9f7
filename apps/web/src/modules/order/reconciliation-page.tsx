/**
 * order/reconciliationPage: the statements (a definition). What a definition cannot say: the toolbar's
 * upload and fetch open their dialog (third party, day, file); an importing statement's progress
 * (processed / lines) polls until it is done; and the detail drawer lists the statement's lines as
 * their own resource page, with the category and resolution filters and each line's transitions
 * (the generated child list has neither).
 */
import { reconciliationPage } from '@payops/contracts/resources/order/reconciliation';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useRefreshResource } from '../../engine/resource-api.ts';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { PageContext, ResourceOverrides, Row } from '../../engine/types.ts';
import { useReconLabels } from './recon-labels.ts';
import type { ReconDialogMode } from './recon-upload-dialog.tsx';

const ReconUploadDialog = lazy(() =>
  import('./recon-upload-dialog.tsx').then((m) => ({ default: m.ReconUploadDialog })),
);

// The drawer's lines load with the drawer, not with the list.
const StatementLines = lazy(() =>
  import('./recon-lines-section.tsx').then((m) => ({ default: m.StatementLines })),
);

const POLL_MS = 1000;

/** processed / lines; while importing, the list is reloaded every second until the import ends. */
function ImportProgress({ row }: { row: Row }) {
  const refresh = useRefreshResource(reconciliationPage);
  const importing = row.status === 'importing';
  useEffect(() => {
    if (!importing) return;
    const timer = setInterval(() => void refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [importing, refresh]);
  const total = Number(row.linesTotal) || 0;
  const done = Number(row.processed) || 0;
  const percent = total ? Math.floor((done * 100) / total) : 100;
  // A plain bar: antd's Progress would add 9 KB to the page for one cell.
  const color = row.status === 'failed' ? '#ff4d4f' : importing ? '#1677ff' : '#52c41a';
  return (
    <span data-testid="recon-progress" style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <span
        style={{
          width: 64,
          height: 6,
          borderRadius: 3,
          background: 'rgba(0,0,0,0.06)',
          display: 'inline-block',
        }}
      >
        <span
          style={{ width: `${percent}%`, height: 6, borderRadius: 3, background: color, display: 'block' }}
        />
      </span>
      {done}/{total}
    </span>
  );
}

export function ReconciliationPage() {
  useReconLabels();
  const [dialog, setDialog] = useState<{ mode: ReconDialogMode; ctx: PageContext } | null>(null);
  const overrides = useMemo<ResourceOverrides>(
    () => ({
      actionHandlers: {
        upload: (_rows, ctx) => setDialog({ mode: 'upload', ctx }),
        fetch: (_rows, ctx) => setDialog({ mode: 'fetch', ctx }),
      },
      cells: { processed: (_v, row) => <ImportProgress row={row} /> },
      detail: (row) => (
        <Suspense fallback={null}>
          <StatementLines row={row} />
        </Suspense>
      ),
    }),
    [],
  );
  return (
    <>
      <ResourcePage def={reconciliationPage} overrides={overrides} />
      {dialog && (
        <Suspense fallback={null}>
          <ReconUploadDialog
            mode={dialog.mode}
            onClose={() => setDialog(null)}
            onStarted={dialog.ctx.refresh}
          />
        </Suspense>
      )}
    </>
  );
}
