/**
 * Creating a merchant: the fields a merchant needs to start (the rest is edited later in the list),
 * then the signing secret the server answers once.
 */
import { mchList } from '@payops/contracts/resources/mch/mch-list';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../engine/action-dialog.tsx';
import { fieldRules } from '../../engine/form-rules.ts';
import { api } from '../../lib/api.ts';

const RATE = /^(0(\.\d{1,6})?|1(\.0{1,6})?)$/;

export interface Created {
  mchNo: string;
  signSecret: string;
}

export function CreateMerchantDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (c: Created) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, string>>();
  const field = (name: string) => t(`field.mchList.${name}`);

  const submit = async () => {
    const values = await form.validateFields();
    const body = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== ''));
    onCreated(await api<Created>(mchList.actions.add!.path, { method: 'POST', body }));
  };

  return (
    <ActionDialog title={t('mchPage.create')} onClose={onClose} onSubmit={submit} testId="create-submit">
      <Form form={form} layout="vertical" initialValues={{ depositRate: '0.012', withdrawRate: '0.008' }}>
        <Form.Item
          name="name"
          label={field('name')}
          rules={[{ required: true, min: 2, max: 64, whitespace: true }]}
        >
          <Input data-testid="create-name" />
        </Form.Item>
        <Form.Item
          name="depositRate"
          label={field('depositRate')}
          rules={[{ required: true, pattern: RATE }]}
        >
          <Input inputMode="decimal" data-testid="create-depositRate" />
        </Form.Item>
        <Form.Item
          name="withdrawRate"
          label={field('withdrawRate')}
          rules={[{ required: true, pattern: RATE }]}
        >
          <Input inputMode="decimal" data-testid="create-withdrawRate" />
        </Form.Item>
        <Form.Item
          name="notifyUrl"
          label={field('notifyUrl')}
          rules={fieldRules(mchList.fields.notifyUrl, t)}
        >
          <Input data-testid="create-notifyUrl" />
        </Form.Item>
        <Form.Item name="contact" label={field('contact')} rules={[{ max: 32 }]}>
          <Input data-testid="create-contact" />
        </Form.Item>
        <Form.Item name="phone" label={field('phone')} rules={fieldRules(mchList.fields.phone, t)}>
          <Input data-testid="create-phone" />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}
