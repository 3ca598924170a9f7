/**
 * Normal (third-party) deposit and withdrawal orders. Status changes only through the lifecycles in
 * contracts (resources/order), by the transition registrar's guarded UPDATE; money only through the
 * ledger. Every list filter of the order pages has an index (1M-order budget, performance.md).
 */
import { DEPOSIT_STATES, WITHDRAW_STATES } from '@payops/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { money, ts } from '../../platform/ledger/columns.ts';
import { writerXid } from '../../platform/xid.ts';
import { PAY_TYPES } from '../mch/passage.schema.ts';
import { merchants } from '../mch/schema.ts';
import { quoteColumns, quoteIndexes } from './quote.schema.ts';

/**
 * The columns every order has, deposit or withdrawal (new builders for each table): who ordered, how
 * much, where it was placed, what became of it and who decided.
 */
export function orderColumns<const S extends readonly ['created', ...string[]]>(states: S) {
  return {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The platform's order number (D or W + time + random), what operators and merchants quote. */
    orderNo: text('order_no').notNull(),
    /** The merchant's own number: unique per merchant, a repeated request answers the same order. */
    mchOrderNo: text('mch_order_no').notNull(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    mchNo: text('mch_no').notNull(),
    memberAccount: text('member_account').notNull().default(''),
    currency: text('currency').notNull().default('CNY'),
    amount: money('amount').notNull(),
    ...quoteColumns(),
    /** The merchant's fee, fixed at creation: charged on a deposit's success, frozen with a withdrawal. */
    fee: money('fee').notNull().default('0'),
    passageId: integer('passage_id'),
    thirdPartyId: integer('third_party_id'),
    /**
     * What the provider charges the platform for the order: the passage's rate on the amount, plus a
     * payout's fixed fee per payout (its payout config), fixed when a passage takes it; 0 without one
     * (a matched order, the chain's USDT orders).
     * The platform's margin is fee - channelFee (the fee reports); not a posting: the provider
     * settles it on its own statement (order/reconciliationPage).
     */
    channelFee: money('channel_fee').notNull().default('0'),
    upstreamOrderNo: text('upstream_order_no'),
    status: text('status', { enum: states })
      .notNull()
      .default('created' as S[number]),
    notifyUrl: text('notify_url').notNull().default(''),
    clientIp: text('client_ip').notNull().default(''),
    failReason: text('fail_reason'),
    remark: text('remark').notNull().default(''),
    /** The outcome's journal entry: a deposit's credit or refund, a withdrawal's settlement or release. */
    entryId: bigint('entry_id', { mode: 'number' }),
    /** The operator of the last decision (review, receipt audit, a manual decision's approval). */
    reviewedBy: integer('reviewed_by'),
    reviewedByName: text('reviewed_by_name'),
    reviewedAt: ts('reviewed_at'),
    /** A pending manual decision: its maker (who may not approve it), the state it left, why. */
    manualBy: integer('manual_by'),
    manualFrom: text('manual_from', { enum: states }),
    manualReason: text('manual_reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** The creating transaction (platform/xid.ts): the report rollups' change feed reads new orders by it. */
    createdXid: writerXid('created_xid'),
  };
}

export const depositOrders = pgTable(
  'deposit_orders',
  {
    ...orderColumns(DEPOSIT_STATES),
    payType: text('pay_type', { enum: PAY_TYPES }).notNull(),
    payUrl: text('pay_url'),
    /** When the order times out if nobody pays (the merchant's deposit timeout from creation). */
    expiresAt: ts('expires_at'),
    paidAt: ts('paid_at'),
  },
  (t) => [
    uniqueIndex('deposit_orders_order_no_idx').on(t.orderNo),
    uniqueIndex('deposit_orders_mch_order_idx').on(t.merchantId, t.mchOrderNo),
    index('deposit_orders_upstream_idx').on(t.upstreamOrderNo).where(sql`upstream_order_no IS NOT NULL`),
    // The lists sort by creation time (newest first, the key as tie-break): each unselective filter's
    // index ends in created_at, so a page is a backward index range whatever the filter matches, and a
    // createdAt window is one range of its own index (sorting by id, the planner would walk the key
    // from the newest row through every row newer than the window).
    index('deposit_orders_merchant_idx').on(t.merchantId, t.createdAt),
    index('deposit_orders_member_idx').on(t.memberAccount),
    index('deposit_orders_mch_order_no_idx').on(t.mchOrderNo),
    index('deposit_orders_passage_idx').on(t.passageId, t.createdAt),
    index('deposit_orders_pay_type_idx').on(t.payType, t.createdAt),
    index('deposit_orders_amount_idx').on(t.amount),
    index('deposit_orders_created_idx').on(t.createdAt, t.id),
    index('deposit_orders_created_xid_idx').on(t.createdXid),
    // The status filter, the header badge "orders in audit" over a window, the receipt-audit queue.
    index('deposit_orders_status_created_idx').on(t.status, t.createdAt),
    // The timeout job reads the open orders that are due.
    index('deposit_orders_expiry_idx').on(t.expiresAt).where(sql`status IN ('created', 'pending_payment')`),
    ...quoteIndexes('deposit_orders', t),
  ],
);

/**
 * The withdrawal states the header badges count (badges.ts), and the predicate of their index. A
 * matched withdrawal waiting in the pool (`matching`) is open and waiting too: one no deposit small
 * enough comes for times out like any other (domain.md: "waiting to be matched").
 */
export const OPEN_WITHDRAW_STATES = ['in_review', 'approved', 'matching', 'paying', 'detained'] as const;
export const WAITING_WITHDRAW_STATES = ['in_review', 'approved', 'matching'] as const;
/** `status IN (...)` as SQL text: constant, so the planner can prove the partial index applies. */
export const statusIn = (states: readonly string[]) =>
  sql.raw(`status IN (${states.map((s) => `'${s}'`).join(', ')})`);

export const withdrawOrders = pgTable(
  'withdraw_orders',
  {
    ...orderColumns(WITHDRAW_STATES),
    payType: text('pay_type', { enum: PAY_TYPES }).notNull().default('bank_card'),
    /** The payee: stored in clear for the payout, masked on the way out. */
    bankCode: text('bank_code').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    accountName: text('account_name').notNull().default(''),
    accountNo: text('account_no').notNull().default(''),
    /** The state a detained order returns to when released. */
    detainedFrom: text('detained_from', { enum: WITHDRAW_STATES }),
    /** A reservation withdrawal is paid out no earlier than this. */
    scheduledAt: ts('scheduled_at'),
    /**
     * Open past this, it has timed out (the header's badge, the list's `overdue` filter): its merchant's
     * withdrawal timeout (else the platform's `orderTimeoutMinutes`) after its creation, or after its
     * reserved time. Set once at creation: a later change of the timeout applies to new withdrawals.
     */
    dueAt: ts('due_at').notNull(),
    /** Only passages that pay out by hand could take it: the payout job leaves it to an operator. */
    payoutHeld: boolean('payout_held').notNull().default(false),
    /** The entry that froze amount + fee at creation (entryId: the one that settled or released it). */
    freezeEntryId: bigint('freeze_entry_id', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('withdraw_orders_order_no_idx').on(t.orderNo),
    uniqueIndex('withdraw_orders_mch_order_idx').on(t.merchantId, t.mchOrderNo),
    index('withdraw_orders_upstream_idx').on(t.upstreamOrderNo).where(sql`upstream_order_no IS NOT NULL`),
    // As for deposits: unselective filters' indexes end in created_at, the lists' sort.
    index('withdraw_orders_merchant_idx').on(t.merchantId, t.createdAt),
    index('withdraw_orders_member_idx').on(t.memberAccount),
    index('withdraw_orders_mch_order_no_idx').on(t.mchOrderNo),
    index('withdraw_orders_passage_idx').on(t.passageId, t.createdAt),
    index('withdraw_orders_amount_idx').on(t.amount),
    index('withdraw_orders_created_idx').on(t.createdAt, t.id),
    index('withdraw_orders_created_xid_idx').on(t.createdXid),
    // The status filter and the review queue.
    index('withdraw_orders_status_created_idx').on(t.status, t.createdAt),
    // The header badges (timed-out and low-amount withdrawals over a window): the open withdrawals
    // only, with what the two counts read, so each is an index-only range over a small index.
    index('withdraw_orders_open_idx')
      .on(t.createdAt, t.dueAt, t.amount, t.status)
      .where(statusIn(OPEN_WITHDRAW_STATES)),
    // Reservation withdrawals (thirdwithdraw_list): the few with a time.
    index('withdraw_orders_scheduled_idx').on(t.scheduledAt).where(sql`scheduled_at IS NOT NULL`),
    ...quoteIndexes('withdraw_orders', t),
  ],
);

/**
 * One row per transition of an order, with the order's number, merchant and amount (orderRecordPage;
 * the decisions among them: auditRecordList). Written by the transition hooks in the transaction.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    family: text('family', { enum: ['deposit', 'withdraw'] }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    orderNo: text('order_no').notNull(),
    mchNo: text('mch_no').notNull(),
    amount: money('amount').notNull(),
    /** `<family>.<transition>` (contracts orderActionOf). */
    action: text('action').notNull(),
    /** An operator's decision (contracts ORDER_DECISIONS): auditRecordList's rows. */
    decision: boolean('decision').notNull(),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    operatorId: integer('operator_id'),
    operatorName: text('operator_name').notNull(),
    reason: text('reason').notNull().default(''),
    at: ts('at').notNull(),
  },
  (t) => [
    index('order_events_order_no_idx').on(t.orderNo, t.id),
    index('order_events_mch_no_idx').on(t.mchNo, t.id),
    index('order_events_action_idx').on(t.action, t.id),
    index('order_events_operator_idx').on(t.operatorName, t.id),
    index('order_events_at_idx').on(t.at),
    index('order_events_family_idx').on(t.family, t.id),
    index('order_events_decision_idx').on(t.decision, t.id),
  ],
);

/** Withdrawal auto-review rules (contracts autoReviewList; auto-review.ts applies them). */
export const withdrawReviewRules = pgTable('withdraw_review_rules', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Null: every merchant. */
  merchantId: integer('merchant_id').references(() => merchants.id),
  maxAmount: money('max_amount'),
  maxDailyCount: integer('max_daily_count'),
  /** HH:mm in UTC+8, the operators' business day; both empty = any time. */
  hoursFrom: text('hours_from'),
  hoursTo: text('hours_to'),
  enabled: boolean('enabled').notNull().default(true),
  remark: text('remark').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export type DepositOrder = typeof depositOrders.$inferSelect;
export type WithdrawOrder = typeof withdrawOrders.$inferSelect;
