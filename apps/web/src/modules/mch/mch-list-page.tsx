/**
 * mch/mchList: the engine's merchant list plus what a definition cannot say: creation with the secret
 * shown once, the adjust-balance dialog and the secret reset. Status buttons and their dialogs come
 * from the definition's lifecycle. The adjustments awaiting a second operator are the page's second
 * tab (`?tab=approvals`, so the header's approvals count can open it), itself a resource page whose
 * approve and reject are the mchAdjust lifecycle's transitions (hidden on the operator's own requests).
 */
import { mchAdjust } from '@payops/contracts/resources/mch/mch-adjust';
import { mchList } from '@payops/contracts/resources/mch/mch-list';
import Button from 'antd/es/button';
import Radio from 'antd/es/radio';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { PageContext, ResourceOverrides, Row } from '../../engine/types.ts';
import { api } from '../../lib/api.ts';
import { useConfirm } from '../../lib/confirm.tsx';
import { useCan } from '../../lib/permissions.tsx';
import { useMchLabels } from './mch-labels.ts';

// The dialogs load when one is first opened, not with the list (performance.md: each page ≤ 160 KB).
const AdjustDialog = lazy(() => import('./adjust-dialog.tsx').then((m) => ({ default: m.AdjustDialog })));
const CreateMerchantDialog = lazy(() =>
  import('./create-dialog.tsx').then((m) => ({ default: m.CreateMerchantDialog })),
);
const SecretDialog = lazy(() => import('./secret-dialog.tsx').then((m) => ({ default: m.SecretDialog })));
// Only the edit form shows the fee-rate rows (with antd's Select): loaded with the form.
const FeeRatesRows = lazy(() => import('./fee-rates-input.tsx').then((m) => ({ default: m.FeeRatesInput })));
type FeeRatesProps = Parameters<typeof import('./fee-rates-input.tsx').FeeRatesInput>[0];

/** The form item's child: hands Form.Item's value and onChange through to the lazily loaded rows. */
function FeeRatesInput(props: FeeRatesProps) {
  return (
    <Suspense fallback={null}>
      <FeeRatesRows {...props} />
    </Suspense>
  );
}

type Dialog =
  | { kind: 'create'; ctx: PageContext }
  | { kind: 'adjust'; row: Row; ctx: PageContext }
  | { kind: 'secret'; mchNo: string; secret: string };

export const APPROVALS_TAB = 'approvals';

export function MchListPage() {
  useMchLabels();
  const { t } = useTranslation();
  const can = useCan();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [confirm, modalHolder] = useConfirm();
  const [search, setSearch] = useSearchParams();
  const approvals = can(mchAdjust.actions.list!.permission);
  const tab = approvals && search.get('tab') === APPROVALS_TAB ? APPROVALS_TAB : 'merchants';
  // The approvals list loads when first shown, then stays mounted.
  const approvalsUsed = useRef(false);
  if (tab === APPROVALS_TAB) approvalsUsed.current = true;

  const overrides = useMemo<ResourceOverrides>(
    () => ({
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
      toolbarExtra: (ctx) =>
        can(mchList.actions.add!.permission) && (
          <Button type="primary" onClick={() => setDialog({ kind: 'create', ctx })} data-testid="mch-create">
            {t('mchPage.create')}
          </Button>
        ),
    }),
    [t, can, confirm],
  );
  const close = () => setDialog(null);

  return (
    <>
      {modalHolder}
      {/* Two views as a button group rather than antd's Tabs, which alone would put the page over its
          160 KB budget; each view keeps its state while the other shows. */}
      {approvals && (
        <Radio.Group
          style={{ marginBottom: 12 }}
          optionType="button"
          buttonStyle="solid"
          value={tab}
          onChange={(e) =>
            setSearch(e.target.value === APPROVALS_TAB ? { tab: APPROVALS_TAB } : {}, { replace: true })
          }
          options={[
            {
              value: 'merchants',
              label: <span data-testid="mch-tab-merchants">{t('mchPage.merchants')}</span>,
            },
            {
              value: APPROVALS_TAB,
              label: <span data-testid="mch-approvals">{t('mchPage.approvals')}</span>,
            },
          ]}
        />
      )}
      <div hidden={tab !== 'merchants'}>
        <ResourcePage def={mchList} overrides={overrides} />
      </div>
      {approvalsUsed.current && (
        <div hidden={tab !== APPROVALS_TAB}>
          <ResourcePage def={mchAdjust} />
        </div>
      )}
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
      </Suspense>
    </>
  );
}
