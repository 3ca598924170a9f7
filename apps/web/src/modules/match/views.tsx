/**
 * The matched family's order pages and placement log (contracts resources/match/match-views.ts): each
 * is its definition. Apart from the matches' pages (match-pages.tsx), whose chunk would otherwise carry
 * the order definitions too.
 */
import {
  orderDepositListMatch,
  orderPlaceLogMatchPage,
  orderTransferListMatch,
} from '@payops/contracts/resources/match/match-views';
import { ResourcePage } from '../../engine/resource-page.tsx';

export const MatchDepositPage = () => <ResourcePage def={orderDepositListMatch} />;
export const MatchWithdrawPage = () => <ResourcePage def={orderTransferListMatch} />;
export const MatchPlaceLogPage = () => <ResourcePage def={orderPlaceLogMatchPage} />;
