/**
 * The upstream module's tables: the routing decisions (order/recommendRecordList), the passages'
 * error counters behind their health, what their daily caps have used, the callbacks the platform
 * received (refused ones included), and the sandbox provider's own orders (the sandbox is "outside":
 * it keeps its state apart).
 */
import type { RouteCandidate } from '@payops/contracts';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { money, ts } from '../../platform/ledger/columns.ts';
import { writerXid } from '../../platform/xid.ts';
import { DIRECTIONS, PAY_TYPES } from '../mch/passage.schema.ts';

export const ROUTE_RESULTS = ['routed', 'no_passage', 'all_failed'] as const;

export const routingDecisions = pgTable(
  'routing_decisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull(),
    direction: text('direction', { enum: DIRECTIONS }).notNull(),
    merchantId: integer('merchant_id').notNull(),
    payType: text('pay_type', { enum: PAY_TYPES }).notNull(),
    amount: money('amount').notNull(),
    result: text('result', { enum: ROUTE_RESULTS }).notNull(),
    /** The passage that took the order (null when none did). */
    passageId: integer('passage_id'),
    considered: integer('considered').notNull().default(0),
    candidates: jsonb('candidates').$type<RouteCandidate[]>().notNull().default([]),
    /** The last upstream error of the decision (the reason when all failed). */
    upstreamError: text('upstream_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** The writing transaction (platform/xid.ts): the operations reports' change feed reads by it. */
    createdXid: writerXid('created_xid'),
  },
  (t) => [
    index('routing_decisions_created_xid_idx').on(t.createdXid),
    index('routing_decisions_order_idx').on(t.orderNo),
    index('routing_decisions_direction_idx').on(t.direction),
    index('routing_decisions_merchant_idx').on(t.merchantId, t.id),
    index('routing_decisions_pay_type_idx').on(t.payType),
    index('routing_decisions_amount_idx').on(t.amount),
    index('routing_decisions_result_idx').on(t.result, t.id),
    index('routing_decisions_passage_idx').on(t.passageId, t.id),
    index('routing_decisions_created_idx').on(t.createdAt),
  ],
);

/**
 * Consecutive upstream errors and successes per passage: routing marks a passage degraded, then down,
 * after repeated errors, and healthy again after a success. `downUntil`: a passage the routing took
 * down is tried again (as degraded) after it; one an operator set down has none and stays down.
 */
export const passageHealthStats = pgTable('passage_health_stats', {
  passageId: integer('passage_id').primaryKey(),
  errors: integer('errors').notNull().default(0),
  lastError: text('last_error'),
  downUntil: ts('down_until'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * What each passage's daily cap has used (routing.ts), kept by triggers on the order tables
 * (migration 0031): an order counts while it is in a state that uses the cap (routing's USING_CAP),
 * in the 15-minute bucket (UTC) of its creation and a shard of its id. Routing sums a day's buckets
 * (at most 96 per shard) instead of the day's orders, which grew with every order of the day; the
 * shards keep a busy passage's bucket from being one row every submit waits for.
 */
export const passageUsage = pgTable(
  'passage_usage',
  {
    passageId: integer('passage_id').notNull(),
    direction: text('direction', { enum: DIRECTIONS }).notNull(),
    bucket: ts('bucket').notNull(),
    shard: smallint('shard').notNull(),
    used: money('used').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.passageId, t.direction, t.bucket, t.shard] })],
);

export const CALLBACK_RESULTS = ['applied', 'duplicate', 'refused'] as const;

/** Every callback an upstream sent: what it said, and what the platform did with it. */
export const upstreamCallbacks = pgTable(
  'upstream_callbacks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    thirdPartyCode: text('third_party_code').notNull(),
    orderNo: text('order_no'),
    result: text('result', { enum: CALLBACK_RESULTS }).notNull(),
    reason: text('reason'),
    body: text('body').notNull(),
    ip: text('ip').notNull().default(''),
    at: ts('at').notNull().defaultNow(),
    /** The writing transaction (platform/xid.ts): the operations reports' change feed reads by it. */
    createdXid: writerXid('created_xid'),
  },
  (t) => [
    index('upstream_callbacks_created_xid_idx').on(t.createdXid),
    index('upstream_callbacks_order_idx').on(t.orderNo),
    index('upstream_callbacks_at_idx').on(t.at),
  ],
);

export const SANDBOX_KINDS = ['payment', 'payout'] as const;
export const SANDBOX_STATES = ['pending', 'paid', 'failed'] as const;

/** The sandbox provider's orders, keyed by (its merchant, the platform's order no): a repeat is the same order. */
export const sandboxOrders = pgTable(
  'sandbox_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    upstreamOrderNo: text('upstream_order_no').notNull(),
    mchNo: text('mch_no').notNull(),
    orderNo: text('order_no').notNull(),
    kind: text('kind', { enum: SANDBOX_KINDS }).notNull(),
    amount: money('amount').notNull(),
    notifyUrl: text('notify_url').notNull(),
    status: text('status', { enum: SANDBOX_STATES }).notNull().default('pending'),
    callbacksSent: integer('callbacks_sent').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_orders_no_idx').on(t.upstreamOrderNo),
    uniqueIndex('sandbox_orders_mch_order_idx').on(t.mchNo, t.orderNo),
    index('sandbox_orders_pending_idx').on(t.createdAt).where(sql`status = 'pending'`),
    // An account's statement of a day (sandbox/statement.ts).
    index('sandbox_orders_mch_created_idx').on(t.mchNo, t.createdAt),
  ],
);

/**
 * What the sandbox does for a merchant (one of its accounts) or one order: set through its control
 * endpoint by tests and the demo. Key `*` is the default of every account; `mch:<no>` an account's;
 * `order:<platform order no>` one order's.
 */
export const sandboxInstructions = pgTable('sandbox_instructions', {
  key: text('key').primaryKey(),
  instruction: jsonb('instruction').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * What the platform paid into each sandbox account besides its orders (a treasury top-up of a payout
 * account): the sandbox's balance of an account is this plus its paid payments less its paid payouts.
 */
export const sandboxAccounts = pgTable('sandbox_accounts', {
  mchNo: text('mch_no').primaryKey(),
  toppedUp: money('topped_up').notNull().default('0'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
