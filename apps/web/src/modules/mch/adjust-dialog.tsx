/**
 * Adjusting a merchant's balance: type, amount (a decimal string, never a number), reason. The
 * server asks for the authenticator code (api() opens the code dialog and resends); one
 * Idempotency-Key per opened dialog makes a resend or a double click move the money once.
 */
import { mchAdjust } from '@payops/contracts/resources/mch/mch-adjust';
import { mchList } from '@payops/contracts/resources/mch/mch-list';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../engine/action-dialog.tsx';
import { useResourceLabels } from '../../engine/resource-labels.ts';
import type { Row } from '../../engine/types.ts';
import { api } from '../../lib/api.ts';
import { truncateMoney } from '../../lib/money.ts';
import { toast } from '../../lib/toast.ts';
import { newIdempotencyKey } from './mch-labels.ts';
import { ReasonField } from './reason-field.tsx';

const TYPES = ['credit', 'debit', 'freeze', 'unfreeze'] as const;
const AMOUNT = /^(?!0+(\.0+)?$)\d{1,12}(\.\d{1,2})?$/;

interface Values {
  type: (typeof TYPES)[number];
  amount: string;
  reason: string;
}

export function AdjustDialog({
  row,
  onClose,
  onDone,
}: {
  row: Row;
  onClose: () => void;
  onDone: () => void;
}) {
  // The type options are the adjustment definition's enum labels: the list page only loaded its own.
  useResourceLabels(mchAdjust);
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [key] = useState(newIdempotencyKey);

  const submit = async () => {
    const values = await form.validateFields();
    const answer = await api<{ status: string; available: string }>(mchList.actions.adjust!.path, {
      method: 'POST',
      body: { id: row.id, type: values.type, amount: values.amount.trim(), reason: values.reason.trim() },
      headers: { 'Idempotency-Key': key },
    });
    if (answer.status === 'pending') toast.info(t('mchPage.adjustPending'));
    else toast.success(t('mchPage.adjustDone', { available: truncateMoney(answer.available) }));
    onDone();
  };

  return (
    <ActionDialog
      title={t('mchPage.adjustTitle', { name: String(row.name) })}
      onClose={onClose}
      onSubmit={submit}
      testId="adjust-submit"
    >
      <Typography.Paragraph type="secondary">
        {t('mchPage.current', {
          available: truncateMoney(String(row.available)),
          frozen: truncateMoney(String(row.frozen)),
        })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ type: 'credit' }}>
        <Form.Item name="type" label={t('mchPage.type')} rules={[{ required: true }]}>
          <Radio.Group
            data-testid="adjust-type"
            options={TYPES.map((v) => ({ value: v, label: t(`enum.mchAdjust.type.${v}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('mchPage.amount')}
          rules={[{ required: true, pattern: AMOUNT, message: t('mchPage.amountRule') }]}
        >
          <Input inputMode="decimal" data-testid="adjust-amount" />
        </Form.Item>
        <ReasonField testId="adjust-reason" />
      </Form>
    </ActionDialog>
  );
}
