/**
 * Adjusting a merchant's balance: type, amount (a decimal string, never a number), reason. Before
 * submitting, the dialog shows the approval threshold (maker-checker is visible, issue 17 item 4) and
 * says when this amount will wait for a second operator. The server asks for the authenticator code
 * (api() opens the code dialog and resends); one Idempotency-Key per opened dialog makes a resend or
 * a double click move the money once.
 */
import { compareDecimal, truncateMoney } from '@payops/contracts/decimal';
import { ADJUST_CURRENCY, mchAdjust } from '@payops/contracts/resources/mch/mch-adjust';
import { mchList } from '@payops/contracts/resources/mch/mch-list';
import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../engine/action-dialog.tsx';
import { placedUnder } from '../../engine/field-errors.ts';
import { newIdempotencyKey } from '../../engine/resource-api.ts';
import { useResourceLabels } from '../../engine/resource-labels.ts';
import { amountRule } from '../../engine/transition-dialog.tsx';
import type { Row } from '../../engine/types.ts';
import { api } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { ReasonField } from './reason-field.tsx';

interface Values {
  type: string;
  amount: string;
  reason: string;
}

/** The inputs a refusal of the adjustment may name (placed under them, not toasted). */
const FIELDS = ['type', 'amount', 'reason'];

interface AdjustRules {
  approvalThreshold: string;
  currency: string;
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
  // The adjustment types' labels belong to mchAdjust, whose list may not have been opened yet.
  useResourceLabels(mchAdjust);
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [key] = useState(newIdempotencyKey);
  const rules = useQuery({
    queryKey: ['mch', 'adjustRules'],
    queryFn: () => api<AdjustRules>(`${mchList.api}/adjustRules`),
  }).data;
  const amount = Form.useWatch('amount', form)?.trim() ?? '';
  const aboveThreshold =
    !!rules && /^\d+(\.\d+)?$/.test(amount) && compareDecimal(amount, rules.approvalThreshold) > 0;

  // What the type takes the amount from, checked before the code is asked for (the server checks again).
  const balanceRule = {
    validator: async (_: unknown, value: string | undefined) => {
      const type = form.getFieldValue('type') as string;
      const from = type === 'unfreeze' ? 'frozen' : type === 'credit' ? null : 'available';
      const typed = value?.trim() ?? '';
      if (!from || !/^\d+(\.\d+)?$/.test(typed)) return;
      const balance = String(row[from]);
      if (compareDecimal(typed, balance) > 0) {
        throw new Error(t(`mchPage.over.${from}`, { balance: truncateMoney(balance) }));
      }
    },
  };

  const submit = async () => {
    const values = await form.validateFields();
    const answer = await api<{ status: string; available: string }>(mchList.actions.adjust!.path, {
      method: 'POST',
      body: { id: row.id, type: values.type, amount: values.amount.trim(), reason: values.reason.trim() },
      headers: { 'Idempotency-Key': key },
      fields: FIELDS,
    }).catch(placedUnder(form, FIELDS));
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
      {rules && (
        <Typography.Paragraph type="secondary" data-testid="adjust-threshold">
          {t('mchPage.threshold', { threshold: truncateMoney(rules.approvalThreshold) })}
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" initialValues={{ type: 'credit' }}>
        <Form.Item name="type" label={t('mchPage.type')} rules={[{ required: true }]}>
          <Radio.Group
            data-testid="adjust-type"
            options={mchAdjust.fields.type.options.map((o) => ({ value: o.value, label: t(o.label) }))}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('mchPage.amount')}
          dependencies={['type']}
          rules={[amountRule(rules?.currency ?? ADJUST_CURRENCY, t('mchPage.amount')), balanceRule]}
        >
          <Input inputMode="decimal" data-testid="adjust-amount" />
        </Form.Item>
        {aboveThreshold && (
          <Alert
            type="warning"
            showIcon
            title={t('mchPage.needsApproval')}
            data-testid="adjust-needs-approval"
            style={{ marginBottom: 16 }}
          />
        )}
        <ReasonField testId="adjust-reason" />
      </Form>
    </ActionDialog>
  );
}
