/** What waits for an operator, and the passages' health: each count opens the list behind it. */
import type { QueueKey } from '@payops/contracts/dashboard';
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
/** A tag's place while the figures load. */
const PENDING = (
  <Tag style={{ marginInlineEnd: 0, width: 32, background: 'var(--ant-color-fill-secondary)' }}>&nbsp;</Tag>
);

const QUEUES: { key: QueueKey; to: string }[] = [
  { key: 'depositsInAudit', to: listLink(orderDepositList.pagePath, { status: 'in_audit' }) },
  { key: 'withdrawalsInReview', to: listLink(orderTransferList.pagePath, { status: 'in_review' }) },
  { key: 'withdrawalsOverdue', to: listLink(orderTransferList.pagePath, { overdue: 'true' }) },
  { key: 'withdrawalsDetained', to: listLink(orderTransferList.pagePath, { status: 'detained' }) },
  { key: 'failedCallbacks', to: listLink(mchNotify.pagePath, { status: 'failed' }) },
];

/**
 * The queues `shown` (dashboardParts); `queues` null while the figures load: the rows stand, their
 * counts follow.
 */
export function QueuesCard({
  queues,
  shown,
}: {
  queues: Business['queues'];
  shown: Record<QueueKey, boolean> | null;
}) {
  const { t } = useTranslation();
  return (
    <Card title={t('board.queues')} size="small" data-testid="board-queues" aria-busy={queues === null}>
      {QUEUES.filter((q) => (queues ? queues[q.key] !== null : shown?.[q.key])).map((q) => {
        const count = queues?.[q.key];
        return (
          <div key={q.key} style={ROW}>
            <span>{t(`board.${q.key}`)}</span>
            {count == null ? (
              PENDING
            ) : (
              <Link to={q.to} data-testid={`board-queue-${q.key}`}>
                <Tag color={count ? 'gold' : 'default'} style={{ marginInlineEnd: 0 }}>
                  {count}
                </Tag>
              </Link>
            )}
          </div>
        );
      })}
    </Card>
  );
}

const HEALTH_COLOR = { healthy: 'green', degraded: 'orange', down: 'red' } as const;

/** The passages' health; `passages` null while the figures load (the counts' row stands). */
export function PassagesCard({ passages }: { passages: Business['passages'] }) {
  const { t } = useTranslation();
  return (
    <Card title={t('board.passages')} size="small" data-testid="board-passages" aria-busy={passages === null}>
      <div style={{ display: 'flex', gap: 8, marginBottom: 8 }}>
        {(['healthy', 'degraded', 'down'] as const).map((h) =>
          passages ? (
            <Link key={h} to={listLink(passage.pagePath, { health: h })} data-testid={`board-health-${h}`}>
              <Tag color={HEALTH_COLOR[h]}>
                {t(`board.${h}`)} {passages[h]}
              </Tag>
            </Link>
          ) : (
            <Tag key={h} color={HEALTH_COLOR[h]}>
              {t(`board.${h}`)}
            </Tag>
          ),
        )}
      </div>
      {!passages ? null : passages.unhealthy.length === 0 ? (
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
