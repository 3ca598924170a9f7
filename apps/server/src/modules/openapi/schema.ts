/**
 * The merchant API's tables: the nonces it has seen (replay protection), its calls per merchant and
 * minute (the rate limit across instances), the placement log of every
 * request, and three rollups the report pages read instead of scanning (per merchant and hour, errors
 * per day, failure reasons per day). The log and its rollups are written by one statement
 * (place-log.ts); the failure reasons in the transaction that ends an order (fail-reasons.ts).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { money, ts } from '../../platform/ledger/columns.ts';

/** A nonce is kept past the 5-minute timestamp window; nonce-clean-up.ts deletes the older ones. */
export const openapiNonces = pgTable(
  'openapi_nonces',
  {
    merchantId: integer('merchant_id').notNull(),
    nonce: text('nonce').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.nonce] }),
    index('openapi_nonces_created_idx').on(t.createdAt),
  ],
);

/**
 * Merchant API calls per merchant and minute (rate.ts), shared by every instance of the server; rows
 * of past minutes are deleted with the old nonces.
 */
export const merchantApiRate = pgTable(
  'merchant_api_rate',
  {
    merchantId: integer('merchant_id').notNull(),
    windowStart: ts('window_start').notNull(),
    calls: integer('calls').notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.windowStart] })],
);

export const orderPlaceLog = pgTable(
  'order_place_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull(),
    /** Null when the merchant number named no merchant. */
    merchantId: integer('merchant_id'),
    /** The merchant number as the request claimed it (cut to 32 characters). */
    mchNo: text('mch_no').notNull().default(''),
    endpoint: text('endpoint', { enum: ['deposit', 'withdraw', 'queryOrder', 'queryBalance', 'giftClaim'] }).notNull(),
    mchOrderNo: text('mch_order_no').notNull().default(''),
    orderNo: text('order_no').notNull().default(''),
    amount: money('amount'),
    ip: text('ip').notNull(),
    accepted: boolean('accepted').notNull(),
    code: integer('code').notNull(),
    codeName: text('code_name').notNull(),
    reason: text('reason').notNull().default(''),
    latencyMs: integer('latency_ms').notNull(),
  },
  (t) => [
    index('order_place_log_at_idx').on(t.at),
    index('order_place_log_mch_no_idx').on(t.mchNo, t.id),
    index('order_place_log_endpoint_idx').on(t.endpoint, t.id),
    index('order_place_log_mch_order_no_idx').on(t.mchOrderNo),
    index('order_place_log_order_no_idx').on(t.orderNo).where(sql`order_no <> ''`),
    index('order_place_log_amount_idx').on(t.amount),
    index('order_place_log_ip_idx').on(t.ip),
    index('order_place_log_accepted_idx').on(t.accepted, t.id),
    index('order_place_log_code_idx').on(t.code, t.id),
    index('order_place_log_code_name_idx').on(t.codeName, t.id),
    index('order_place_log_latency_idx').on(t.latencyMs),
  ],
);

export const orderPlaceStat = pgTable(
  'order_place_stat',
  {
    id: serial('id').primaryKey(),
    hour: ts('hour').notNull(),
    mchNo: text('mch_no').notNull(),
    endpoint: text('endpoint', { enum: ['deposit', 'withdraw', 'queryOrder', 'queryBalance', 'giftClaim'] }).notNull(),
    acceptedCount: integer('accepted_count').notNull().default(0),
    refusedCount: integer('refused_count').notNull().default(0),
    acceptedAmount: money('accepted_amount').notNull().default('0'),
    refusedAmount: money('refused_amount').notNull().default('0'),
    latencyMsMax: integer('latency_ms_max').notNull().default(0),
  },
  (t) => [
    uniqueIndex('order_place_stat_key_idx').on(t.hour, t.mchNo, t.endpoint),
    index('order_place_stat_mch_no_idx').on(t.mchNo),
    index('order_place_stat_endpoint_idx').on(t.endpoint),
    index('order_place_stat_accepted_idx').on(t.acceptedCount),
    index('order_place_stat_refused_idx').on(t.refusedCount),
  ],
);

export const errorReportDaily = pgTable(
  'error_report_daily',
  {
    id: serial('id').primaryKey(),
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source', { enum: ['api', 'upstream'] }).notNull(),
    mchNo: text('mch_no').notNull(),
    endpoint: text('endpoint').notNull(),
    code: text('code').notNull(),
    count: integer('count').notNull().default(0),
    lastMessage: text('last_message').notNull().default(''),
    lastAt: ts('last_at').notNull(),
  },
  (t) => [
    uniqueIndex('error_report_daily_key_idx').on(t.day, t.source, t.mchNo, t.endpoint, t.code),
    index('error_report_daily_source_idx').on(t.source),
    index('error_report_daily_mch_no_idx').on(t.mchNo),
    index('error_report_daily_endpoint_idx').on(t.endpoint),
    index('error_report_daily_code_idx').on(t.code),
    index('error_report_daily_count_idx').on(t.count),
  ],
);

export const orderFailReasons = pgTable(
  'order_fail_reasons',
  {
    id: serial('id').primaryKey(),
    day: date('day', { mode: 'string' }).notNull(),
    family: text('family', { enum: ['deposit', 'withdraw'] }).notNull(),
    mchNo: text('mch_no').notNull(),
    status: text('status').notNull(),
    /** The order's failReason, cut to 500 characters (the raw upstream or operator message). */
    reason: text('reason').notNull(),
    count: integer('count').notNull().default(0),
    amount: money('amount').notNull().default('0'),
    lastOrderNo: text('last_order_no').notNull(),
    lastAt: ts('last_at').notNull(),
  },
  (t) => [
    uniqueIndex('order_fail_reasons_key_idx').on(t.day, t.family, t.mchNo, t.status, t.reason),
    index('order_fail_reasons_family_idx').on(t.family),
    index('order_fail_reasons_mch_no_idx').on(t.mchNo),
    index('order_fail_reasons_status_idx').on(t.status),
    index('order_fail_reasons_count_idx').on(t.count),
    index('order_fail_reasons_reason_trgm_idx').using('gin', sql`${t.reason} gin_trgm_ops`),
  ],
);

/** How far a rollup job has read another module's log (the upstream errors of the routing decisions). */
export const rollupCursors = pgTable('rollup_cursors', {
  name: text('name').primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }).notNull().default(0),
});
