/**
 * Pushes of open ads to third-party P2P markets (contracts trade-push.ts), the trade reconciliation's
 * runs and items (trade-rec.ts), and the sandbox market's own book (what the sandbox third party
 * holds: its orders, as a real market would keep them on its side).
 */
import { PUSH_STATES, TRADE_SIDES } from '@payops/contracts';
import { sql } from 'drizzle-orm';
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

export const tradePushes = pgTable(
  'trade_pushes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The reference the market is sent: a retry sends it again, so the market keeps one order. */
    pushNo: text('push_no').notNull(),
    adId: bigint('ad_id', { mode: 'number' }).notNull(),
    adNo: text('ad_no').notNull(),
    /** The child order the market took (its taker is the market). */
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    orderNo: text('order_no').notNull(),
    poolId: integer('pool_id').notNull(),
    marketId: integer('market_id').notNull(),
    side: text('side', { enum: TRADE_SIDES }).notNull(),
    amount: money('amount').notNull(),
    remoteNo: text('remote_no'),
    status: text('status', { enum: PUSH_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    forced: boolean('forced').notNull().default(false),
    reason: text('reason'),
    createdBy: integer('created_by'),
    createdAt: ts('created_at').notNull(),
    sentAt: ts('sent_at'),
    settledAt: ts('settled_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trade_pushes_push_no_idx').on(t.pushNo),
    index('trade_pushes_push_no_trgm_idx').using('gin', sql`${t.pushNo} gin_trgm_ops`),
    // One live push per ad: a second force push (or the job racing an operator) is refused here.
    uniqueIndex('trade_pushes_live_ad_idx')
      .on(t.adId)
      .where(sql`status IN ('pending', 'accepted', 'failed')`),
    index('trade_pushes_ad_no_idx').on(t.adNo),
    index('trade_pushes_order_idx').on(t.orderId),
    index('trade_pushes_order_no_idx').on(t.orderNo),
    index('trade_pushes_remote_no_idx').on(t.remoteNo),
    index('trade_pushes_pool_idx').on(t.poolId, t.createdAt),
    index('trade_pushes_market_idx').on(t.marketId, t.createdAt),
    index('trade_pushes_status_idx').on(t.status, t.createdAt),
    index('trade_pushes_forced_idx').on(t.forced, t.createdAt),
    index('trade_pushes_created_idx').on(t.createdAt, t.id),
  ],
);

export const tradeRecRuns = pgTable(
  'trade_rec_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    day: date('day', { mode: 'string' }).notNull(),
    /** 0: the market's orders whose reference is none of ours (no pool known). */
    poolId: integer('pool_id').notNull(),
    marketId: integer('market_id').notNull(),
    localCount: integer('local_count').notNull().default(0),
    localAmount: money('local_amount').notNull().default('0'),
    remoteCount: integer('remote_count').notNull().default(0),
    remoteAmount: money('remote_amount').notNull().default('0'),
    differences: integer('differences').notNull().default(0),
    openDifferences: integer('open_differences').notNull().default(0),
    result: text('result', { enum: ['matched', 'differs', 'explained'] })
      .notNull()
      .default('matched'),
    runAt: ts('run_at').notNull(),
  },
  (t) => [
    uniqueIndex('trade_rec_runs_key_idx').on(t.day, t.marketId, t.poolId),
    index('trade_rec_runs_pool_idx').on(t.poolId, t.day),
    index('trade_rec_runs_market_idx').on(t.marketId, t.day),
    index('trade_rec_runs_result_idx').on(t.result, t.day),
  ],
);

export const tradeRecItems = pgTable(
  'trade_rec_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runId: bigint('run_id', { mode: 'number' }).notNull(),
    /** The order no. (or, for an order only the market has, its remote no.): one item per order. */
    itemKey: text('item_key').notNull(),
    kind: text('kind', {
      enum: ['status_differs', 'amount_differs', 'only_remote', 'only_local'],
    }).notNull(),
    orderNo: text('order_no'),
    pushNo: text('push_no'),
    remoteNo: text('remote_no'),
    localStatus: text('local_status'),
    remoteStatus: text('remote_status'),
    localAmount: money('local_amount'),
    remoteAmount: money('remote_amount'),
    status: text('status', { enum: ['open', 'explained'] })
      .notNull()
      .default('open'),
    reason: text('reason'),
    explainedBy: integer('explained_by'),
    explainedAt: ts('explained_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trade_rec_items_key_idx').on(t.runId, t.itemKey),
    index('trade_rec_items_kind_idx').on(t.kind, t.runId),
    index('trade_rec_items_status_idx').on(t.status, t.runId),
    index('trade_rec_items_order_no_idx').on(t.orderNo),
    index('trade_rec_items_remote_no_idx').on(t.remoteNo),
  ],
);

export const MARKET_ORDER_STATES = ['open', 'filled', 'cancelled'] as const;
export type MarketOrderState = (typeof MARKET_ORDER_STATES)[number];

/** The sandbox market's book: one order per (account, push reference), however often it is sent. */
export const sandboxMarketOrders = pgTable(
  'sandbox_market_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    remoteNo: text('remote_no').notNull(),
    mchNo: text('mch_no').notNull(),
    ref: text('ref').notNull(),
    side: text('side').notNull(),
    amount: money('amount').notNull(),
    status: text('status', { enum: MARKET_ORDER_STATES }).notNull().default('open'),
    createdAt: ts('created_at').notNull(),
    settledAt: ts('settled_at'),
  },
  (t) => [
    uniqueIndex('sandbox_market_orders_no_idx').on(t.remoteNo),
    uniqueIndex('sandbox_market_orders_ref_idx').on(t.mchNo, t.ref),
    index('sandbox_market_orders_day_idx').on(t.mchNo, t.createdAt),
  ],
);
