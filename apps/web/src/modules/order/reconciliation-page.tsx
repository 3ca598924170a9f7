/**
 * order/reconciliationPage: the statements (a definition). What a definition cannot say: the toolbar's
 * upload and fetch open their dialog (third party, day, file); an importing statement's progress
 * (processed / lines) polls until it is done; and the detail drawer lists the statement's lines as
 * their own resource page, with the category and resolution filters and each line's transitions
 * (the generated child list has neither).
 */
import { reconciliationLines, reconciliationPage } from '@payops/contracts/resources/order/reconciliation';
import Progress from 'antd/es/progress';
import Typography from 'antd/es/typography';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRefreshResource } from '../../engine/resource-api.ts';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { PageContext, ResourceOverrides, Row } from '../../engine/types.ts';
import { useReconLabels } from './recon-labels.ts';
import type { ReconDialogMode } from './recon-upload-dialog.tsx';

const ReconUploadDialog = lazy(() =>
  import('./recon-upload-dialog.tsx').then((m) => ({ default: m.ReconUploadDialog })),
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
  return (
    <span data-testid="recon-progress" style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <Progress
        type="line"
        size="small"
        style={{ width: 80, margin: 0 }}
        percent={percent}
        status={row.status === 'failed' ? 'exception' : importing ? 'active' : 'normal'}
        showInfo={false}
      />
      {done}/{total}
    </span>
  );
}

function StatementLines({ row }: { row: Row }) {
  const { t } = useTranslation();
  const overrides = useMemo<ResourceOverrides>(
    () => ({ fixedFilters: { statementId: row.id }, urlFilters: false }),
    [row.id],
  );
  return (
    <section className="engine-detail-section" data-testid="recon-lines">
      <Typography.Title level={5}>{t('recon.lines')}</Typography.Title>
      <ResourcePage def={reconciliationLines} overrides={overrides} />
    </section>
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
      detail: (row) => <StatementLines row={row} />,
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
