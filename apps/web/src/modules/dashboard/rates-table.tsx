/** The latest exchange rates as a small table. */
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import type { ExchangeRate } from '../../lib/server-types.ts';

export function RatesTable({ rates }: { rates: ExchangeRate[] }) {
  const { t } = useTranslation();
  return (
    <Table<ExchangeRate>
      size="small"
      pagination={false}
      rowKey={(r) => `${r.currency}/${r.exchangeCurrency}/${r.type}`}
      dataSource={rates}
      data-testid="dashboard-rates"
      columns={[
        { title: t('dashboard.pair'), key: 'pair', render: (_, r) => `${r.currency}/${r.exchangeCurrency}` },
        {
          title: t('dashboard.type'),
          dataIndex: 'type',
          render: (type: ExchangeRate['type']) => (
            <Tag color={type === 'BUY' ? 'green' : 'orange'}>
              {type === 'BUY' ? t('header.buy') : t('header.sell')}
            </Tag>
          ),
        },
        { title: t('dashboard.rate'), dataIndex: 'exchangeRate', align: 'right' },
      ]}
    />
  );
}
