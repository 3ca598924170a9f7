/**
 * Pricing an OTC or ZHOTC order at creation: the quote amount (in the merchant's currency) times the
 * rate of the exchange-rate table as it stands now (deposits at SELL, withdrawals at BUY: RATE_SIDE),
 * cut to CNY's 2 decimals (never rounded up: the platform never books more than the quote is worth).
 * The rate is copied onto the order, so a later change of the table never reprices it.
 */
import { currencyRule, familyOfCurrency, type OrderFamily } from '@payops/contracts';
import type { Executor } from '../../platform/ledger/index.ts';
import { Dec, dec, decString } from '../../platform/ledger/money.ts';
import { currentRate, RATE_SIDE } from '../mockTrade/exchange-rates.ts';

/** What an order keeps of its quote (quote.schema.ts); normal orders have none. */
export interface OrderQuote {
  family: Exclude<OrderFamily, 'normal'>;
  quoteCurrency: string;
  quoteAmount: string;
  rate: string;
}

export const BOOK_CURRENCY = 'CNY';

/**
 * The CNY amount and the quote of `quoteAmount` `currency`; null when the table has no such rate.
 * `merchantId`: the ordering merchant (the sandbox merchant's mock rates win for it).
 */
export async function priceQuote(
  db: Executor,
  direction: keyof typeof RATE_SIDE,
  currency: string,
  quoteAmount: string,
  merchantId?: number,
): Promise<{ amount: string; quote: OrderQuote } | null> {
  const rate = await currentRate(db, currency, BOOK_CURRENCY, RATE_SIDE[direction], merchantId);
  if (!rate) return null;
  const amount = decString(dec(quoteAmount).times(dec(rate)).round(2, Dec.roundDown));
  return {
    amount,
    quote: { family: familyOfCurrency(currency), quoteCurrency: currency, quoteAmount, rate },
  };
}

/** The quote of an order as the merchant reads it (answers, callbacks): nothing for a normal order. */
export function quoteOf(o: {
  family: OrderFamily;
  quoteCurrency: string | null;
  quoteAmount: string | null;
  rate: string | null;
}): { quoteCurrency: string; quoteAmount: string; rate: string } | null {
  if (o.family === 'normal' || !o.quoteCurrency || !o.quoteAmount || !o.rate) return null;
  return {
    quoteCurrency: o.quoteCurrency,
    quoteAmount: dec(o.quoteAmount).toFixed(currencyRule(o.quoteCurrency)?.scale ?? 8),
    rate: decString(dec(o.rate)),
  };
}
