/** Exchange rates (spec §3): priced pairs for OTC, USDT and trades; the header ticker shows them. */
import { numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: serial('id').primaryKey(),
    currency: text('currency').notNull(),
    exchangeCurrency: text('exchange_currency').notNull(),
    type: text('type', { enum: ['BUY', 'SELL'] }).notNull(),
    exchangeRate: numeric('exchange_rate', { precision: 20, scale: 8 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('exchange_rates_pair_idx').on(t.currency, t.exchangeCurrency, t.type)],
);
