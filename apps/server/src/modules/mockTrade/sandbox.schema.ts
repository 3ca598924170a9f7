/**
 * The simulator's own tables: which merchant is the sandbox (its money lives in its own ledger
 * accounts, never a real merchant's), the mock exchange rates that override the real table for it,
 * the automatic traders' settings (persisted: a restart keeps them running or stopped) and the test
 * orders operators placed through the merchant API.
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { money, rate, ts } from '../../platform/ledger/columns.ts';
import { merchants } from '../mch/schema.ts';

/** One row: the sandbox merchant. A merchant absent here is real, and no mock call may name it. */
export const sandboxMerchants = pgTable('sandbox_merchants', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchants.id),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const mockExchangeRates = pgTable(
  'mock_exchange_rates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    currency: text('currency').notNull(),
    exchangeCurrency: text('exchange_currency').notNull(),
    type: text('type', { enum: ['BUY', 'SELL'] }).notNull(),
    exchangeRate: money('exchange_rate').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mock_exchange_rates_pair_idx').on(t.currency, t.exchangeCurrency, t.type)],
);

export const TRADER_SIDES = ['buy', 'sell'] as const;
export type TraderSide = (typeof TRADER_SIDES)[number];

/** The automatic buyers (side buy) and sellers (side sell): two rows, small. */
export const mockTraders = pgTable('mock_traders', {
  side: text('side', { enum: TRADER_SIDES }).primaryKey(),
  running: boolean('running').notNull().default(false),
  ratePerMinute: integer('rate_per_minute').notNull().default(6),
  amountMin: money('amount_min').notNull().default('100'),
  amountMax: money('amount_max').notNull().default('1000'),
  /** Fractions (0.1 = 10 %) of the orders this side takes that pay late (time out) or end in a dispute. */
  lateShare: rate('late_share').notNull().default('0.1'),
  disputeShare: rate('dispute_share').notNull().default('0.1'),
  /** How many orders this side placed or took since it was last started. */
  actions: integer('actions').notNull().default(0),
  startedAt: ts('started_at'),
  stoppedAt: ts('stopped_at'),
  updatedBy: integer('updated_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const TEST_DIRECTIONS = ['deposit', 'withdraw'] as const;

/** A test order an operator placed through the merchant API as the sandbox merchant, and its answer. */
export const mockOrderTests = pgTable(
  'mock_order_tests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    direction: text('direction', { enum: TEST_DIRECTIONS }).notNull(),
    mchOrderNo: text('mch_order_no').notNull(),
    /** The platform's order number when the API accepted the order. */
    orderNo: text('order_no'),
    amount: money('amount').notNull(),
    payType: text('pay_type').notNull().default(''),
    /** The merchant API's HTTP status and answer code (0 = accepted) and message. */
    httpStatus: integer('http_status').notNull(),
    answerCode: integer('answer_code').notNull(),
    answerMessage: text('answer_message').notNull().default(''),
    createdBy: integer('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('mock_order_tests_created_idx').on(t.createdAt),
    index('mock_order_tests_direction_idx').on(t.direction, t.id),
    index('mock_order_tests_order_no_idx').on(t.orderNo).where(sql`order_no IS NOT NULL`),
  ],
);
