/**
 * Bank-notification email orders (issue 12): the mailboxes read (email_mailboxes, the password sealed
 * with platform/secret-box), their assignments to an operator and a merchant (email_assignments), and
 * the email orders parsed from their messages or from uploads (email_orders; a Message-ID is stored
 * once). The poller remembers per mailbox the UIDVALIDITY and the last UID it read.
 */

import { EMAIL_SCOPES } from '@payops/contracts';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { money, ts } from '../../platform/ledger/columns.ts';
import { merchants } from '../mch/schema.ts';
import { operators } from '../sys/schema.ts';

export const emailMailboxes = pgTable('email_mailboxes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  bank: text('bank').notNull(),
  host: text('host').notNull(),
  port: integer('port').notNull(),
  tls: boolean('tls').notNull().default(true),
  username: text('username').notNull(),
  passwordEnc: text('password_enc').notNull(),
  folder: text('folder').notNull().default('INBOX'),
  /** The area the mailbox serves (mailbox-ports.ts): the matching's deposits or the wallet's trades. */
  scope: text('scope', { enum: EMAIL_SCOPES }).notNull().default('matching'),
  status: text('status', { enum: ['on', 'off'] })
    .notNull()
    .default('on'),
  /** The folder's UIDVALIDITY when lastUid was read: another value means the UIDs start over. */
  uidValidity: text('uid_validity'),
  lastUid: bigint('last_uid', { mode: 'number' }).notNull().default(0),
  lastPolledAt: ts('last_polled_at'),
  lastError: text('last_error'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const emailAssignments = pgTable('email_assignments', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  mailboxId: integer('mailbox_id')
    .notNull()
    .references(() => emailMailboxes.id),
  operatorId: integer('operator_id')
    .notNull()
    .references(() => operators.id),
  merchantId: integer('merchant_id')
    .notNull()
    .references(() => merchants.id),
  remark: text('remark'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const EMAIL_ORDER_STATES = ['matched', 'unmatched', 'failed_parse', 'blocked'] as const;

export const emailOrders = pgTable(
  'email_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The mailbox's area (an upload's: the page it came from). */
    scope: text('scope', { enum: EMAIL_SCOPES }).notNull().default('matching'),
    /** Null for an upload not tied to a mailbox. */
    mailboxId: integer('mailbox_id').references(() => emailMailboxes.id),
    bank: text('bank'),
    source: text('source', { enum: ['imap', 'upload'] }).notNull(),
    /** The Message-ID header (or a digest of the message when it has none): stored once. */
    messageId: text('message_id').notNull(),
    amount: money('amount'),
    accountTail: text('account_tail'),
    payerName: text('payer_name'),
    paidAt: ts('paid_at'),
    subject: text('subject'),
    status: text('status', { enum: EMAIL_ORDER_STATES }).notNull(),
    matchId: bigint('match_id', { mode: 'number' }),
    /** The wallet trade order a wallet-scope email marked paid. */
    tradeOrderId: bigint('trade_order_id', { mode: 'number' }),
    reason: text('reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_orders_message_id_key').on(t.messageId),
    index('email_orders_created_idx').on(t.createdAt, t.id),
    index('email_orders_id_idx').on(t.id),
    index('email_orders_mailbox_idx').on(t.mailboxId, t.id),
    index('email_orders_bank_idx').on(t.bank, t.id),
    index('email_orders_source_idx').on(t.source, t.id),
    index('email_orders_status_idx').on(t.status, t.createdAt),
    index('email_orders_account_tail_idx').on(t.accountTail, t.id),
    index('email_orders_match_idx').on(t.matchId),
    index('email_orders_trade_order_idx').on(t.tradeOrderId),
    // Each page lists one area's orders, newest first.
    index('email_orders_scope_idx').on(t.scope, t.id),
    // The header badge: unmatched email orders of the last days, an index-only count.
    index('email_orders_unmatched_idx')
      .on(t.createdAt)
      .where(sql`status = 'unmatched' AND scope = 'matching'`),
  ],
);

export type EmailMailbox = typeof emailMailboxes.$inferSelect;
export type EmailOrder = typeof emailOrders.$inferSelect;
