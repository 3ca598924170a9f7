/** Exchange rates: the demo rows of a new install and the latest rates for the header ticker. */
import { asc, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { clientOf, NamedStatement } from '../../db/named-statement.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Executor } from '../../platform/ledger/index.ts';
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
  const [row] = await rateStatement.rows(clientOf(db), {
    currency,
    exchangeCurrency,
    side,
    merchantId: merchantId ?? null,
  });
  return (row?.rate as string | null) ?? null;
}

/**
 * The sandbox merchant's mock rate, else the table's, in ONE statement prepared by name (an order's
 * take asks it each time: issue 15's market budget). Without a merchant the mock rate is never read.
 */
const rateStatement = new NamedStatement(
  'exchange_current_rate',
  {
    toSQL: () =>
      new PgDialect().sqlToQuery(sql`SELECT coalesce(
        (SELECT trim_scale(m.exchange_rate)::text FROM mock_exchange_rates m
           JOIN sandbox_merchants s ON s.merchant_id = ${sql.placeholder('merchantId')}::integer
          WHERE m.currency = ${sql.placeholder('currency')}::text
            AND m.exchange_currency = ${sql.placeholder('exchangeCurrency')}::text
            AND m.type = ${sql.placeholder('side')}::text LIMIT 1),
        (SELECT trim_scale(r.exchange_rate)::text FROM exchange_rates r
          WHERE r.currency = ${sql.placeholder('currency')}::text
            AND r.exchange_currency = ${sql.placeholder('exchangeCurrency')}::text
            AND r.type = ${sql.placeholder('side')}::text LIMIT 1)) AS rate`),
  },
  { rate: sql<string | null>`rate` },
);
