/**
 * wallet/disputeOrderPage: the definition's page, with cases past their stage deadline highlighted
 * (the SLA job sets `overdue`) and the overdue flag shown as a red tag; the row actions "assign" and
 * "add evidence" open their dialogs (dispute-dialogs.tsx, loaded on first use).
 */
import { disputeOrderPage } from '@payops/contracts/resources/wallet/wallet-disputes';
import Tag from 'antd/es/tag';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { PageContext, ResourceOverrides, Row } from '../../engine/types.ts';

const AssignDialog = lazy(() => import('./dispute-dialogs.tsx').then((m) => ({ default: m.AssignDialog })));
const EvidenceDialog = lazy(() =>
  import('./dispute-dialogs.tsx').then((m) => ({ default: m.EvidenceDialog })),
);

type Open = { kind: 'assign' | 'evidence'; row: Row; ctx: PageContext } | null;

export function DisputePage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Open>(null);
  const overrides = useMemo<ResourceOverrides>(
    () => ({
      rowClass: (row) => (row.overdue ? 'engine-row-alert' : undefined),
      cells: {
        overdue: (v) => (v ? <Tag color="red">{t('field.disputeOrderPage.overdue')}</Tag> : '-'),
      },
      actionHandlers: {
        assign: ([row], ctx) => row && setOpen({ kind: 'assign', row, ctx }),
        addEvidence: ([row], ctx) => row && setOpen({ kind: 'evidence', row, ctx }),
      },
    }),
    [t],
  );
  const Dialog = open?.kind === 'assign' ? AssignDialog : EvidenceDialog;
  return (
    <>
      <ResourcePage def={disputeOrderPage} overrides={overrides} />
      {open && (
        <Suspense fallback={null}>
          <Dialog row={open.row} onClose={() => setOpen(null)} onDone={open.ctx.refresh} />
        </Suspense>
      )}
    </>
  );
}
