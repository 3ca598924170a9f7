/**
 * Cashier (counter) payments of the wallet area (issue 16): the payments, the one-time SMS codes that
 * confirm them (hash only, never the code), and the sandbox SMS outbox (the members' phones in tests
 * and the demo). The money itself is in the ledger (owner type `wallet_member`), never here.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { money, ts } from '../../platform/ledger/columns.ts';

export const COUNTER_PAYMENT_STATUSES = [
  'created',
  'code_sent',
  'confirmed',
  'expired',
  'cancelled',
] as const;

export const counterPayments = pgTable(
  'counter_payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentNo: text('payment_no').notNull(),
    walletMemberId: bigint('wallet_member_id', { mode: 'number' }).notNull(),
    amount: money('amount').notNull(),
    remark: text('remark').notNull().default(''),
    status: text('status', { enum: COUNTER_PAYMENT_STATUSES }).notNull().default('created'),
    codesSent: integer('codes_sent').notNull().default(0),
    cashierId: integer('cashier_id'),
    cashierName: text('cashier_name').notNull().default(''),
    /** The ledger entry of the credit, once confirmed. */
    entryId: bigint('entry_id', { mode: 'number' }),
    closeReason: text('close_reason').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    confirmedAt: ts('confirmed_at'),
  },
  (t) => [
    uniqueIndex('counter_payments_no_idx').on(t.paymentNo),
    // The payment is named by its number in references and searched by part of it.
    index('counter_payments_no_trgm_idx').using('gin', sql`${t.paymentNo} gin_trgm_ops`),
    index('counter_payments_member_idx').on(t.walletMemberId, t.id),
    index('counter_payments_status_idx').on(t.status, t.id),
    index('counter_payments_cashier_idx').on(t.cashierName, t.id),
    index('counter_payments_created_idx').on(t.createdAt),
  ],
);

export const SMS_STATES = ['sent', 'used', 'expired', 'locked'] as const;

export const counterSmsCodes = pgTable(
  'counter_sms_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: bigint('payment_id', { mode: 'number' }).notNull(),
    /** The send limit counts per member and hour. */
    walletMemberId: bigint('wallet_member_id', { mode: 'number' }).notNull(),
    /** Where it was sent (masked on every page). */
    phone: text('phone').notNull(),
    /** salt$HMAC-SHA256(secret key, salt:code): a stolen table does not give the codes away. */
    codeHash: text('code_hash').notNull(),
    state: text('state', { enum: SMS_STATES }).notNull().default('sent'),
    tries: integer('tries').notNull().default(0),
    sentBy: text('sent_by').notNull().default(''),
    sentAt: ts('sent_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    index('counter_sms_codes_payment_idx').on(t.paymentId, t.id),
    index('counter_sms_codes_member_idx').on(t.walletMemberId, t.sentAt),
    index('counter_sms_codes_state_idx').on(t.state, t.expiresAt),
    index('counter_sms_codes_sent_idx').on(t.sentAt),
  ],
);

/** What the sandbox SMS adapter "delivered": the member's phone, for tests and the demo. */
export const sandboxSmsOutbox = pgTable(
  'sandbox_sms_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull(),
    text: text('text').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [index('sandbox_sms_outbox_phone_idx').on(t.phone, t.id)],
);
