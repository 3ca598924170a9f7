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

/** A bar where a figure will be, as tall as its line: the card keeps its height while it loads. */
const PENDING = {
  display: 'block',
  width: 64,
  height: '1.4em',
  borderRadius: 4,
  background: 'var(--ant-color-fill-secondary, rgba(0, 0, 0, 0.06))',
} as const;

function Figure({
  label,
  value,
  to,
  testId,
}: {
  label: string;
  /** Undefined while the figures load. */
  value: string | undefined;
  to?: string;
  testId: string;
}) {
  return (
    <div style={{ minWidth: 96 }}>
      <div style={LABEL}>{label}</div>
      {value === undefined ? (
        <div style={VALUE}>
          <span style={PENDING} />
        </div>
      ) : (
        <div style={VALUE} data-testid={testId}>
          {to ? <Link to={to}>{value}</Link> : value}
        </div>
      )}
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
  /** Undefined while the figures load. */
  d: DayFigures | undefined;
  pagePath: string;
  testId: string;
}) {
  const { t } = useTranslation();
  // The platform's day as instants: the list shows exactly the orders counted, whatever the browser's zone.
  const createdAt = d && `${d.fromAt},${d.toAt}`;
  const link = (filter: Record<string, string>) => createdAt && listLink(pagePath, { ...filter, createdAt });
  return (
    <div data-testid={d && testId}>
      <div style={{ fontWeight: 500, marginBottom: 6 }}>
        {title} <span style={LABEL}>{d?.day}</span>
      </div>
      <Row gutter={[16, 8]}>
        <Col>
          <Figure
            label={t('board.count')}
            value={d && String(d.count)}
            to={link({})}
            testId={`${testId}-count`}
          />
        </Col>
        <Col>
          <Figure
            label={t('board.amount')}
            value={d && truncateMoney(d.amount)}
            testId={`${testId}-amount`}
          />
        </Col>
        <Col>
          <Figure
            label={t('board.successCount')}
            value={d && String(d.successCount)}
            to={link({ status: 'success' })}
            testId={`${testId}-success`}
          />
        </Col>
        <Col>
          <Figure
            label={t('board.successAmount')}
            value={d && truncateMoney(d.successAmount)}
            testId={`${testId}-successAmount`}
          />
        </Col>
        <Col>
          <Figure
            label={t('board.successRate')}
            value={d && (d.successRate === null ? t('board.rateNone') : `${d.successRate}%`)}
            testId={`${testId}-rate`}
          />
        </Col>
      </Row>
    </div>
  );
}

/** The card of one direction; `days` null while the figures load (its layout stays, bars for figures). */
export function DayFiguresCard({
  title,
  days,
  pagePath,
  testId,
}: {
  title: string;
  days: DayFigures[] | null;
  pagePath: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Card title={title} size="small" data-testid={testId} aria-busy={days === null}>
      <OneDay title={t('board.today')} d={days?.at(-1)} pagePath={pagePath} testId={`${testId}-today`} />
      <div style={{ marginTop: 12 }}>
        <OneDay
          title={t('board.yesterday')}
          d={days?.at(-2)}
          pagePath={pagePath}
          testId={`${testId}-yesterday`}
        />
      </div>
    </Card>
  );
}
