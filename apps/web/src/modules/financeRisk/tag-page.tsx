/** financeTabList: the tag definitions, and the dialog that puts a tag on a member or takes it off. */
import { financeTabList } from '@payops/contracts/resources/financeRisk/tags';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../engine/action-dialog.tsx';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { PageContext, ResourceOverrides, Row } from '../../engine/types.ts';
import { api } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';

type Action = 'assign' | 'unassign';

function TagMemberDialog({ row, action, onClose }: { row: Row; action: Action; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ mchNo: string; memberAccount: string }>();
  const submit = async () => {
    const v = await form.validateFields();
    const answer = await api<{ financeTags: string }>(financeTabList.actions[action]!.path, {
      method: 'POST',
      body: { id: row.id, mchNo: v.mchNo.trim(), memberAccount: v.memberAccount.trim() },
    });
    toast.success(t('dialog.financeTabList.done', { tags: answer.financeTags || '-' }));
    onClose();
  };
  return (
    <ActionDialog
      title={`${t(`action.financeTabList.${action}`)}: ${String(row.name)}`}
      onClose={onClose}
      onSubmit={submit}
      testId="tag-submit"
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="mchNo"
          label={t('dialog.financeTabList.mchNo')}
          rules={[{ required: true, max: 40 }]}
        >
          <Input data-testid="tag-mch" />
        </Form.Item>
        <Form.Item
          name="memberAccount"
          label={t('dialog.financeTabList.memberAccount')}
          rules={[{ required: true, max: 64 }]}
        >
          <Input data-testid="tag-member" />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}

export function FinanceTagPage() {
  const [open, setOpen] = useState<{ row: Row; action: Action; ctx: PageContext } | null>(null);
  const overrides = useMemo<ResourceOverrides>(
    () => ({
      actionHandlers: {
        assign: (rows, ctx) => rows[0] && setOpen({ row: rows[0], action: 'assign', ctx }),
        unassign: (rows, ctx) => rows[0] && setOpen({ row: rows[0], action: 'unassign', ctx }),
      },
    }),
    [],
  );
  return (
    <>
      <ResourcePage def={financeTabList} overrides={overrides} />
      {open && (
        <TagMemberDialog
          row={open.row}
          action={open.action}
          onClose={() => {
            open.ctx.refresh();
            setOpen(null);
          }}
        />
      )}
    </>
  );
}
