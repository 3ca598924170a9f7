/**
 * The home tab (spec §2, issue 3 item 12): what the data available now allows — the operator, the
 * last sign-ins and the exchange rates. Business figures come with the order module.
 */
import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Descriptions from 'antd/es/descriptions';
import Row from 'antd/es/row';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import type { DashboardOverview } from '../../lib/server-types.ts';
import { RatesTable } from './rates-table.tsx';
import { RecentLogins } from './recent-logins.tsx';

const TITLE = {
  margin: '0 0 0.5em',
  fontSize: 'var(--ant-font-size-heading-4, 20px)',
  fontWeight: 600,
  lineHeight: 1.4,
  color: 'var(--ant-color-text-heading, rgba(0, 0, 0, 0.88))',
} as const;

export function DashboardPage() {
  const { t } = useTranslation();
  const { data, isLoading } = useQuery({
    queryKey: ['dashboard', 'overview'],
    queryFn: () => api<DashboardOverview>('/api/dashboard/overview'),
  });
  const operator = data?.operator;

  return (
    <div data-testid="dashboard-page">
      {/* antd's level-4 title, without Typography's code on the page. */}
      <h4 style={TITLE}>{t('dashboard.welcome', { name: operator?.userName ?? '' })}</h4>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={8}>
          <Card title={t('dashboard.operator')} loading={isLoading} size="small">
            {operator && (
              <Descriptions column={1} size="small">
                <Descriptions.Item label={t('dashboard.userId')}>{operator.userId}</Descriptions.Item>
                <Descriptions.Item label={t('dashboard.userName')}>{operator.userName}</Descriptions.Item>
                <Descriptions.Item label={t('dashboard.roles')}>
                  {operator.roles.map((role) => (
                    <Tag key={role}>{role}</Tag>
                  ))}
                </Descriptions.Item>
              </Descriptions>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card title={t('dashboard.recentLogins')} loading={isLoading} size="small">
            <RecentLogins logins={data?.recentLogins ?? []} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('dashboard.rates')} loading={isLoading} size="small">
            <RatesTable rates={data?.exchangeRates ?? []} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Alert type="info" showIcon message={t('dashboard.businessLater')} />
        </Col>
      </Row>
    </div>
  );
}
