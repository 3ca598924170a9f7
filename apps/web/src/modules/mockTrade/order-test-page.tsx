/**
 * mockOrderTest/mockOrderTestSon: the test orders of the sandbox merchant (its definition's list,
 * refreshed live), above it the sandbox merchant's card and the form that places a test deposit or
 * withdrawal. The server signs the merchant API call; the browser never sees the secret.
 */
import { PAY_TYPE_LABELS } from '@payops/contracts/resources/mch/common';
import { mockOrderTestSon } from '@payops/contracts/resources/mockTrade/mock-order-test';
import { MockPermission } from '@payops/contracts/resources/mockTrade/permissions';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { PageContext, ResourceOverrides } from '../../engine/types.ts';
import { api } from '../../lib/api.ts';
import { useCan } from '../../lib/permissions.tsx';
import { toast } from '../../lib/toast.ts';
import { useLiveTick } from './live-refresh.ts';
import { useMockLabels } from './mock-labels.ts';
import { SandboxCard } from './sandbox-card.tsx';

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

function PlaceForm({ onPlaced }: { onPlaced: () => void }) {
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

function Header({ ctx }: { ctx: PageContext }) {
  const { t } = useTranslation();
  const can = useCan();
  const tick = useLiveTick(ctx.refresh);
  return (
    <div>
      <Space align="start">
        <SandboxCard tick={tick} />
        <Tag color="processing">{t('mock.live')}</Tag>
      </Space>
      {can(MockPermission.placeTest) && <PlaceForm onPlaced={ctx.refresh} />}
    </div>
  );
}

export function MockOrderTestPage() {
  useMockLabels();
  const overrides = useMemo<ResourceOverrides>(() => ({ header: (ctx) => <Header ctx={ctx} /> }), []);
  return <ResourcePage def={mockOrderTestSon} overrides={overrides} />;
}
