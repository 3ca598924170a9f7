/**
 * order/pageSettle: the merchants' daily settlement statements. The definition does the list, search,
 * export, the `settle` transition and `recompute`; the detail drawer adds what a definition cannot
 * say: why a statement is not final (a mismatch with the ledger, a day not over) and the link to the
 * journal behind its figures, the fund log of that merchant on that day.
 */
import { pageSettle } from '@payops/contracts/resources/order/settlement';
import Alert from 'antd/es/alert';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { ResourceOverrides, Row } from '../../engine/types.ts';

/** The fund log filtered to the statement's merchant and day (CONTRIBUTING, "Links to a filtered list"). */
export function fundLogPath(row: Row): string {
  // The business day's instants in the platform's zone (the server's), not the browser's day.
  const window = `${String(row.dayFrom ?? '')},${String(row.dayTo ?? '')}`;
  return `/mch/fund_log?ownerCode=${encodeURIComponent(String(row.mchNo ?? ''))}&createdAt=${encodeURIComponent(window)}`;
}

function StatementNotes({ row }: { row: Row }) {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }} data-testid="settle-notes">
      {row.mismatch === true && <Alert type="error" showIcon title={t('pageSettle.mismatchHint')} />}
      {row.provisional === true && row.status === 'open' && (
        <Alert type="info" showIcon title={t('pageSettle.provisionalHint')} />
      )}
      <Link to={fundLogPath(row)} data-testid="settle-fund-log">
        {t('pageSettle.fundLog')}
      </Link>
    </div>
  );
}

const overrides: ResourceOverrides = { detail: (row) => <StatementNotes row={row} /> };

export function SettlementPage() {
  return <ResourcePage def={pageSettle} overrides={overrides} />;
}
