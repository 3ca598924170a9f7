/** The six risk list pages: their definitions, plus the bulk-import dialog of the toolbar action. */

import type { ResourceDef } from '@payops/contracts/resource';
import {
  blackCard,
  blackVcAddresList,
  depositBlack,
  depositWhite,
  withdrawBlack,
  withdrawWhite,
} from '@payops/contracts/resources/financeRisk/risk-lists';
import { lazy, Suspense, useMemo, useState } from 'react';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { PageContext, ResourceOverrides } from '../../engine/types.ts';
import { useRiskLabels } from './risk-labels.ts';

// The import dialog loads when first opened, not with the list.
const RiskImportDialog = lazy(() =>
  import('./risk-import-dialog.tsx').then((m) => ({ default: m.RiskImportDialog })),
);

function RiskListPage({ def }: { def: ResourceDef }) {
  useRiskLabels();
  const [importing, setImporting] = useState<PageContext | null>(null);
  const overrides = useMemo<ResourceOverrides>(
    () => ({ actionHandlers: { import: (_rows, ctx) => setImporting(ctx) } }),
    [],
  );
  return (
    <>
      <ResourcePage def={def} overrides={overrides} />
      {importing && (
        <Suspense fallback={null}>
          <RiskImportDialog def={def} onClose={() => setImporting(null)} onImported={importing.refresh} />
        </Suspense>
      )}
    </>
  );
}

export const DepositBlackPage = () => <RiskListPage def={depositBlack} />;
export const DepositWhitePage = () => <RiskListPage def={depositWhite} />;
export const WithdrawBlackPage = () => <RiskListPage def={withdrawBlack} />;
export const WithdrawWhitePage = () => <RiskListPage def={withdrawWhite} />;
export const BlackVcAddressPage = () => <RiskListPage def={blackVcAddresList} />;
export const BlackCardPage = () => <RiskListPage def={blackCard} />;
