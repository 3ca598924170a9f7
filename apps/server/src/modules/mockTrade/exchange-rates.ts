/** Exchange rates: the demo rows of a new install and the latest rates for the header ticker. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { Executor } from '../../platform/ledger/index.ts';
import { sandboxRate } from './mock-rates.ts';
import { exchangeRates } from './schema.ts';

const DEMO_RATES = [
  { currency: 'USDT', exchangeCurrency: 'CNY', type: 'BUY', exchangeRate: '7.25000000' },
  { currency: 'USDT', exchangeCurrency: 'CNY', type: 'SELL', exchangeRate: '7.18000000' },
  { currency: 'USD', exchangeCurrency: 'CNY', type: 'BUY', exchangeRate: '7.21500000' },
  { currency: 'USD', exchangeCurrency: 'CNY', type: 'SELL', exchangeRate: '7.19800000' },
  // Other currencies ZHOTC orders may be quoted in.
  { currency: 'HKD', exchangeCurrency: 'CNY', type: 'BUY', exchangeRate: '0.92650000' },
  { currency: 'HKD', exchangeCurrency: 'CNY', type: 'SELL', exchangeRate: '0.92180000' },
  { currency: 'EUR', exchangeCurrency: 'CNY', type: 'BUY', exchangeRate: '7.86400000' },
  { currency: 'EUR', exchangeCurrency: 'CNY', type: 'SELL', exchangeRate: '7.82100000' },
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

/**
 * Which side of the table prices an order. The platform deals like a desk: it buys the member's
 * coins or foreign currency at the SELL rate (the member sells: deposits) and sells them at the BUY
 * rate (the member buys: withdrawals), so the spread is never the platform's loss.
 */
export const RATE_SIDE = { deposit: 'SELL', withdraw: 'BUY' } as const;

/**
 * The rate of a pair and side as it stands now, to be copied onto an order when it is created (the
 * order keeps it: a later change of the table never reprices an order). Null when the table has no
 * such pair: the caller refuses the order, naming the currency. For the sandbox merchant
 * (`merchantId`), a mock rate of the pair wins (mock-rates.ts).
 */
export async function currentRate(
  db: Executor,
  currency: string,
  exchangeCurrency: string,
  side: 'BUY' | 'SELL',
  merchantId?: number,
): Promise<string | null> {
  if (merchantId !== undefined) {
    const mock = await sandboxRate(db, merchantId, { currency, exchangeCurrency, type: side });
    if (mock) return mock;
  }
  const [row] = await db
    .select({ rate: sql<string>`trim_scale(${exchangeRates.exchangeRate})::text` })
    .from(exchangeRates)
    .where(
      and(
        eq(exchangeRates.currency, currency),
        eq(exchangeRates.exchangeCurrency, exchangeCurrency),
        eq(exchangeRates.type, side),
      ),
    );
  return row?.rate ?? null;
}
