/**
 * The order-final listener: every final state of a deposit or withdrawal becomes one pending
 * notification, written in the transition's own transaction (an order never ends without its
 * callback, and a rolled-back transition leaves none). The parameters are stored unsigned: each attempt
 * signs them with the merchant's secret of that moment (a reset secret applies to the next retry).
 */
import { currencyRule } from '@payops/contracts';
import { clientOf, insertRow } from '../../db/named-statement.ts';
import type { Tx } from '../../platform/ledger/index.ts';
import { dec } from '../../platform/ledger/money.ts';
import type { OrderFinal } from '../order/final-state.ts';
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
    ...(o.failReason ? { failReason: o.failReason } : {}),
    ...(quote ? { family: o.family, ...quote } : {}),
  };
}

/**
 * One notification per (family, order, final state): a repeated final event inserts nothing. An order
 * without a notify URL has nobody to tell: no row.
 */
export async function recordCallback(tx: Tx, event: OrderFinal): Promise<void> {
  const o = event.order;
  if (!o.notifyUrl) return;
  // Prepared by name (insertRow): it runs in nearly every order's final transition.
  await insertRow(
    clientOf(tx),
    merchantNotifications,
    {
      family: event.family,
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
    },
    [merchantNotifications.family, merchantNotifications.orderId, merchantNotifications.orderStatus],
  );
}
