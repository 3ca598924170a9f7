/**
 * The OTC and ZHOTC pages (contracts order/otc-orders.ts): the family views of deposits and
 * withdrawals with their quote columns, decided with the normal lists' transitions, and the payment
 * orders behind OTC/ZHOTC deposits. Each is its definition.
 */
import {
  orderDepositListOTC,
  orderDepositListZHOTC,
  orderTransferListOTC,
  orderTransferListZHOTC,
  otcPayOrderPage,
} from '@payops/contracts/resources/order/otc-orders';
import { ResourcePage } from '../../engine/resource-page.tsx';

export function OtcDepositPage() {
  return <ResourcePage def={orderDepositListOTC} />;
}

export function OtcWithdrawPage() {
  return <ResourcePage def={orderTransferListOTC} />;
}

export function ZhotcDepositPage() {
  return <ResourcePage def={orderDepositListZHOTC} />;
}

export function ZhotcWithdrawPage() {
  return <ResourcePage def={orderTransferListZHOTC} />;
}

export function OtcPayOrderPage() {
  return <ResourcePage def={otcPayOrderPage} />;
}
