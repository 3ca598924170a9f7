/**
 * merchant_settlements: the daily statement of each merchant account (merchant and currency) from the
 * ledger, one row per account and business day with postings (settlement.service.ts computes them).
 * Money is numeric like the ledger's; an index stands behind every filter of the page (pageSettle).
 */
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { money, ts } from '../../platform/ledger/columns.ts';
import { ledgerAccounts } from '../../platform/ledger/schema.ts';

const figure = (name: string) => money(name).notNull().default('0');

export const merchantSettlements = pgTable(
  'merchant_settlements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The business day in the platform's time zone (config.timeZone). */
    day: date('day', { mode: 'string' }).notNull(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    merchantId: integer('merchant_id').notNull(),
    mchNo: text('mch_no').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['open', 'settled'] })
      .notNull()
      .default('open'),
    openingAvailable: figure('opening_available'),
    openingFrozen: figure('opening_frozen'),
    depositsGross: figure('deposits_gross'),
    depositFees: figure('deposit_fees'),
    refunds: figure('refunds'),
    withdrawals: figure('withdrawals'),
    withdrawalFees: figure('withdrawal_fees'),
    adjustCredit: figure('adjust_credit'),
    adjustDebit: figure('adjust_debit'),
    other: figure('other'),
    frozenChange: figure('frozen_change'),
    closingAvailable: figure('closing_available'),
    closingFrozen: figure('closing_frozen'),
    /** The balances after the day's last posting, as the ledger recorded them. */
    ledgerAvailable: figure('ledger_available'),
    ledgerFrozen: figure('ledger_frozen'),
    /** Closing (opening + movements) differs from the ledger's balances: shown, never "fixed". */
    mismatch: boolean('mismatch').notNull().default(false),
    /** Computed before its day was over: the figures can still grow. */
    provisional: boolean('provisional').notNull().default(false),
    postings: integer('postings').notNull().default(0),
    firstPostingId: bigint('first_posting_id', { mode: 'number' }).notNull(),
    lastPostingId: bigint('last_posting_id', { mode: 'number' }).notNull(),
    computedAt: ts('computed_at').notNull(),
    settledAt: ts('settled_at'),
  },
  (t) => [
    uniqueIndex('merchant_settlements_account_day_idx').on(t.accountId, t.day),
    index('merchant_settlements_day_idx').on(t.day, t.id),
    index('merchant_settlements_merchant_idx').on(t.merchantId, t.day),
    index('merchant_settlements_mch_no_idx').on(t.mchNo, t.day),
    index('merchant_settlements_currency_idx').on(t.currency, t.day),
    index('merchant_settlements_status_idx').on(t.status, t.day),
    index('merchant_settlements_mismatch_idx').on(t.mismatch, t.day),
  ],
);

export type MerchantSettlement = typeof merchantSettlements.$inferSelect;
