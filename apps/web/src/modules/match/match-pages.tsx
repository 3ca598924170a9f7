/**
 * The pages over the matches, the pool and the matching settings (contracts resources/match): each is
 * its definition; the matches page adds the voucher to its detail drawer and the manual match dialog.
 */
import { findTransferMatchByPage } from '@payops/contracts/resources/match/match-list';
import { findMatchPoolPage } from '@payops/contracts/resources/match/match-pool';
import {
  matchRecordPage,
  tradeMatchBuyOrderList,
} from '@payops/contracts/resources/match/match-record-views';
import { match_ordersplit_mch_List, match_rule_list } from '@payops/contracts/resources/match/match-rules';
import { lazy, Suspense, useState } from 'react';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { PageContext } from '../../engine/types.ts';

// Loaded when first used (a dialog, a drawer section): not part of the page's own download.
const ManualMatchDialog = lazy(() =>
  import('./manual-match-dialog.tsx').then((m) => ({ default: m.ManualMatchDialog })),
);
const VoucherSection = lazy(() =>
  import('./voucher-section.tsx').then((m) => ({ default: m.VoucherSection })),
);

export function MatchListPage() {
  const [manual, setManual] = useState<PageContext | null>(null);
  return (
    <>
      <ResourcePage
        def={findTransferMatchByPage}
        overrides={{
          detail: (row) => (
            <Suspense fallback={null}>
              <VoucherSection row={row} />
            </Suspense>
          ),
          actionHandlers: { manualMatch: (_rows, ctx) => setManual(ctx) },
        }}
      />
      {manual && (
        <Suspense fallback={null}>
          <ManualMatchDialog
            onClose={() => setManual(null)}
            onDone={() => {
              manual.refresh();
              setManual(null);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

export const MatchBuyOrderPage = () => <ResourcePage def={tradeMatchBuyOrderList} />;
export const MemberMatchPage = () => <ResourcePage def={matchRecordPage} />;
export const MatchPoolPage = () => <ResourcePage def={findMatchPoolPage} />;
export const MatchRulePage = () => <ResourcePage def={match_rule_list} />;
export const MatchSplitPage = () => <ResourcePage def={match_ordersplit_mch_List} />;
