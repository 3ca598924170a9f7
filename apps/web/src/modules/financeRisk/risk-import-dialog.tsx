/**
 * Bulk import into a risk list: a kind, one value per line (`value[,reason]`) and a default reason.
 * All or nothing: the server names the first bad line and imports none (its message is toasted and
 * the dialog stays open to correct it).
 */
import type { ResourceDef } from '@payops/contracts/resource';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import message from 'antd/es/message';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../engine/action-dialog.tsx';
import { api } from '../../lib/api.ts';

interface ImportForm {
  kind: string;
  text: string;
  reason: string;
}

export function RiskImportDialog({
  def,
  onClose,
  onImported,
}: {
  def: ResourceDef;
  onClose: () => void;
  onImported: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ImportForm>();
  const kinds = def.fields.kind?.options ?? [];
  const submit = async () => {
    const values = await form.validateFields();
    const answer = await api<{ imported: number }>(def.actions.import!.path, {
      method: 'POST',
      body: values,
    });
    void message.success(t('riskPage.imported', { count: answer.imported }));
    onImported();
    onClose();
  };
  return (
    <ActionDialog
      width={640}
      title={t('riskPage.importTitle', { list: t(`route.financeRisk.${def.page}`) })}
      onClose={onClose}
      onSubmit={submit}
      testId="risk-import-submit"
    >
      <Form form={form} layout="vertical" initialValues={{ kind: kinds[0]?.value }}>
        <Form.Item name="kind" label={t(`field.${def.name}.kind`)} rules={[{ required: true }]}>
          <Select
            options={kinds.map((o) => ({ value: o.value, label: t(o.label) }))}
            data-testid="risk-import-kind"
          />
        </Form.Item>
        <Form.Item
          name="text"
          label={t('riskPage.importText')}
          rules={[{ required: true, whitespace: true, message: t('riskPage.importRequired') }]}
        >
          <Input.TextArea rows={8} spellCheck={false} data-testid="risk-import-text" />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('riskPage.importReason')}
          rules={[{ required: true, min: 2, max: 200 }]}
        >
          <Input data-testid="risk-import-reason" />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}
