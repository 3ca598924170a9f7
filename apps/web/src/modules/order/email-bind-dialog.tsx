/**
 * Binding an unmatched email order to the match it pays, by hand: a payer-paid match (searchable by
 * its number) and a reason; the server checks the match waits and has the email's amount, asks for
 * the authenticator code, and confirms the match in the same step.
 */
import { emailOrder } from '@payops/contracts/resources/order/email-order';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../engine/action-dialog.tsx';
// The dialog is loaded on use: the ref select comes with it (not through the engine's lazy wrapper).
import RefSelect from '../../engine/ref-select.tsx';
import type { Row } from '../../engine/types.ts';
import { api } from '../../lib/api.ts';

/** The email order's match field, offering only the matches waiting for their receiver. */
const waitingMatch = {
  ...emailOrder.fields.matchId,
  ref: { ...emailOrder.fields.matchId.ref!, filters: { status: 'payer_paid' } },
};

export function EmailBindDialog({
  row,
  onClose,
  onBound,
}: {
  row: Row;
  onClose: () => void;
  onBound: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ matchId: number; reason: string }>();
  const submit = async () => {
    const values = await form.validateFields();
    await api(emailOrder.actions.bind!.path, { method: 'POST', body: { id: Number(row.id), ...values } });
    onBound();
    onClose();
  };
  return (
    <ActionDialog
      title={t('emailOrderList.bindTitle')}
      onClose={onClose}
      onSubmit={submit}
      testId="bind-submit"
    >
      <Alert type="info" title={t('emailOrderList.bindHint')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical">
        <Form.Item name="matchId" label={t('emailOrderList.bindMatch')} rules={[{ required: true }]}>
          <RefSelect field={waitingMatch} data-testid="bind-match" />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('emailOrderList.bindReason')}
          rules={[{ required: true, min: 2, max: 200 }]}
        >
          <Input.TextArea rows={3} data-testid="bind-reason" />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}
