/**
 * The order-final listener: every final state of a deposit or withdrawal becomes one pending
 * notification, written in the transition's own transaction (an order never ends without its
 * callback, and a rolled-back transition leaves none). The parameters are stored unsigned: each attempt
 * signs them with the merchant's secret of that moment (a reset secret applies to the next retry).
 */
import { currencyRule, DEFAULT_LOCALE, localText } from '@payops/contracts';
import { clientOf, insertRow } from '../../db/named-statement.ts';
import type { Tx } from '../../platform/ledger/index.ts';
import { dec } from '../../platform/ledger/money.ts';
import { rowPart } from '../../platform/transitions/index.ts';
import type { OrderFinal, SaidOrderFinal } from '../order/final-state.ts';
import { quoteOf } from '../order/quote.ts';
import { merchantNotifications } from './schema.ts';

/** An amount at its currency's scale ("100.00" CNY): what the merchant compares with its own order. */
export function amountText(amount: string, currency: string): string {
  return dec(amount).toFixed(currencyRule(currency)?.scale ?? 2);
}

/** The callback's business parameters (the delivery adds timestamp, nonce and sign). */
export function callbackParams(event: OrderFinal): Record<string, string> {
  const o = event.order;
  // An OTC/ZHOTC order also says what the merchant quoted and the rate (a normal one: as before).
  const quote = quoteOf(o);
  return {
    type: event.family,
    mchNo: o.mchNo,
    orderNo: o.orderNo,
    mchOrderNo: o.mchOrderNo,
    currency: o.currency,
    amount: amountText(o.amount, o.currency),
    fee: amountText(o.fee, o.currency),
    status: o.status,
    finishedAt: (o.finishedAt ?? event.at).toISOString(),
    // A reason the system wrote (`@timeout`) in the platform's language: a callback has no caller's.
    ...(o.failReason ? { failReason: localText(o.failReason, DEFAULT_LOCALE) } : {}),
    ...(quote ? { family: o.family, ...quote } : {}),
  };
}

/** The notification of an order's final state (none for an order without a notify URL). */
function notificationOf(event: OrderFinal) {
  const o = event.order;
  if (!o.notifyUrl) return undefined;
  return {
    family: event.family,
    orderFamily: 'family' in o ? o.family : 'usdt',
    orderId: o.id,
    orderNo: o.orderNo,
    mchOrderNo: o.mchOrderNo,
    merchantId: o.merchantId,
    mchNo: o.mchNo,
    orderStatus: o.status,
    amount: o.amount,
    notifyUrl: o.notifyUrl,
    payload: callbackParams(event),
    nextAttemptAt: event.at,
    createdAt: event.at,
    updatedAt: event.at,
  };
}

/** A notification's unique key: one per (family, order, final state). */
const ONCE = [merchantNotifications.family, merchantNotifications.orderId, merchantNotifications.orderStatus];

/**
 * One notification per (family, order, final state): a repeated final event inserts nothing. An order
 * without a notify URL has nobody to tell: no row.
 */
export async function recordCallback(tx: Tx, event: OrderFinal): Promise<void> {
  const row = notificationOf(event);
  // Prepared by name (insertRow): it runs in nearly every order's final transition.
  if (row) await insertRow(clientOf(tx), merchantNotifications, row, ONCE);
}

/** recordCallback's row as a part of the transition's one statement. */
export const saidCallback: SaidOrderFinal = (event) => {
  const row = notificationOf(event);
  return row ? [rowPart('notify', merchantNotifications, row, ONCE)] : [];
};
