/**
 * The /member pages: the member list (freeze and unfreeze from its lifecycle, the credit-points
 * dialog) and the definitions rendered whole (rebates, records, payment accounts whose switches show
 * by their definition's `when`).
 */

import { truncateMoney } from '@payops/contracts/decimal';
import { memberList } from '@payops/contracts/resources/member/member-list';
import { memberPaymentList } from '@payops/contracts/resources/member/member-payment-list';
import { financialRecordPage } from '@payops/contracts/resources/member/member-records';
import { payFundOrderPage, transFundOrderPage } from '@payops/contracts/resources/member/rebate-orders';
import { lazy, Suspense, useMemo, useState } from 'react';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { PageContext, ResourceOverrides, Row } from '../../engine/types.ts';
import { useMchLabels } from '../mch/mch-labels.ts';

// The credit-points dialog loads when it is first opened, not with the list (performance.md).
const PointsDialog = lazy(() => import('./points-dialog.tsx').then((m) => ({ default: m.PointsDialog })));

export function MemberListPage() {
  useMchLabels();
  const [points, setPoints] = useState<{ row: Row; ctx: PageContext } | null>(null);
  const overrides = useMemo<ResourceOverrides>(
    () => ({
      // Points are whole numbers: no decimals, unlike the money column beside them.
      cells: { creditPoints: (v) => truncateMoney(String(v ?? '0'), 0) },
      actionHandlers: { adjustPoints: (rows, ctx) => rows[0] && setPoints({ row: rows[0], ctx }) },
    }),
    [],
  );
  return (
    <>
      <ResourcePage def={memberList} overrides={overrides} />
      {points && (
        <Suspense fallback={null}>
          <PointsDialog
            row={points.row}
            onClose={() => setPoints(null)}
            onDone={() => {
              points.ctx.refresh();
              setPoints(null);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

export const MemberPaymentPage = () => <ResourcePage def={memberPaymentList} />;
export const PayFundOrderPage = () => <ResourcePage def={payFundOrderPage} />;
export const TransFundOrderPage = () => <ResourcePage def={transFundOrderPage} />;
export const FinancialRecordPage = () => <ResourcePage def={financialRecordPage} />;
