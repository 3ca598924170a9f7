/** Today's and yesterday's orders of one direction, each figure a link to the list it counts. */

import { truncateMoney } from '@payops/contracts/decimal';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type DayFigures, listLink } from './business-types.ts';

const VALUE = { fontSize: 20, fontWeight: 600, lineHeight: 1.4 } as const;
const LABEL = { color: 'var(--ant-color-text-secondary, rgba(0, 0, 0, 0.45))', fontSize: 12 } as const;

function Figure({ label, value, to, testId }: { label: string; value: string; to?: string; testId: string }) {
  return (
    <div style={{ minWidth: 96 }}>
      <div style={LABEL}>{label}</div>
      <div style={VALUE} data-testid={testId}>
        {to ? <Link to={to}>{value}</Link> : value}
      </div>
    </div>
  );
}

function OneDay({
  title,
  d,
  pagePath,
  testId,
}: {
  title: string;
  d: DayFigures;
  pagePath: string;
  testId: string;
}) {
  const { t } = useTranslation();
  // The platform's day as instants: the list shows exactly the orders counted, whatever the browser's zone.
  const createdAt = `${d.fromAt},${d.toAt}`;
  return (
    <div data-testid={testId}>
      <div style={{ fontWeight: 500, marginBottom: 6 }}>
        {title} <span style={LABEL}>{d.day}</span>
      </div>
      <Row gutter={[16, 8]}>
        <Col>
          <Figure
            label={t('board.count')}
            value={String(d.count)}
            to={listLink(pagePath, { createdAt })}
            testId={`${testId}-count`}
          />
        </Col>
        <Col>
          <Figure label={t('board.amount')} value={truncateMoney(d.amount)} testId={`${testId}-amount`} />
        </Col>
        <Col>
          <Figure
            label={t('board.successCount')}
            value={String(d.successCount)}
            to={listLink(pagePath, { status: 'success', createdAt })}
            testId={`${testId}-success`}
          />
        </Col>
        <Col>
          <Figure
            label={t('board.successAmount')}
            value={truncateMoney(d.successAmount)}
            testId={`${testId}-successAmount`}
          />
        </Col>
        <Col>
          <Figure
            label={t('board.successRate')}
            value={d.successRate === null ? t('board.rateNone') : `${d.successRate}%`}
            testId={`${testId}-rate`}
          />
        </Col>
      </Row>
    </div>
  );
}

export function DayFiguresCard({
  title,
  days,
  pagePath,
  testId,
  loading,
}: {
  title: string;
  days: DayFigures[];
  pagePath: string;
  testId: string;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const today = days.at(-1);
  const yesterday = days.at(-2);
  return (
    <Card title={title} size="small" loading={loading} data-testid={testId}>
      {today && <OneDay title={t('board.today')} d={today} pagePath={pagePath} testId={`${testId}-today`} />}
      {yesterday && (
        <div style={{ marginTop: 12 }}>
          <OneDay
            title={t('board.yesterday')}
            d={yesterday}
            pagePath={pagePath}
            testId={`${testId}-yesterday`}
          />
        </div>
      )}
    </Card>
  );
}
