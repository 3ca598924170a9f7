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
import { PAY_TYPES } from '../mch/passage.schema.ts';
import { merchants } from '../mch/schema.ts';

export const depositOrders = pgTable(
  'deposit_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The platform's order number (D + time + random), what operators and merchants quote. */
    orderNo: text('order_no').notNull(),
    /** The merchant's own number: unique per merchant, a repeated request answers the same order. */
    mchOrderNo: text('mch_order_no').notNull(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    mchNo: text('mch_no').notNull(),
    memberAccount: text('member_account').notNull().default(''),
    payType: text('pay_type', { enum: PAY_TYPES }).notNull(),
    currency: text('currency').notNull().default('CNY'),
    amount: money('amount').notNull(),
    /** The merchant's fee, fixed at creation from its rate; charged only on success. */
    fee: money('fee').notNull().default('0'),
    passageId: integer('passage_id'),
    thirdPartyId: integer('third_party_id'),
    upstreamOrderNo: text('upstream_order_no'),
    payUrl: text('pay_url'),
    status: text('status', { enum: DEPOSIT_STATES }).notNull().default('created'),
    notifyUrl: text('notify_url').notNull().default(''),
    clientIp: text('client_ip').notNull().default(''),
    failReason: text('fail_reason'),
    remark: text('remark').notNull().default(''),
    /** When the order times out if nobody pays (the merchant's deposit timeout from creation). */
    expiresAt: ts('expires_at'),
    /** The journal entry that credited the merchant (success), and the refund's. */
    entryId: bigint('entry_id', { mode: 'number' }),
    /** The operator of the last decision (receipt audit, a manual decision's approval). */
    reviewedBy: integer('reviewed_by'),
    reviewedByName: text('reviewed_by_name'),
    reviewedAt: ts('reviewed_at'),
    /** A pending manual decision: its maker (who may not approve it), the state it left, why. */
    manualBy: integer('manual_by'),
    manualFrom: text('manual_from', { enum: DEPOSIT_STATES }),
    manualReason: text('manual_reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
    paidAt: ts('paid_at'),
    finishedAt: ts('finished_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
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
    // The status filter, the header badge "orders in audit" over a window, the receipt-audit queue.
    index('deposit_orders_status_created_idx').on(t.status, t.createdAt),
    // The timeout job reads the open orders that are due.
    index('deposit_orders_expiry_idx').on(t.expiresAt).where(sql`status IN ('created', 'pending_payment')`),
  ],
);

/** The withdrawal states the header badges count (badges.ts), and the predicate of their index. */
export const OPEN_WITHDRAW_STATES = ['in_review', 'approved', 'paying', 'detained'] as const;
export const WAITING_WITHDRAW_STATES = ['in_review', 'approved'] as const;
/** `status IN (...)` as SQL text: constant, so the planner can prove the partial index applies. */
export const statusIn = (states: readonly string[]) =>
  sql.raw(`status IN (${states.map((s) => `'${s}'`).join(', ')})`);

export const withdrawOrders = pgTable(
  'withdraw_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull(),
    mchOrderNo: text('mch_order_no').notNull(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    mchNo: text('mch_no').notNull(),
    memberAccount: text('member_account').notNull().default(''),
    payType: text('pay_type', { enum: PAY_TYPES }).notNull().default('bank_card'),
    currency: text('currency').notNull().default('CNY'),
    amount: money('amount').notNull(),
    fee: money('fee').notNull().default('0'),
    /** The payee: stored in clear for the payout, masked on the way out. */
    bankCode: text('bank_code').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    accountName: text('account_name').notNull().default(''),
    accountNo: text('account_no').notNull().default(''),
    passageId: integer('passage_id'),
    thirdPartyId: integer('third_party_id'),
    upstreamOrderNo: text('upstream_order_no'),
    status: text('status', { enum: WITHDRAW_STATES }).notNull().default('created'),
    /** The state a detained order returns to when released. */
    detainedFrom: text('detained_from', { enum: WITHDRAW_STATES }),
    /** A reservation withdrawal is paid out no earlier than this. */
    scheduledAt: ts('scheduled_at'),
    notifyUrl: text('notify_url').notNull().default(''),
    clientIp: text('client_ip').notNull().default(''),
    failReason: text('fail_reason'),
    remark: text('remark').notNull().default(''),
    /** The entry that froze amount + fee at creation, and the one that settled or released it. */
    freezeEntryId: bigint('freeze_entry_id', { mode: 'number' }),
    entryId: bigint('entry_id', { mode: 'number' }),
    reviewedBy: integer('reviewed_by'),
    reviewedByName: text('reviewed_by_name'),
    /** A pending manual decision: its maker (who may not approve it), the state it left, why. */
    manualBy: integer('manual_by'),
    manualFrom: text('manual_from', { enum: WITHDRAW_STATES }),
    manualReason: text('manual_reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
    reviewedAt: ts('reviewed_at'),
    finishedAt: ts('finished_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
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
    // The status filter and the review queue.
    index('withdraw_orders_status_created_idx').on(t.status, t.createdAt),
    // The header badges (timed-out and low-amount withdrawals over a window): the open withdrawals
    // only, with what the two counts read, so each is an index-only range over a small index.
    index('withdraw_orders_open_idx')
      .on(t.createdAt, t.merchantId, t.amount, t.status)
      .where(statusIn(OPEN_WITHDRAW_STATES)),
    // Reservation withdrawals (thirdwithdraw_list): the few with a time.
    index('withdraw_orders_scheduled_idx').on(t.scheduledAt).where(sql`scheduled_at IS NOT NULL`),
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
