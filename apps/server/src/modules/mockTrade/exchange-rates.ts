/** Exchange rates: the demo rows of a new install and the latest rates for the header ticker. */
import { asc, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { exchangeRates } from './schema.ts';

const DEMO_RATES = [
  { currency: 'USDT', exchangeCurrency: 'CNY', type: 'BUY', exchangeRate: '7.25000000' },
  { currency: 'USDT', exchangeCurrency: 'CNY', type: 'SELL', exchangeRate: '7.18000000' },
  { currency: 'USD', exchangeCurrency: 'CNY', type: 'BUY', exchangeRate: '7.21500000' },
  { currency: 'USD', exchangeCurrency: 'CNY', type: 'SELL', exchangeRate: '7.19800000' },
] as const;

export async function seedExchangeRates(ctx: AppContext): Promise<void> {
  await ctx.db
    .insert(exchangeRates)
    .values([...DEMO_RATES])
    .onConflictDoNothing();
}

export async function latestExchangeRates(ctx: AppContext) {
  return ctx.db
    .select({
      currency: exchangeRates.currency,
      exchangeCurrency: exchangeRates.exchangeCurrency,
      type: exchangeRates.type,
      // Trailing zeros of numeric(20,8) carry no meaning for the reader.
      exchangeRate: sql<string>`trim_scale(${exchangeRates.exchangeRate})::text`,
      updatedAt: exchangeRates.updatedAt,
    })
    .from(exchangeRates)
    .orderBy(asc(exchangeRates.currency), asc(exchangeRates.exchangeCurrency), asc(exchangeRates.type));
}
