/**
 * Matched (P2P) deposits and withdrawals (contracts resources/match): the pool of waiting withdrawals,
 * the matches (one per piece of a deposit), the rules and the per-merchant split and pool settings.
 * The orders themselves are deposit_orders / withdraw_orders rows of family 'match'.
 * `match_pool.remaining` only ever changes by guarded UPDATEs under the row lock (match-engine.ts).
 */
import { CONFIRMED_BY, MATCH_MODES, MATCH_PRIORITIES, MATCH_STATES } from '@payops/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { money, ts } from '../../platform/ledger/columns.ts';
import { writerXid } from '../../platform/xid.ts';
import { merchants } from '../mch/schema.ts';

export const matchPool = pgTable(
  'match_pool',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    withdrawOrderId: bigint('withdraw_order_id', { mode: 'number' }).notNull(),
    withdrawOrderNo: text('withdraw_order_no').notNull(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    mchNo: text('mch_no').notNull(),
    /** Merchants of one group match each other's orders (match_merchant_config); `mch:<id>` alone. */
    poolGroup: text('pool_group').notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    memberAccount: text('member_account').notNull(),
    matchLevel: integer('match_level').notNull(),
    payeeBank: text('payee_bank').notNull(),
    payeeName: text('payee_name').notNull(),
    payeeAccountNo: text('payee_account_no').notNull(),
    amount: money('amount').notNull(),
    remaining: money('remaining').notNull(),
    priority: integer('priority').notNull().default(0),
    enteredAt: ts('entered_at').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('match_pool_withdraw_idx').on(t.withdrawOrderId),
    // The database's own last word: no piece can take more than is left.
    check('match_pool_remaining_check', sql`${t.remaining} >= 0 AND ${t.remaining} <= ${t.amount}`),
    // The engine's candidate scan: the live entries of a group in its order (priority DESC, age, id),
    // so the SKIP LOCKED scan stops after a few rows instead of sorting the whole live pool per match.
    index('match_pool_live_idx')
      .on(t.poolGroup, t.priority.desc().nullsFirst(), t.enteredAt, t.id)
      .where(sql`remaining > 0`),
    index('match_pool_order_no_idx').on(t.withdrawOrderNo),
    // Records are named by their numbers, searched with ILIKE '%q%' by the options endpoint.
    index('match_pool_order_no_trgm_idx').using('gin', sql`${t.withdrawOrderNo} gin_trgm_ops`),
    index('match_pool_merchant_idx').on(t.merchantId, t.enteredAt),
    index('match_pool_group_idx').on(t.poolGroup, t.enteredAt),
    index('match_pool_member_idx').on(t.memberAccount),
    index('match_pool_amount_idx').on(t.amount),
    index('match_pool_remaining_idx').on(t.remaining),
    index('match_pool_priority_idx').on(t.priority),
    index('match_pool_entered_idx').on(t.enteredAt, t.id),
  ],
);

export const matches = pgTable(
  'matches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    matchNo: text('match_no').notNull(),
    poolId: bigint('pool_id', { mode: 'number' }).notNull(),
    depositOrderId: bigint('deposit_order_id', { mode: 'number' }).notNull(),
    depositOrderNo: text('deposit_order_no').notNull(),
    depositMerchantId: integer('deposit_merchant_id').notNull(),
    depositMchNo: text('deposit_mch_no').notNull(),
    payerMember: text('payer_member').notNull(),
    payerName: text('payer_name').notNull().default(''),
    withdrawOrderId: bigint('withdraw_order_id', { mode: 'number' }).notNull(),
    withdrawOrderNo: text('withdraw_order_no').notNull(),
    withdrawMerchantId: integer('withdraw_merchant_id').notNull(),
    withdrawMchNo: text('withdraw_mch_no').notNull(),
    payeeMember: text('payee_member').notNull(),
    payeeBank: text('payee_bank').notNull(),
    payeeName: text('payee_name').notNull(),
    payeeAccountNo: text('payee_account_no').notNull(),
    amount: money('amount').notNull(),
    /** This piece's share of the deposit's fee (the shares add up to the deposit's fee exactly). */
    depositFee: money('deposit_fee').notNull(),
    status: text('status', { enum: MATCH_STATES }).notNull().default('matched'),
    /** The voucher file: DATA_DIR/vouchers/<sha256>, its type (by magic bytes) and size. */
    voucherHash: text('voucher_hash'),
    voucherType: text('voucher_type'),
    voucherSize: integer('voucher_size'),
    confirmedBy: text('confirmed_by', { enum: CONFIRMED_BY }),
    emailOrderId: bigint('email_order_id', { mode: 'number' }),
    /** When an open match times out (pay deadline, then confirm deadline once paid). */
    deadline: ts('deadline'),
    reason: text('reason'),
    manualBy: integer('manual_by'),
    manualFrom: text('manual_from', { enum: MATCH_STATES }),
    manualReason: text('manual_reason'),
    /** The settlement's journal entry. */
    entryId: bigint('entry_id', { mode: 'number' }),
    createdAt: ts('created_at').notNull(),
    paidAt: ts('paid_at'),
    confirmedAt: ts('confirmed_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** The writing transaction (platform/xid.ts): the operations reports' change feed reads by it. */
    createdXid: writerXid('created_xid'),
  },
  (t) => [
    index('matches_created_xid_idx').on(t.createdXid),
    uniqueIndex('matches_match_no_idx').on(t.matchNo),
    index('matches_match_no_trgm_idx').using('gin', sql`${t.matchNo} gin_trgm_ops`),
    index('matches_deposit_idx').on(t.depositOrderId),
    index('matches_withdraw_idx').on(t.withdrawOrderId),
    index('matches_pool_idx').on(t.poolId),
    index('matches_deposit_no_idx').on(t.depositOrderNo),
    index('matches_withdraw_no_idx').on(t.withdrawOrderNo),
    index('matches_deposit_mch_idx').on(t.depositMerchantId, t.createdAt),
    index('matches_withdraw_mch_idx').on(t.withdrawMerchantId, t.createdAt),
    index('matches_payer_idx').on(t.payerMember),
    index('matches_payee_idx').on(t.payeeMember),
    index('matches_amount_idx').on(t.amount),
    index('matches_status_idx').on(t.status, t.createdAt),
    index('matches_confirmed_by_idx').on(t.confirmedBy, t.createdAt),
    index('matches_created_idx').on(t.createdAt, t.id),
    // The timeout job: open matches past their deadline.
    index('matches_deadline_idx').on(t.deadline).where(sql`status IN ('matched', 'payer_paid')`),
    // Email orders look for a payer-paid match by payee account and amount.
    index('matches_payee_account_idx')
      .on(t.payeeAccountNo, t.amount)
      .where(sql`status IN ('matched', 'payer_paid')`),
    // The orphan-voucher sweep asks which stored files a match references.
    index('matches_voucher_hash_idx').on(t.voucherHash).where(sql`voucher_hash IS NOT NULL`),
  ],
);

export const matchRules = pgTable('match_rules', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  minAmount: money('min_amount').notNull(),
  maxAmount: money('max_amount').notNull(),
  mode: text('mode', { enum: MATCH_MODES }).notNull().default('split'),
  maxWaitMinutes: integer('max_wait_minutes').notNull().default(1440),
  priority: text('priority', { enum: MATCH_PRIORITIES }).notNull().default('age'),
  payMinutes: integer('pay_minutes').notNull().default(15),
  confirmMinutes: integer('confirm_minutes').notNull().default(30),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const matchMerchantConfig = pgTable(
  'match_merchant_config',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    poolGroup: text('pool_group').notNull(),
    minSplitAmount: money('min_split_amount').notNull(),
    maxPieces: integer('max_pieces').notNull().default(3),
    maxPoolAmount: money('max_pool_amount'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('match_merchant_config_merchant_idx').on(t.merchantId)],
);

export type PoolEntry = typeof matchPool.$inferSelect;
export type Match = typeof matches.$inferSelect;
export type MatchRule = typeof matchRules.$inferSelect;
export type MatchMerchantConfig = typeof matchMerchantConfig.$inferSelect;
