/**
 * The market's third-party pages (contracts trade-push.ts, trade-rec.ts): the push records, the forced
 * pushes, and the reconciliation runs, whose detail drawer lists the run's differences as their own
 * list (each explained with a reason there).
 */
import { findForcePushLogByPage, trade_push_rec_page } from '@payops/contracts/resources/trade/trade-push';
import { trade_rec_page, tradeRecItems } from '@payops/contracts/resources/trade/trade-rec';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { ResourceOverrides, Row } from '../../engine/types.ts';

export const TradePushPage = () => <ResourcePage def={trade_push_rec_page} />;
export const ForcePushLogPage = () => <ResourcePage def={findForcePushLogByPage} />;

function RunItems({ row }: { row: Row }) {
  const { t } = useTranslation();
  return (
    <section className="engine-detail-section" data-testid="trade-rec-items">
      <Typography.Title level={5}>{t('trade.rec.items')}</Typography.Title>
      <ResourcePage def={tradeRecItems} overrides={{ fixedFilters: { runId: row.id } }} />
    </section>
  );
}

const recOverrides: ResourceOverrides = { detail: (row) => <RunItems row={row} /> };
export const TradeRecPage = () => <ResourcePage def={trade_rec_page} overrides={recOverrides} />;
