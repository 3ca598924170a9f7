/**
 * The home tab (spec §2): today's and yesterday's deposits and withdrawals, the queues waiting for an
 * operator, passage health and the 7-day trend (each figure a link to its list), then the operator,
 * the last sign-ins and the exchange rates. A section the operator may not open is not shown.
 */

import { dashboardParts } from '@payops/contracts/dashboard';
import { orderDepositList } from '@payops/contracts/resources/order/deposit-order';
import { orderTransferList } from '@payops/contracts/resources/order/withdraw-order';
import { useQuery } from '@tanstack/react-query';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Descriptions from 'antd/es/descriptions';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { useCan } from '../../lib/permissions.tsx';
import { useCurrentUser } from '../../lib/queries.ts';
import type { DashboardOverview } from '../../lib/server-types.ts';
import type { Business } from './business-types.ts';
import { useDashboardLabels } from './dashboard-labels.ts';
import { DayFiguresCard } from './day-figures.tsx';
import { PassagesCard, QueuesCard } from './queues-card.tsx';
import { TrendChart } from './trend-chart.tsx';

// The page's only tables, at its foot: loaded after its first paint, so the welcome and the figures
// do not wait for antd's table code (about 100 KB gzip of the page's 155; performance.md, LCP).
const RecentLogins = lazy(() => import('./recent-logins.tsx').then((m) => ({ default: m.RecentLogins })));
const RatesTable = lazy(() => import('./rates-table.tsx').then((m) => ({ default: m.RatesTable })));

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
  // The signed-in operator's name from the session's own call, which answers while the rest is refused
  // (a password to change first, an authenticator to bind), so the greeting is never "Welcome, ".
  const { data: user } = useCurrentUser();
  useDashboardLabels();
  const business = useQuery({
    queryKey: ['dashboard', 'business'],
    queryFn: () => api<Business>('/api/dashboard/business'),
  });
  const b = business.data;
  // While the figures load, the parts this operator will see stand in their places (the server
  // answers by the same rule), so the cards below do not move when the figures arrive.
  const expected = dashboardParts(useCan());
  const loading = business.isLoading;
  const deposits = loading ? expected.deposits : Boolean(b?.deposits);
  const withdrawals = loading ? expected.withdrawals : Boolean(b?.withdrawals);
  const queues = loading ? expected.queues : b?.queues;
  const passages = loading ? expected.passages : Boolean(b?.passages);

  return (
    <div data-testid="dashboard-page">
      {/* antd's level-4 title, without Typography's code on the page. */}
      <h4 style={TITLE}>{t('dashboard.welcome', { name: user?.userName ?? operator?.userName ?? '' })}</h4>
      <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
        {deposits && (
          <Col xs={24} xl={12}>
            <DayFiguresCard
              title={t('board.deposits')}
              days={b?.deposits ?? null}
              pagePath={orderDepositList.pagePath}
              testId="board-deposits"
            />
          </Col>
        )}
        {withdrawals && (
          <Col xs={24} xl={12}>
            <DayFiguresCard
              title={t('board.withdrawals')}
              days={b?.withdrawals ?? null}
              pagePath={orderTransferList.pagePath}
              testId="board-withdrawals"
            />
          </Col>
        )}
        {(deposits || withdrawals) && (
          <Col xs={24} xl={12}>
            <TrendChart
              deposits={b?.deposits ?? null}
              withdrawals={b?.withdrawals ?? null}
              loading={loading}
            />
          </Col>
        )}
        <Col xs={24} xl={12}>
          <Row gutter={[12, 12]}>
            {queues && (
              <Col xs={24} md={12}>
                <QueuesCard queues={b?.queues ?? null} shown={expected.queues} />
              </Col>
            )}
            {passages && (
              <Col xs={24} md={12}>
                <PassagesCard passages={b?.passages ?? null} />
              </Col>
            )}
          </Row>
        </Col>
      </Row>
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
            <Suspense fallback={<Skeleton active />}>
              <RecentLogins logins={data?.recentLogins ?? []} />
            </Suspense>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('dashboard.rates')} loading={isLoading} size="small">
            <Suspense fallback={<Skeleton active />}>
              <RatesTable rates={data?.exchangeRates ?? []} />
            </Suspense>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
