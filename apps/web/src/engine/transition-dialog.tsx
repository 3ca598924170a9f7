/**
 * The input dialog of a lifecycle transition, built from its definition: what it does (the hint), a
 * reason with the definition's length rules, an amount with its scale, a one-time code the customer
 * was sent. The server asks for a code
 * when the grant needs one (api() opens the code prompt and resends with the same body and key); a
 * money-moving transition carries an Idempotency-Key (runAction), so a resend moves the money once.
 */
import { type ActionDef, bilingual, type ResourceDef } from '@payops/contracts/resource';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../lib/toast.ts';
import { ActionDialog } from './action-dialog.tsx';
import { placedUnder } from './field-errors.ts';
import { amountProblemText } from './money-rule.ts';
import { runAction } from './resource-api.ts';
import { addLabels } from './resource-labels.ts';
import type { Row } from './types.ts';

const labels = bilingual({
  'transition.reason': ['原因', 'Reason'],
  'transition.reasonRule': [
    '请填写{{min}}-{{max}}字的原因',
    'Give a reason of {{min}} to {{max}} characters',
  ],
  'transition.amount': ['金额', 'Amount'],
  'transition.code': ['短信验证码', 'SMS code'],
  'transition.codeRule': ['请输入{{digits}}位数字验证码', 'Enter the {{digits}}-digit code'],
  'transition.current': ['当前状态：{{state}}', 'Current state: {{state}}'],
});

/**
 * A required amount under its currency's rule (money.ts), the one the server's edge applies: the
 * message says what is wrong (too many decimals, not above zero) in the operator's language.
 */
export function amountRule(currency: string, label: string) {
  return {
    required: true,
    validator: async (_: unknown, value: string | undefined) => {
      const problem = amountProblemText(value?.trim() ?? '', currency, 'positive', label);
      if (problem) throw new Error(problem);
    },
  };
}

export function TransitionDialog({
  def,
  action,
  row,
  onClose,
  onDone,
}: {
  def: ResourceDef;
  action: ActionDef;
  row: Row;
  onClose: () => void;
  onDone: () => void;
}) {
  useState(() => addLabels('@transitions', labels));
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason?: string; amount?: string; code?: string }>();
  const lifecycle = def.lifecycle!;
  const transition = lifecycle.transitions[action.transition!]!;
  const { reason, amount, code } = transition.input;
  const state = String(row[lifecycle.field]);
  // The status field's own option label (a view's definition shares its base's labels).
  const stateLabel = def.fields[lifecycle.field]?.options.find((o) => String(o.value) === state)?.label;

  const submit = async () => {
    const values = await form.validateFields();
    const input: Row = {};
    if (reason && values.reason?.trim()) input.reason = values.reason.trim();
    if (amount && values.amount) input.amount = values.amount.trim();
    if (code && values.code) input.code = values.code.trim();
    const fields = Object.keys(transition.input);
    await runAction(def, action, [row], input, fields).catch(placedUnder(form, fields));
    toast.success(t('engine.done'));
    onDone();
  };

  return (
    <ActionDialog title={t(action.label)} onClose={onClose} onSubmit={submit} testId="transition-submit">
      <Typography.Paragraph type="secondary" data-testid="transition-hint">
        {t('transition.current', { state: stateLabel ? t(stateLabel) : state })}
        {transition.hint && (
          <>
            <br />
            {t(transition.hint)}
          </>
        )}
      </Typography.Paragraph>
      <Form form={form} layout="vertical">
        {amount && (
          <Form.Item
            name="amount"
            label={t('transition.amount')}
            rules={[amountRule(amount.currency, t('transition.amount'))]}
          >
            <Input inputMode="decimal" data-testid="transition-amount" />
          </Form.Item>
        )}
        {code && (
          <Form.Item
            name="code"
            label={t('transition.code')}
            rules={[
              {
                required: true,
                pattern: new RegExp(`^\\d{${code.digits}}$`),
                message: t('transition.codeRule', { digits: code.digits }),
              },
            ]}
          >
            <Input
              inputMode="numeric"
              maxLength={code.digits}
              autoComplete="one-time-code"
              data-testid="transition-code"
            />
          </Form.Item>
        )}
        {reason && (
          <Form.Item
            name="reason"
            label={t('transition.reason')}
            rules={[
              {
                required: reason.required,
                min: reason.min,
                max: reason.max,
                whitespace: reason.required,
                message: t('transition.reasonRule', { min: reason.min, max: reason.max }),
              },
            ]}
          >
            <Input.TextArea rows={3} maxLength={reason.max} showCount data-testid="transition-reason" />
          </Form.Item>
        )}
      </Form>
    </ActionDialog>
  );
}
