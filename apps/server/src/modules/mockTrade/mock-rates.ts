/**
 * Mock exchange rates: set by an operator on the simulator's page, they override the real rate table
 * for the sandbox merchant only (its merchant API orders and its trades); every real merchant keeps
 * the real table. Deleting a mock rate gives the sandbox the real one back.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/ledger/index.ts';
import { mockExchangeRates } from './sandbox.schema.ts';
import { exchangeRates } from './schema.ts';

export interface RatePair {
  currency: string;
  exchangeCurrency: string;
  type: 'BUY' | 'SELL';
}

const rateText = sql<string>`trim_scale(${mockExchangeRates.exchangeRate})::text`;

export async function listMockRates(db: Executor) {
  return db
    .select({
      currency: mockExchangeRates.currency,
      exchangeCurrency: mockExchangeRates.exchangeCurrency,
      type: mockExchangeRates.type,
      exchangeRate: rateText,
      // What the real table says for the same pair, so the page shows both.
      realRate: sql<string | null>`(SELECT trim_scale(r.exchange_rate)::text FROM ${exchangeRates} r
        WHERE r.currency = mock_exchange_rates.currency
          AND r.exchange_currency = mock_exchange_rates.exchange_currency
          AND r.type = mock_exchange_rates.type)`,
      updatedAt: mockExchangeRates.updatedAt,
    })
    .from(mockExchangeRates)
    .orderBy(
      asc(mockExchangeRates.currency),
      asc(mockExchangeRates.exchangeCurrency),
      asc(mockExchangeRates.type),
    );
}

const samePair = (p: RatePair) =>
  and(
    eq(mockExchangeRates.currency, p.currency),
    eq(mockExchangeRates.exchangeCurrency, p.exchangeCurrency),
    eq(mockExchangeRates.type, p.type),
  );

/** The mock rate of a pair before the change (for the audit row) and after. */
export async function setMockRate(db: Executor, p: RatePair, rate: string, now: Date) {
  const [before] = await db.select({ rate: rateText }).from(mockExchangeRates).where(samePair(p));
  await db
    .insert(mockExchangeRates)
    .values({ ...p, exchangeRate: rate, updatedAt: now })
    .onConflictDoUpdate({
      target: [mockExchangeRates.currency, mockExchangeRates.exchangeCurrency, mockExchangeRates.type],
      set: { exchangeRate: rate, updatedAt: now },
    });
  return { before: before?.rate ?? null, after: rate };
}

/** The deleted rate, or null when the pair had none. */
export async function deleteMockRate(db: Executor, p: RatePair): Promise<string | null> {
  const [gone] = await db.delete(mockExchangeRates).where(samePair(p)).returning({ rate: rateText });
  return gone?.rate ?? null;
}
