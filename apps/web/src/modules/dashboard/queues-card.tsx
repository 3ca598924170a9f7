/** What waits for an operator, and the passages' health: each count opens the list behind it. */
import { orderDepositList } from '@payops/contracts/resources/order/deposit-order';
import { mchNotify } from '@payops/contracts/resources/order/mch-notify';
import { orderTransferList } from '@payops/contracts/resources/order/withdraw-order';
import { passage } from '@payops/contracts/resources/payManage/passage';
import Card from 'antd/es/card';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Business, listLink } from './business-types.ts';

const ROW = { display: 'flex', justifyContent: 'space-between', padding: '4px 0' } as const;

type Queues = NonNullable<Business['queues']>;

const QUEUES: { key: keyof Queues; to: string }[] = [
  { key: 'depositsInAudit', to: listLink(orderDepositList.pagePath, { status: 'in_audit' }) },
  { key: 'withdrawalsInReview', to: listLink(orderTransferList.pagePath, { status: 'in_review' }) },
  { key: 'withdrawalsOverdue', to: listLink(orderTransferList.pagePath, { overdue: 'true' }) },
  { key: 'withdrawalsDetained', to: listLink(orderTransferList.pagePath, { status: 'detained' }) },
  { key: 'failedCallbacks', to: listLink(mchNotify.pagePath, { status: 'failed' }) },
];

export function QueuesCard({ queues, loading }: { queues: Queues; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Card title={t('board.queues')} size="small" loading={loading} data-testid="board-queues">
      {QUEUES.filter((q) => queues[q.key] !== null).map((q) => (
        <div key={q.key} style={ROW}>
          <span>{t(`board.${q.key}`)}</span>
          <Link to={q.to} data-testid={`board-queue-${q.key}`}>
            <Tag color={queues[q.key] ? 'gold' : 'default'} style={{ marginInlineEnd: 0 }}>
              {queues[q.key]}
            </Tag>
          </Link>
        </div>
      ))}
    </Card>
  );
}

const HEALTH_COLOR = { healthy: 'green', degraded: 'orange', down: 'red' } as const;

export function PassagesCard({
  passages,
  loading,
}: {
  passages: NonNullable<Business['passages']>;
  loading: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card title={t('board.passages')} size="small" loading={loading} data-testid="board-passages">
      <div style={{ display: 'flex', gap: 8, marginBottom: 8 }}>
        {(['healthy', 'degraded', 'down'] as const).map((h) => (
          <Link key={h} to={listLink(passage.pagePath, { health: h })} data-testid={`board-health-${h}`}>
            <Tag color={HEALTH_COLOR[h]}>
              {t(`board.${h}`)} {passages[h]}
            </Tag>
          </Link>
        ))}
      </div>
      {passages.unhealthy.length === 0 ? (
        <span style={{ color: 'var(--ant-color-text-secondary, rgba(0, 0, 0, 0.45))' }}>
          {t('board.allHealthy')}
        </span>
      ) : (
        passages.unhealthy.map((p) => (
          <div key={p.id} style={ROW}>
            <span>{p.name}</span>
            <Tag color={HEALTH_COLOR[p.health as keyof typeof HEALTH_COLOR] ?? 'default'}>
              {t(`board.${p.health}`)}
            </Tag>
          </div>
        ))
      )}
    </Card>
  );
}
