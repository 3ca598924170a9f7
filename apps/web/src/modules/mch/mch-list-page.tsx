/**
 * mch/mchList: the engine's merchant list plus what a definition cannot say: creation with the secret
 * shown once, the adjust-balance dialog, status actions only where they apply, the secret reset, and
 * the approval list of adjustments waiting for a second operator.
 */
import type { ActionDef } from '@payops/contracts/resource';
import { mchAdjust } from '@payops/contracts/resources/mch/mch-adjust';
import { mchList } from '@payops/contracts/resources/mch/mch-list';
import Button from 'antd/es/button';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { PageContext, ResourceOverrides, Row } from '../../engine/types.ts';
import { api } from '../../lib/api.ts';
import { useConfirm } from '../../lib/confirm.tsx';
import { useCan } from '../../lib/permissions.tsx';
import { FeeRatesInput } from './fee-rates-input.tsx';
import { useMchLabels } from './mch-labels.ts';

// The dialogs load when one is first opened, not with the list (performance.md: each page ≤ 160 KB).
const AdjustDialog = lazy(() => import('./adjust-dialog.tsx').then((m) => ({ default: m.AdjustDialog })));
const CreateMerchantDialog = lazy(() =>
  import('./create-dialog.tsx').then((m) => ({ default: m.CreateMerchantDialog })),
);
const SecretDialog = lazy(() => import('./secret-dialog.tsx').then((m) => ({ default: m.SecretDialog })));
const DraggableModal = lazy(() =>
  import('../../lib/draggable-modal.tsx').then((m) => ({ default: m.DraggableModal })),
);

type Dialog =
  | { kind: 'create'; ctx: PageContext }
  | { kind: 'adjust'; row: Row; ctx: PageContext }
  | { kind: 'secret'; mchNo: string; secret: string }
  | { kind: 'approvals'; ctx: PageContext };

function visible(action: ActionDef, row: Row): boolean {
  if (action.name === 'enable') return row.status !== 'enabled';
  if (action.name === 'disable') return row.status !== 'disabled';
  if (action.name === 'freeze') return row.status !== 'frozen';
  return true;
}

function approvalVisible(action: ActionDef, row: Row): boolean {
  return action.standard || row.status === 'pending';
}

export function MchListPage() {
  useMchLabels();
  const { t } = useTranslation();
  const can = useCan();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [confirm, modalHolder] = useConfirm();

  const overrides = useMemo<ResourceOverrides>(
    () => ({
      actionVisible: visible,
      hiddenActions: ['add'],
      formInputs: { feeRates: () => <FeeRatesInput /> },
      actionHandlers: {
        adjust: (rows, ctx) => rows[0] && setDialog({ kind: 'adjust', row: rows[0], ctx }),
        // The engine's default would drop the answer; the new secret must be shown, once.
        resetSecret: (rows) =>
          rows[0] &&
          confirm({
            title: t('confirm.mchList.resetSecret'),
            okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as never,
            onOk: async () => {
              const row = rows[0]!;
              const answer = await api<{ signSecret: string }>(mchList.actions.resetSecret!.path, {
                method: 'POST',
                body: { id: row.id },
              }).catch(() => null);
              if (answer) setDialog({ kind: 'secret', mchNo: String(row.mchNo), secret: answer.signSecret });
            },
          }),
      },
      toolbarExtra: (ctx) => (
        <>
          {can(mchList.actions.add!.permission) && (
            <Button
              type="primary"
              onClick={() => setDialog({ kind: 'create', ctx })}
              data-testid="mch-create"
            >
              {t('mchPage.create')}
            </Button>
          )}
          <Button onClick={() => setDialog({ kind: 'approvals', ctx })} data-testid="mch-approvals">
            {t('mchPage.approvals')}
          </Button>
        </>
      ),
    }),
    [t, can, confirm],
  );
  const approvals = useMemo<ResourceOverrides>(() => ({ actionVisible: approvalVisible }), []);
  const close = () => setDialog(null);

  return (
    <>
      {modalHolder}
      <ResourcePage def={mchList} overrides={overrides} />
      {/* Its own boundary: the list must not blank out while a dialog's code loads. */}
      <Suspense fallback={null}>
        {dialog?.kind === 'create' && (
          <CreateMerchantDialog
            onClose={close}
            onCreated={(c) => {
              dialog.ctx.refresh();
              setDialog({ kind: 'secret', mchNo: c.mchNo, secret: c.signSecret });
            }}
          />
        )}
        {dialog?.kind === 'adjust' && (
          <AdjustDialog
            row={dialog.row}
            onClose={close}
            onDone={() => {
              dialog.ctx.refresh();
              close();
            }}
          />
        )}
        {dialog?.kind === 'secret' && (
          <SecretDialog mchNo={dialog.mchNo} secret={dialog.secret} onClose={close} />
        )}
        {dialog?.kind === 'approvals' && (
          <DraggableModal
            open
            width={1100}
            title={t('mchPage.approvals')}
            footer={null}
            onCancel={() => {
              dialog.ctx.refresh();
              close();
            }}
          >
            <ResourcePage def={mchAdjust} overrides={approvals} />
          </DraggableModal>
        )}
      </Suspense>
    </>
  );
}
