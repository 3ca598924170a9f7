/**
 * Creating a merchant: the fields a merchant needs to start (the rest is edited later in the list),
 * then the signing secret the server answers once.
 */
import { mchList } from '@payops/contracts/resources/mch/mch-list';
import Form from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../engine/action-dialog.tsx';
import { formInput } from '../../engine/form-input.tsx';
import { fieldRules } from '../../engine/form-rules.ts';
import { api } from '../../lib/api.ts';

/**
 * Typed by the definition's own inputs and rules, as in the edit form: a rate is typed as a
 * percentage (0.8 is 0.8 %), and a mistake is named in the operator's language.
 */
const CREATE_FIELDS = ['name', 'depositRate', 'withdrawRate', 'notifyUrl', 'contact', 'phone'] as const;

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
        {CREATE_FIELDS.map((name) => {
          const def = mchList.fields[name]!;
          return (
            <Form.Item key={name} name={name} label={field(name)} rules={fieldRules(def, t)}>
              {formInput(def, t, false)}
            </Form.Item>
          );
        })}
      </Form>
    </ActionDialog>
  );
}
