/**
 * Normal (third-party) deposit and withdrawal orders. Status changes only through the lifecycles in
 * contracts (resources/order), by the transition registrar's guarded UPDATE; money only through the
 * ledger. Every list filter of the order pages has an index (1M-order budget, performance.md).
 */
import { DEPOSIT_STATES, WITHDRAW_STATES } from '@payops/contracts';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
    createdAt: ts('created_at').notNull().defaultNow(),
    paidAt: ts('paid_at'),
    finishedAt: ts('finished_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deposit_orders_order_no_idx').on(t.orderNo),
    uniqueIndex('deposit_orders_mch_order_idx').on(t.merchantId, t.mchOrderNo),
    index('deposit_orders_upstream_idx').on(t.upstreamOrderNo).where(sql`upstream_order_no IS NOT NULL`),
    index('deposit_orders_status_idx').on(t.status, t.id),
    index('deposit_orders_merchant_idx').on(t.merchantId, t.id),
    index('deposit_orders_member_idx').on(t.memberAccount),
    index('deposit_orders_mch_order_no_idx').on(t.mchOrderNo),
    index('deposit_orders_passage_idx').on(t.passageId, t.id),
    index('deposit_orders_pay_type_idx').on(t.payType, t.id),
    index('deposit_orders_amount_idx').on(t.amount),
    index('deposit_orders_created_idx').on(t.createdAt),
    // The timeout job reads the open orders that are due.
    index('deposit_orders_expiry_idx').on(t.expiresAt).where(sql`status IN ('created', 'pending_payment')`),
  ],
);

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
    createdAt: ts('created_at').notNull().defaultNow(),
    reviewedAt: ts('reviewed_at'),
    finishedAt: ts('finished_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('withdraw_orders_order_no_idx').on(t.orderNo),
    uniqueIndex('withdraw_orders_mch_order_idx').on(t.merchantId, t.mchOrderNo),
    index('withdraw_orders_upstream_idx').on(t.upstreamOrderNo).where(sql`upstream_order_no IS NOT NULL`),
    index('withdraw_orders_status_idx').on(t.status, t.id),
    index('withdraw_orders_merchant_idx').on(t.merchantId, t.id),
    index('withdraw_orders_member_idx').on(t.memberAccount),
    index('withdraw_orders_mch_order_no_idx').on(t.mchOrderNo),
    index('withdraw_orders_passage_idx').on(t.passageId, t.id),
    index('withdraw_orders_amount_idx').on(t.amount),
    index('withdraw_orders_created_idx').on(t.createdAt),
  ],
);

export type DepositOrder = typeof depositOrders.$inferSelect;
export type WithdrawOrder = typeof withdrawOrders.$inferSelect;
