/**
 * A statement's lines in its detail drawer: the lines' own resource page, fixed to the statement,
 * with the category and resolution filters and each line's transitions (resolve with a note, or
 * request the order's manual success or failure).
 */
import { reconciliationLines } from '@payops/contracts/resources/order/reconciliation';
import Typography from 'antd/es/typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { ResourceOverrides, Row } from '../../engine/types.ts';

export function StatementLines({ row }: { row: Row }) {
  const { t } = useTranslation();
  const overrides = useMemo<ResourceOverrides>(() => ({ fixedFilters: { statementId: row.id } }), [row.id]);
  return (
    <section className="engine-detail-section" data-testid="recon-lines">
      <Typography.Title level={5}>{t('recon.lines')}</Typography.Title>
      <ResourcePage def={reconciliationLines} overrides={overrides} />
    </section>
  );
}
