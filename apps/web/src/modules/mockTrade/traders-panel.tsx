/**
 * The automatic traders' controls: buyers and sellers, each started with a rate per minute, an
 * amount range and the shares that pay late or dispute (GET /mockTrade/{buy,sell}Start), or stopped.
 * The list beside it (tradeMockTraders) shows what runs.
 */
import { MockPermission } from '@payops/contracts/resources/mockTrade/permissions';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import InputNumber from 'antd/es/input-number';
import Space from 'antd/es/space';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { useCan } from '../../lib/permissions.tsx';
import { toast } from '../../lib/toast.ts';

type Values = {
  ratePerMinute: number;
  amountMin: string;
  amountMax: string;
  lateShare: string;
  disputeShare: string;
};

export function TradersPanel({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState<string | null>(null);
  if (!can(MockPermission.traders)) return null;
  const run = async (side: 'buy' | 'sell', what: 'Start' | 'Stop') => {
    const params = what === 'Start' ? await form.validateFields() : undefined;
    setBusy(`${side}${what}`);
    try {
      await api(`/mockTrade/${side}${what}`, { params: params as Record<string, string> | undefined });
      toast.success(t(what === 'Start' ? 'mock.started' : 'mock.stopped'));
      onChanged();
    } finally {
      setBusy(null);
    }
  };
  const button = (side: 'buy' | 'sell', what: 'Start' | 'Stop') => (
    <Button
      size="small"
      type={what === 'Start' ? 'primary' : 'default'}
      danger={what === 'Stop'}
      loading={busy === `${side}${what}`}
      onClick={() => run(side, what)}
      data-testid={`trader-${side}-${what.toLowerCase()}`}
    >
      {t(side === 'buy' ? 'mock.buyers' : 'mock.sellers')} ·{' '}
      {t(what === 'Start' ? 'mock.start' : 'mock.stop')}
    </Button>
  );
  return (
    <Form
      form={form}
      layout="inline"
      size="small"
      style={{ rowGap: 8, marginBottom: 8 }}
      initialValues={{
        ratePerMinute: 6,
        amountMin: '100',
        amountMax: '1000',
        lateShare: '0.1',
        disputeShare: '0.1',
      }}
    >
      <Form.Item name="ratePerMinute" label={t('mock.ratePerMinute')} rules={[{ required: true }]}>
        <InputNumber min={1} max={60} style={{ width: 70 }} data-testid="trader-rate" />
      </Form.Item>
      <Form.Item name="amountMin" label={t('mock.amountMin')}>
        <Input style={{ width: 90 }} />
      </Form.Item>
      <Form.Item name="amountMax" label={t('mock.amountMax')}>
        <Input style={{ width: 90 }} />
      </Form.Item>
      <Form.Item name="lateShare" label={t('mock.lateShare')}>
        <Input style={{ width: 60 }} />
      </Form.Item>
      <Form.Item name="disputeShare" label={t('mock.disputeShare')}>
        <Input style={{ width: 60 }} data-testid="trader-dispute" />
      </Form.Item>
      <Space wrap>
        {button('buy', 'Start')}
        {button('buy', 'Stop')}
        {button('sell', 'Start')}
        {button('sell', 'Stop')}
      </Space>
    </Form>
  );
}
