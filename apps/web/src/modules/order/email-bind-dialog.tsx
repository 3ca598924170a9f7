/**
 * Binding an unmatched email order by hand to the record it pays (the area's `bind`, contracts
 * email-order.ts emailBindOf): the matching's payer-paid match, or the wallet's order awaiting payment
 * (searchable by its number), and a reason; the server checks that the record waits and has the
 * email's amount, asks for the authenticator code, and confirms it in the same step.
 */
import type { ResourceDef } from '@payops/contracts';
import { emailBindOf } from '@payops/contracts/resources/order/email-order';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../engine/action-dialog.tsx';
// The dialog is loaded on use: the ref select comes with it (not through the engine's lazy wrapper).
import RefSelect from '../../engine/ref-select.tsx';
import type { Row } from '../../engine/types.ts';
import { api } from '../../lib/api.ts';

export function EmailBindDialog({
  def,
  row,
  onClose,
  onBound,
}: {
  def: ResourceDef;
  row: Row;
  onClose: () => void;
  onBound: () => void;
}) {
  const { t } = useTranslation();
  const bind = emailBindOf(def)!;
  const linked = def.fields[bind.field]!;
  // The link field, offering only the records waiting for an email.
  const waiting = { ...linked, ref: { ...linked.ref!, filters: bind.waiting } };
  const [form] = Form.useForm<Record<string, unknown>>();
  const submit = async () => {
    const values = await form.validateFields();
    await api(def.actions.bind!.path, { method: 'POST', body: { id: Number(row.id), ...values } });
    onBound();
    onClose();
  };
  return (
    <ActionDialog title={t(`${def.name}.bindTitle`)} onClose={onClose} onSubmit={submit} testId="bind-submit">
      <Alert type="info" title={t(`${def.name}.bindHint`)} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical">
        <Form.Item name={bind.field} label={t(`${def.name}.bindTarget`)} rules={[{ required: true }]}>
          <RefSelect field={waiting} data-testid="bind-match" />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t(`${def.name}.bindReason`)}
          rules={[{ required: true, min: 2, max: 200 }]}
        >
          <Input.TextArea rows={3} data-testid="bind-reason" />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}
