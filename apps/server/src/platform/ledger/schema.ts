/**
 * The ledger's tables (domain.md, "The ledger"): accounts with available and frozen balances, and the
 * append-only journal of postings that explains every cent of them. Amounts are numeric, never floats.
 *
 * A journal entry is a group of postings (legs) that sum to zero per currency (double entry): money
 * credited to a merchant by an adjustment comes from the platform's adjustment account, so no money
 * appears from nowhere. A posting moves `amount` on available and `frozenAmount` on frozen of one
 * account, and records both balances after it.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { money, ts } from './columns.ts';

/** `market`: a third-party P2P market's coin account with the platform (modules/trade, pushes). */
export const OWNER_TYPES = ['platform', 'merchant', 'member', 'wallet_member', 'channel', 'market'] as const;
export type OwnerType = (typeof OWNER_TYPES)[number];

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerType: text('owner_type', { enum: OWNER_TYPES }).notNull(),
    ownerId: bigint('owner_id', { mode: 'number' }).notNull(),
    /** Merchant number or member account, copied into postings so fund logs filter without a join. */
    ownerCode: text('owner_code').notNull().default(''),
    /** The merchant the owner belongs to (a member's merchant; a merchant's own id). */
    merchantId: integer('merchant_id'),
    /** ISO 4217 code, or PTS for members' credit points. */
    currency: text('currency').notNull().default('CNY'),
    available: money('available').notNull().default('0'),
    frozen: money('frozen').notNull().default('0'),
    /** Contra accounts of the platform (adjustments, the outside world) may go below zero. */
    allowNegative: boolean('allow_negative').notNull().default(false),
    /**
     * The end of the account's latest settled day (merchant settlements): a posting dated before it is
     * refused, so a settled statement stays true to the ledger.
     */
    settledUntil: ts('settled_until'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_owner_idx').on(t.ownerType, t.ownerId, t.currency),
    // The database refuses a negative balance too, whatever the code does.
    check('ledger_accounts_available_check', sql`${t.allowNegative} OR ${t.available} >= 0`),
    check('ledger_accounts_frozen_check', sql`${t.frozen} >= 0`),
  ],
);

export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The journal entry this leg belongs to; its legs sum to zero per currency. */
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    ownerType: text('owner_type', { enum: OWNER_TYPES }).notNull(),
    ownerId: bigint('owner_id', { mode: 'number' }).notNull(),
    ownerCode: text('owner_code').notNull().default(''),
    merchantId: integer('merchant_id'),
    currency: text('currency').notNull(),
    /** Change of the available balance (signed). */
    amount: money('amount').notNull(),
    /** Change of the frozen balance (signed). */
    frozenAmount: money('frozen_amount').notNull().default('0'),
    balanceAfter: money('balance_after').notNull(),
    frozenAfter: money('frozen_after').notNull(),
    kind: text('kind').notNull(),
    /** What caused it: an order, an adjustment request, a seed run. */
    refType: text('ref_type').notNull().default(''),
    refId: text('ref_id').notNull().default(''),
    /** The entry this one reverses (a mistake is corrected by a reversing entry, never an edit). */
    reversesEntryId: bigint('reverses_entry_id', { mode: 'number' }),
    operatorId: integer('operator_id'),
    note: text('note').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ledger_postings_account_idx').on(t.accountId, t.id),
    index('ledger_postings_entry_idx').on(t.entryId),
    index('ledger_postings_code_idx').on(t.ownerCode, t.id),
    // The money records filtered by merchant (a member's detail: its account within its merchant).
    index('ledger_postings_merchant_idx').on(t.merchantId, t.id),
    index('ledger_postings_kind_idx').on(t.kind, t.id),
    index('ledger_postings_ref_idx').on(t.refId),
    index('ledger_postings_created_idx').on(t.createdAt),
    uniqueIndex('ledger_postings_reverses_idx')
      .on(t.reversesEntryId, t.accountId)
      .where(sql`reverses_entry_id IS NOT NULL`),
  ],
);

/**
 * The journal's entries: one row per entry, naming the business event it posts. The unique key on
 * (ref_type, ref_id, event) makes each event post once: a second deposit credit of the same order, a
 * second execution of the same adjustment, is refused by the database even when two requests race.
 * Entries without a reference (ref_type '') are not business events and are not keyed.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    /** The entry id its postings carry (ledger_entry_seq). */
    id: bigint('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    refType: text('ref_type').notNull().default(''),
    refId: text('ref_id').notNull().default(''),
    /** What happened to the reference: `deposit`, `adjust_credit`, `reversal:<entry>`... (default: the kind). */
    event: text('event').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ledger_entries_event_idx').on(t.refType, t.refId, t.event).where(sql`ref_type <> ''`)],
);

/** Entry ids come from a sequence so the legs of one entry share one number. */
export const ledgerEntrySeq = pgSequence('ledger_entry_seq');
