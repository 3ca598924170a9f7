/**
 * The matched (P2P) pages (contracts resources/match): each is its definition; the matches page adds
 * the voucher to its detail drawer and the manual match dialog.
 */
import { findTransferMatchByPage } from '@payops/contracts/resources/match/match-list';
import { findMatchPoolPage } from '@payops/contracts/resources/match/match-pool';
import { match_ordersplit_mch_List, match_rule_list } from '@payops/contracts/resources/match/match-rules';
import {
  matchRecordPage,
  orderDepositListMatch,
  orderPlaceLogMatchPage,
  orderTransferListMatch,
  tradeMatchBuyOrderList,
} from '@payops/contracts/resources/match/match-views';
import { useState } from 'react';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { PageContext } from '../../engine/types.ts';
import { ManualMatchDialog } from './manual-match-dialog.tsx';
import { VoucherSection } from './voucher-section.tsx';

export function MatchListPage() {
  const [manual, setManual] = useState<PageContext | null>(null);
  return (
    <>
      <ResourcePage
        def={findTransferMatchByPage}
        overrides={{
          detail: (row) => <VoucherSection row={row} />,
          actionHandlers: { manualMatch: (_rows, ctx) => setManual(ctx) },
        }}
      />
      {manual && (
        <ManualMatchDialog
          onClose={() => setManual(null)}
          onDone={() => {
            manual.refresh();
            setManual(null);
          }}
        />
      )}
    </>
  );
}

export const MatchDepositPage = () => <ResourcePage def={orderDepositListMatch} />;
export const MatchWithdrawPage = () => <ResourcePage def={orderTransferListMatch} />;
export const MatchPlaceLogPage = () => <ResourcePage def={orderPlaceLogMatchPage} />;
export const MatchBuyOrderPage = () => <ResourcePage def={tradeMatchBuyOrderList} />;
export const MatchPoolPage = () => <ResourcePage def={findMatchPoolPage} />;
export const MatchRulePage = () => <ResourcePage def={match_rule_list} />;
export const MatchSplitPage = () => <ResourcePage def={match_ordersplit_mch_List} />;
export const MemberMatchPage = () => <ResourcePage def={matchRecordPage} />;
