/**
 * The /order pages of deposits and withdrawals (and the two /payManage pages on the same orders):
 * each a definition, some a view over one list with filters always in force. The transitions'
 * buttons and dialogs come from the lifecycles (contracts resources/order).
 */

import { autoReviewList } from '@payops/contracts/resources/order/auto-review';
import { orderDepositList } from '@payops/contracts/resources/order/deposit-order';
import { auditRecordList, orderRecordPage } from '@payops/contracts/resources/order/order-event';
import { orderTransferList } from '@payops/contracts/resources/order/withdraw-order';
import { ResourcePage } from '../../engine/resource-page.tsx';

// Stable objects: the engine compares its filters by reference between renders.
const DETAINED = { fixedFilters: { status: ['detained'] } };
const IN_AUDIT = { fixedFilters: { status: ['in_audit'] } };
/** Pre-locked recharge orders: reserved, not paid yet (their expiry is the reservation window). */
const RESERVED_DEPOSITS = { fixedFilters: { status: ['created', 'pending_payment'] } };
/** Reservation withdrawals: those with a time (from the epoch on, so every one that has a time). */
const SCHEDULED = { fixedFilters: { scheduledAt: ['1970-01-01T00:00:00.000Z', null] } };

export function DepositListPage() {
  return <ResourcePage def={orderDepositList} />;
}

export function WithdrawListPage() {
  return <ResourcePage def={orderTransferList} />;
}

export function DetainListPage() {
  return <ResourcePage def={orderTransferList} overrides={DETAINED} />;
}

export function ReceiveListPage() {
  return <ResourcePage def={orderDepositList} overrides={IN_AUDIT} />;
}

export function OrdinaryDepositsPage() {
  return <ResourcePage def={orderDepositList} overrides={RESERVED_DEPOSITS} />;
}

export function ScheduledWithdrawPage() {
  return <ResourcePage def={orderTransferList} overrides={SCHEDULED} />;
}

export function AuditRecordPage() {
  return <ResourcePage def={auditRecordList} />;
}

export function OrderRecordPage() {
  return <ResourcePage def={orderRecordPage} />;
}

export function AutoReviewPage() {
  return <ResourcePage def={autoReviewList} />;
}
