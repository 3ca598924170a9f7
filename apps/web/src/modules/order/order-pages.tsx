/**
 * The /order pages of deposits and withdrawals (and the two /payManage pages on the same orders):
 * each a definition; the views (contracts order/views.ts) show the part of the orders the server
 * scopes them to, behind their own permissions. The transitions' buttons and dialogs come from the
 * lifecycles (contracts resources/order).
 */

import { autoReviewList } from '@payops/contracts/resources/order/auto-review';
import { orderDepositList } from '@payops/contracts/resources/order/deposit-order';
import { auditRecordList, orderRecordPage } from '@payops/contracts/resources/order/order-event';
import {
  orderDetainList,
  ordinaryDeposits,
  receiveList,
  thirdwithdrawList,
} from '@payops/contracts/resources/order/views';
import { orderTransferList } from '@payops/contracts/resources/order/withdraw-order';
import { ResourcePage } from '../../engine/resource-page.tsx';

export function DepositListPage() {
  return <ResourcePage def={orderDepositList} />;
}

export function WithdrawListPage() {
  return <ResourcePage def={orderTransferList} />;
}

export function DetainListPage() {
  return <ResourcePage def={orderDetainList} />;
}

export function ReceiveListPage() {
  return <ResourcePage def={receiveList} />;
}

export function OrdinaryDepositsPage() {
  return <ResourcePage def={ordinaryDeposits} />;
}

export function ScheduledWithdrawPage() {
  return <ResourcePage def={thirdwithdrawList} />;
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
