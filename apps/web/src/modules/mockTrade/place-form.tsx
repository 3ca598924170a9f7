/**
 * The form of mockOrderTest/mockOrderTestSon that places a test deposit or withdrawal for the sandbox
 * merchant (POST /api/mockOrderTest/place). Its own chunk: the page loads it as it renders.
 */
import { PAY_TYPE_LABELS } from '@payops/contracts/resources/mch/common';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import Select from 'antd/es/select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';

interface Placed {
  id: number;
  orderNo: string | null;
  answerCode: number;
  answerMessage: string;
}

type Values = {
  direction: 'deposit' | 'withdraw';
  amount: string;
  payType?: string;
  outcome?: 'success' | 'fail' | 'hold';
  bankName?: string;
  accountName?: string;
  accountNo?: string;
};

export function PlaceForm({ onPlaced }: { onPlaced: () => void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const direction = Form.useWatch('direction', form) ?? 'deposit';
  const zh = i18n.language === 'zh-CN';
  const required = { required: true, message: t('mock.required') };
  const submit = async () => {
    const v = await form.validateFields();
    const body =
      v.direction === 'deposit'
        ? { direction: v.direction, amount: v.amount.trim(), payType: v.payType, outcome: v.outcome }
        : {
            direction: v.direction,
            amount: v.amount.trim(),
            bankName: v.bankName?.trim(),
            accountName: v.accountName?.trim(),
            accountNo: v.accountNo?.trim(),
          };
    setBusy(true);
    try {
      const placed = await api<Placed>('/api/mockOrderTest/place', { method: 'POST', body });
      if (placed.answerCode === 0) toast.success(t('mock.placed', { orderNo: placed.orderNo }));
      else toast.error(t('mock.refused', { message: placed.answerMessage }));
      onPlaced();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form
      form={form}
      layout="inline"
      initialValues={{ direction: 'deposit', payType: 'alipay', outcome: 'success' }}
      style={{ marginBottom: 12, rowGap: 8 }}
      data-testid="order-test-form"
    >
      <Form.Item name="direction" label={t('mock.direction')}>
        <Select
          style={{ width: 120 }}
          data-testid="order-test-direction"
          options={[
            { value: 'deposit', label: t('mock.deposit') },
            { value: 'withdraw', label: t('mock.withdraw') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="amount"
        label={t('mock.amount')}
        rules={[required, { pattern: /^\d{1,12}(\.\d{1,2})?$/, message: t('mock.amountRule') }]}
      >
        <Input style={{ width: 120 }} data-testid="order-test-amount" />
      </Form.Item>
      {direction === 'deposit' ? (
        <>
          <Form.Item name="payType" label={t('mock.payType')} rules={[required]}>
            <Select
              style={{ width: 140 }}
              options={Object.entries(PAY_TYPE_LABELS).map(([value, l]) => ({
                value,
                label: zh ? l[0] : l[1],
              }))}
            />
          </Form.Item>
          <Form.Item name="outcome" label={t('mock.outcome')}>
            <Select
              style={{ width: 130 }}
              data-testid="order-test-outcome"
              options={(['success', 'fail', 'hold'] as const).map((o) => ({
                value: o,
                label: t(`mock.outcome.${o}`),
              }))}
            />
          </Form.Item>
        </>
      ) : (
        <>
          <Form.Item name="bankName" label={t('mock.bankName')} rules={[required]}>
            <Input style={{ width: 120 }} data-testid="order-test-bank" />
          </Form.Item>
          <Form.Item name="accountName" label={t('mock.accountName')} rules={[required]}>
            <Input style={{ width: 120 }} data-testid="order-test-name" />
          </Form.Item>
          <Form.Item
            name="accountNo"
            label={t('mock.accountNo')}
            rules={[required, { pattern: /^\d{6,32}$/, message: t('mock.accountNoRule') }]}
          >
            <Input style={{ width: 180 }} data-testid="order-test-account" />
          </Form.Item>
        </>
      )}
      <Form.Item>
        <Button type="primary" loading={busy} onClick={submit} data-testid="order-test-place">
          {t('mock.place')}
        </Button>
      </Form.Item>
    </Form>
  );
}
