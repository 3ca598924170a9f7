/**
 * Members (customers of a merchant, unique per merchant + account), their payment accounts used at
 * the cashier, and rebate orders. Personal fields are stored in clear for the matching and risk
 * services and masked on the way out (platform/masking.ts). Credit points and money balances are
 * ledger accounts (owner_type 'member'; currency PTS for points), never columns.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { money, rate, ts } from '../../platform/ledger/columns.ts';
import { DIRECTIONS, PAY_TYPES } from '../mch/passage.schema.ts';
import { merchants } from '../mch/schema.ts';

export const MEMBER_STATUSES = ['normal', 'frozen'] as const;

export const members = pgTable(
  'members',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    mchNo: text('mch_no').notNull(),
    /** The member's account at the merchant. */
    account: text('account').notNull(),
    realName: text('real_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    idNumber: text('id_number').notNull().default(''),
    /** Credit level (1 lowest) and match level of the P2P matching rules. */
    level: integer('level').notNull().default(1),
    matchLevel: integer('match_level').notNull().default(1),
    status: text('status', { enum: MEMBER_STATUSES }).notNull().default('normal'),
    /** Finance tags given by the risk pages, comma separated. */
    financeTags: text('finance_tags').notNull().default(''),
    city: text('city').notNull().default(''),
    firstDepositAt: ts('first_deposit_at'),
    firstDepositAmount: money('first_deposit_amount'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('members_merchant_account_idx').on(t.merchantId, t.account),
    index('members_account_idx').on(t.account),
    // The options endpoint searches accounts with ILIKE '%q%' (platform/crud/options.ts).
    index('members_account_trgm_idx').using('gin', sql`${t.account} gin_trgm_ops`),
    index('members_mch_no_idx').on(t.mchNo, t.id),
    index('members_phone_idx').on(t.phone),
    index('members_status_idx').on(t.status, t.id),
    index('members_level_idx').on(t.level, t.id),
    index('members_created_idx').on(t.createdAt),
    // The finance tags as a set (platform/crud/query.ts setHas): the list's tag filter, and the tag
    // list's member counts.
    index('members_finance_tags_idx').using('gin', sql`string_to_array(${t.financeTags}, ',')`),
    index('members_first_deposit_idx').on(t.firstDepositAt).where(sql`first_deposit_at IS NOT NULL`),
  ],
);

export const memberPaymentAccounts = pgTable(
  'member_payment_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    merchantId: integer('merchant_id').notNull(),
    memberAccount: text('member_account').notNull(),
    payType: text('pay_type', { enum: PAY_TYPES }).notNull(),
    /** Card number, Alipay or WeChat account, digital-RMB wallet id. */
    accountNo: text('account_no').notNull(),
    holderName: text('holder_name').notNull(),
    bankName: text('bank_name').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    /** Switched on member/memberPaymentList; a withdrawal to a blacklisted account is refused. */
    blacklisted: boolean('blacklisted').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('member_payment_accounts_member_idx').on(t.memberId),
    index('member_payment_accounts_account_idx').on(t.memberAccount),
    index('member_payment_accounts_no_idx').on(t.accountNo),
    index('member_payment_accounts_type_idx').on(t.payType, t.id),
    index('member_payment_accounts_merchant_idx').on(t.merchantId, t.id),
    index('member_payment_accounts_created_idx').on(t.createdAt),
  ],
);

export const REBATE_STATUSES = ['pending', 'paid', 'cancelled'] as const;

/** Rebates paid to members on their deposits (payFundOrderPage) and withdrawals (transFundOrderPage). */
export const memberRebateOrders = pgTable(
  'member_rebate_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull(),
    direction: text('direction', { enum: DIRECTIONS }).notNull(),
    merchantId: integer('merchant_id').notNull(),
    mchNo: text('mch_no').notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    memberAccount: text('member_account').notNull(),
    orderAmount: money('order_amount').notNull(),
    rate: rate('rate').notNull(),
    amount: money('amount').notNull(),
    status: text('status', { enum: REBATE_STATUSES }).notNull().default('pending'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_rebate_orders_no_idx').on(t.orderNo),
    index('member_rebate_orders_dir_idx').on(t.direction, t.id),
    index('member_rebate_orders_member_idx').on(t.memberAccount),
    index('member_rebate_orders_mch_idx').on(t.mchNo, t.id),
    index('member_rebate_orders_status_idx').on(t.status, t.id),
    index('member_rebate_orders_created_idx').on(t.createdAt),
  ],
);
