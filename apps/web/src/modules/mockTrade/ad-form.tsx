/** Post a buy or sell ad in the sandbox pool as one of its traders (default: the first of the side). */
import { MockPermission } from '@payops/contracts/resources/mockTrade/permissions';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { useCan } from '../../lib/permissions.tsx';
import { toast } from '../../lib/toast.ts';

type Values = { side: 'buy' | 'sell'; amount: string; trader?: string };

export function AdForm({ onPosted }: { onPosted: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const [form] = Form.useForm<Values>();
  if (!can(MockPermission.trade)) return null;
  const submit = async () => {
    const v = await form.validateFields();
    await api(`/mockTrade/${v.side}`, {
      method: 'POST',
      body: { amount: v.amount.trim(), ...(v.trader?.trim() ? { trader: v.trader.trim() } : {}) },
    });
    toast.success(t('mock.done'));
    onPosted();
  };
  return (
    <Form
      form={form}
      layout="inline"
      size="small"
      initialValues={{ side: 'sell' }}
      style={{ rowGap: 8, marginBottom: 8 }}
    >
      <Form.Item name="side" label={t('mock.adSide')}>
        <Select
          style={{ width: 110 }}
          data-testid="ad-side"
          options={[
            { value: 'sell', label: t('mock.sellAd') },
            { value: 'buy', label: t('mock.buyAd') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="amount"
        label={t('mock.coins')}
        rules={[{ required: true, pattern: /^\d{1,12}(\.\d{1,8})?$/, message: t('mock.required') }]}
      >
        <Input style={{ width: 100 }} data-testid="ad-amount" />
      </Form.Item>
      <Form.Item name="trader" label={t('mock.trader')}>
        <Input style={{ width: 130 }} placeholder="sbx-seller-01" />
      </Form.Item>
      <Button size="small" type="primary" onClick={submit} data-testid="ad-post">
        {t('mock.postAd')}
      </Button>
    </Form>
  );
}
