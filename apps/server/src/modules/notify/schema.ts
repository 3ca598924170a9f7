/**
 * Callbacks to merchants: one notification per order and final state (the unique key makes a
 * repeated final event a no-op), every delivery attempt, and the sandbox merchant's inbox.
 */
import { NOTIFY_FAMILIES } from '@payops/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { money, ts } from '../../platform/ledger/columns.ts';
import { writerXid } from '../../platform/xid.ts';
import { merchants } from '../mch/schema.ts';

export const NOTIFY_STATES = ['pending', 'delivered', 'failed'] as const;

export const merchantNotifications = pgTable(
  'merchant_notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    family: text('family', { enum: NOTIFY_FAMILIES }).notNull(),
    /** The order's family (normal, otc, zhotc, match; usdt for the chain's orders). */
    orderFamily: text('order_family').notNull().default('normal'),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    orderNo: text('order_no').notNull(),
    mchOrderNo: text('mch_order_no').notNull(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    mchNo: text('mch_no').notNull(),
    /** The order's final state this callback tells of. */
    orderStatus: text('order_status').notNull(),
    amount: money('amount').notNull(),
    notifyUrl: text('notify_url').notNull(),
    /** The signed parameters, exactly as POSTed (sign included). */
    payload: jsonb('payload').$type<Record<string, string>>().notNull(),
    status: text('status', { enum: NOTIFY_STATES }).notNull().default('pending'),
    /** Attempts in all, and in the current round (a resend starts a new round of retries). */
    attempts: integer('attempts').notNull().default(0),
    roundAttempts: integer('round_attempts').notNull().default(0),
    /** When the delivery job may try next (also its lease while an attempt is under way). */
    nextAttemptAt: ts('next_attempt_at'),
    lastHttpStatus: integer('last_http_status'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    deliveredAt: ts('delivered_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** The writing transaction (platform/xid.ts): the operations reports' change feed reads by it. */
    createdXid: writerXid('created_xid'),
  },
  (t) => [
    index('merchant_notifications_created_xid_idx').on(t.createdXid),
    // A duplicate final event (a repeated upstream callback) never makes a second callback.
    uniqueIndex('merchant_notifications_once_idx').on(t.family, t.orderId, t.orderStatus),
    // The delivery job's queue: pending and due.
    index('merchant_notifications_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index('merchant_notifications_status_idx').on(t.status, t.id),
    index('merchant_notifications_order_no_idx').on(t.orderNo),
    index('merchant_notifications_mch_order_no_idx').on(t.mchOrderNo),
    index('merchant_notifications_mch_no_idx').on(t.mchNo, t.id),
    index('merchant_notifications_family_idx').on(t.family, t.id),
    index('merchant_notifications_order_family_idx').on(t.orderFamily, t.id),
    index('merchant_notifications_created_idx').on(t.createdAt),
  ],
);

export const merchantNotifyAttempts = pgTable(
  'merchant_notify_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => merchantNotifications.id),
    attemptNo: integer('attempt_no').notNull(),
    url: text('url').notNull(),
    requestBody: text('request_body').notNull(),
    /** Null when no answer came (refused connection, time-out). */
    httpStatus: integer('http_status'),
    responseExcerpt: text('response_excerpt').notNull().default(''),
    latencyMs: integer('latency_ms').notNull(),
    error: text('error'),
    ok: boolean('ok').notNull(),
    at: ts('at').notNull(),
    /** The writing transaction (platform/xid.ts): the operations reports' change feed reads by it. */
    createdXid: writerXid('created_xid'),
  },
  (t) => [
    index('merchant_notify_attempts_created_xid_idx').on(t.createdXid),
    index('merchant_notify_attempts_notification_idx').on(t.notificationId, t.id),
    index('merchant_notify_attempts_at_idx').on(t.at),
  ],
);

/** What the built-in sandbox merchant received (tests and the demo read it). */
export const sandboxMerchantReceipts = pgTable(
  'sandbox_merchant_receipts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    mchNo: text('mch_no').notNull(),
    orderNo: text('order_no').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    signatureValid: boolean('signature_valid').notNull(),
    /** What the sandbox answered: 200 `success`, or a failure it was told to give. */
    answeredStatus: integer('answered_status').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [index('sandbox_merchant_receipts_order_idx').on(t.orderNo, t.id)],
);

/** How many next deliveries the sandbox merchant fails, per merchant ('' = any merchant). */
export const sandboxMerchantControls = pgTable('sandbox_merchant_controls', {
  mchNo: text('mch_no').primaryKey(),
  failNext: integer('fail_next').notNull().default(0),
});

export type MerchantNotification = typeof merchantNotifications.$inferSelect;
