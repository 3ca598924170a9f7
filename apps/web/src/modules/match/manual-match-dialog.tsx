/** An operator's manual match: a waiting matched deposit (by order no.) into one pool entry (by id). */
import { findTransferMatchByPage } from '@payops/contracts/resources/match/match-list';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../engine/action-dialog.tsx';
import { api } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';

const T = 'findTransferMatchByPage';

export function ManualMatchDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ depositOrderNo: string; poolId: number }>();
  const submit = async () => {
    const v = await form.validateFields();
    await api(findTransferMatchByPage.actions.manualMatch!.path, {
      method: 'POST',
      body: { depositOrderNo: v.depositOrderNo.trim(), poolId: v.poolId },
    });
    toast.success(t(`manual.${T}.done`));
    onDone();
  };
  return (
    <ActionDialog
      title={t(`action.${T}.manualMatch`)}
      onClose={onClose}
      onSubmit={submit}
      testId="manual-match-submit"
    >
      <p>{t(`manual.${T}.hint`)}</p>
      <Form form={form} layout="vertical">
        <Form.Item
          name="depositOrderNo"
          label={t(`manual.${T}.depositOrderNo`)}
          rules={[{ required: true, message: t(`manual.${T}.required`) }]}
        >
          <Input data-testid="manual-deposit" />
        </Form.Item>
        <Form.Item
          name="poolId"
          label={t(`manual.${T}.poolId`)}
          rules={[{ required: true, message: t(`manual.${T}.required`) }]}
        >
          <InputNumber min={1} precision={0} style={{ width: '100%' }} data-testid="manual-pool" />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}
