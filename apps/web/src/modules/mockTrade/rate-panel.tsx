/** The sandbox's mock exchange rates: set or delete one pair; each row shows the real rate beside it. */
import { MockPermission } from '@payops/contracts/resources/mockTrade/permissions';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import Select from 'antd/es/select';
import Tag from 'antd/es/tag';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { useCan } from '../../lib/permissions.tsx';
import { toast } from '../../lib/toast.ts';

interface MockRate {
  currency: string;
  exchangeCurrency: string;
  type: 'BUY' | 'SELL';
  exchangeRate: string;
  realRate: string | null;
}

type Values = { pair: string; type: 'BUY' | 'SELL'; exchangeRate: string };

const PAIRS = ['USDT/CNY', 'USD/CNY', 'HKD/CNY', 'EUR/CNY'];

export function RatePanel() {
  const { t } = useTranslation();
  const can = useCan();
  const [form] = Form.useForm<Values>();
  const [rates, setRates] = useState<MockRate[]>([]);
  const load = useCallback(() => {
    api<MockRate[]>('/mockTrade/getMockExchangeRate', { method: 'POST', body: {}, silent: true }).then(
      setRates,
      () => undefined,
    );
  }, []);
  useEffect(load, [load]);
  const pairOf = (v: Values) => {
    const [currency, exchangeCurrency] = v.pair.split('/');
    return { currency, exchangeCurrency, type: v.type };
  };
  const set = async () => {
    const v = await form.validateFields();
    await api('/mockTrade/setMockExchangeRate', {
      method: 'POST',
      body: { ...pairOf(v), exchangeRate: v.exchangeRate.trim() },
    });
    toast.success(t('mock.rateSet'));
    load();
  };
  const del = async (r: MockRate) => {
    await api('/mockTrade/delMockExchangeRate', {
      method: 'POST',
      body: { currency: r.currency, exchangeCurrency: r.exchangeCurrency, type: r.type },
    });
    toast.success(t('mock.rateDeleted'));
    load();
  };
  const allowed = can(MockPermission.rate);
  return (
    <div style={{ marginBottom: 8 }} data-testid="rate-panel">
      {allowed && (
        <Form form={form} layout="inline" size="small" initialValues={{ pair: 'USDT/CNY', type: 'BUY' }}>
          <Form.Item name="pair" label={t('mock.pair')}>
            <Select style={{ width: 110 }} options={PAIRS.map((p) => ({ value: p, label: p }))} />
          </Form.Item>
          <Form.Item name="type" label={t('mock.side')}>
            <Select
              style={{ width: 80 }}
              options={[{ value: 'BUY' }, { value: 'SELL' }].map((o) => ({ ...o, label: o.value }))}
            />
          </Form.Item>
          <Form.Item
            name="exchangeRate"
            label={t('mock.rate')}
            rules={[{ required: true, pattern: /^\d{1,12}(\.\d{1,8})?$/, message: t('mock.required') }]}
          >
            <Input style={{ width: 100 }} data-testid="mock-rate-value" />
          </Form.Item>
          <Button size="small" type="primary" onClick={set} data-testid="mock-rate-set">
            {t('mock.setRate')}
          </Button>
        </Form>
      )}
      <div style={{ marginTop: 6 }}>
        {rates.length === 0 && <span>{t('mock.noMockRate')}</span>}
        {rates.map((r) => (
          <Tag
            key={`${r.currency}${r.exchangeCurrency}${r.type}`}
            color="purple"
            closable={allowed}
            onClose={(e) => {
              e.preventDefault();
              void del(r);
            }}
          >
            {r.currency}/{r.exchangeCurrency} {r.type} {r.exchangeRate} ({t('mock.realRate')}{' '}
            {r.realRate ?? '-'})
          </Tag>
        ))}
      </div>
    </div>
  );
}
