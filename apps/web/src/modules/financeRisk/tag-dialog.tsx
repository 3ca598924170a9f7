/** Putting a finance tag on a member or taking it off: merchant no. and the member's account. */
import { financeTabList } from '@payops/contracts/resources/financeRisk/tags';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../engine/action-dialog.tsx';
import type { Row } from '../../engine/types.ts';
import { api } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';

export type Action = 'assign' | 'unassign';

export function TagMemberDialog({ row, action, onClose }: { row: Row; action: Action; onClose: () => void }) {
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
