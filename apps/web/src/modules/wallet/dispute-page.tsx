/**
 * wallet/disputeOrderPage: the definition's page, with cases past their stage deadline highlighted
 * (the SLA job sets `overdue`) and the overdue flag shown as a red tag.
 */
import { disputeOrderPage } from '@payops/contracts/resources/wallet/wallet-disputes';
import Tag from 'antd/es/tag';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { ResourceOverrides } from '../../engine/types.ts';

export function DisputePage() {
  const { t } = useTranslation();
  const overrides = useMemo<ResourceOverrides>(
    () => ({
      rowClass: (row) => (row.overdue ? 'engine-row-alert' : undefined),
      cells: {
        overdue: (v) => (v ? <Tag color="red">{t('field.disputeOrderPage.overdue')}</Tag> : '-'),
      },
    }),
    [t],
  );
  return <ResourcePage def={disputeOrderPage} overrides={overrides} />;
}
