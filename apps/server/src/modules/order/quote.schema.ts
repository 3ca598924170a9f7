/**
 * An order's quote (OTC and ZHOTC orders, contracts resources/order/otc-orders.ts): the family, the
 * currency the merchant quoted, the amount in it and the exchange rate fixed at creation. The order's
 * `amount` stays the CNY amount the books move (quote amount × rate, cut to 2 decimals); a later
 * change of the rate table never touches these columns. Normal orders: family 'normal', the rest null.
 */
import { ORDER_FAMILIES } from '@payops/contracts';
import { sql } from 'drizzle-orm';
import { index, numeric, type PgColumn, text } from 'drizzle-orm/pg-core';
import { money } from '../../platform/ledger/columns.ts';

export function quoteColumns() {
  return {
    family: text('family', { enum: ORDER_FAMILIES }).notNull().default('normal'),
    quoteCurrency: text('quote_currency'),
    quoteAmount: money('quote_amount'),
    /**
     * The rate of the table when the order was created, exactly as the table gave it (7.18, not
     * 7.18000000: a rate is read as quoted, and its scale is the table's, not a currency's).
     */
    rate: numeric('rate'),
  };
}

/**
 * The OTC/ZHOTC pages' indexes: each family's list (newest first) and the quote-currency filter (only
 * over the few quoted orders); deposits also the payment orders' provider filter (otcPayOrderPage).
 */
export function quoteIndexes(
  table: 'deposit_orders' | 'withdraw_orders',
  t: { family: PgColumn; quoteCurrency: PgColumn; createdAt: PgColumn; thirdPartyId: PgColumn },
) {
  const quoted = sql`family <> 'normal'`;
  return [
    index(`${table}_family_created_idx`).on(t.family, t.createdAt),
    index(`${table}_quote_currency_idx`).on(t.quoteCurrency, t.createdAt).where(quoted),
    ...(table === 'deposit_orders'
      ? [index(`${table}_quoted_third_party_idx`).on(t.thirdPartyId, t.createdAt).where(quoted)]
      : []),
  ];
}
