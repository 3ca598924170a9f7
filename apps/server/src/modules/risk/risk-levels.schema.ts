/**
 * Tables of the levels, finance tags, auto-blacklist rules, cancel records, gift risk and merchant
 * risk pages (financeRisk, issue 13). The black/white lists and freezes live in the lists' own schema.
 */
import { GIFT_DIMENSIONS, MERCHANT_RISK_FLAGS, RISK_RULE_KINDS } from '@payops/contracts';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { money, rate, ts } from '../../platform/ledger/columns.ts';
import { members } from '../member/schema.ts';

/** Credit levels: a member reaches the highest level whose every threshold they meet (30 days). */
export const creditLevels = pgTable('credit_levels', {
  id: serial('id').primaryKey(),
  level: integer('level').notNull().unique(),
  name: text('name').notNull(),
  minDepositCount: integer('min_deposit_count').notNull().default(0),
  minDepositAmount: money('min_deposit_amount').notNull().default('0'),
  singleLimit: money('single_limit').notNull(),
  dailyLimit: money('daily_limit').notNull(),
  matchAllowed: boolean('match_allowed').notNull().default(true),
  matchLevel: integer('match_level').notNull().default(1),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Match levels and the levels each may be paired with (comma separated; both sides must allow it). */
export const matchLevels = pgTable('match_levels', {
  id: serial('id').primaryKey(),
  level: integer('level').notNull().unique(),
  name: text('name').notNull(),
  pairsWith: text('pairs_with').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Levels fixed by an operator: the level job leaves these members alone while the row is in force. */
export const memberLevelFixes = pgTable(
  'member_level_fixes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id),
    mchNo: text('mch_no').notNull(),
    memberAccount: text('member_account').notNull(),
    level: integer('level').notNull(),
    matchLevel: integer('match_level').notNull(),
    reason: text('reason').notNull(),
    operatorName: text('operator_name').notNull().default(''),
    expiresAt: ts('expires_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_level_fixes_member_idx').on(t.memberId),
    index('member_level_fixes_mch_idx').on(t.mchNo, t.id),
    index('member_level_fixes_account_idx').on(t.memberAccount),
    index('member_level_fixes_level_idx').on(t.level, t.id),
    index('member_level_fixes_operator_idx').on(t.operatorName, t.id),
    index('member_level_fixes_created_idx').on(t.createdAt),
  ],
);

export const financeTags = pgTable('finance_tags', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  meaning: text('meaning').notNull(),
  color: text('color').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * How many members carry each tag code, kept by triggers on members (migration 0052) in the statement
 * that changes a member's tags, so the tag list reads a count instead of every tagged member. Per code,
 * not per tag row: members may carry a code before its tag is defined (the demo, imports).
 */
export const financeTagCounts = pgTable('finance_tag_counts', {
  code: text('code').primaryKey(),
  members: integer('members').notNull(),
});

export const riskRules = pgTable('risk_rules', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind', { enum: RISK_RULE_KINDS }).notNull(),
  threshold: integer('threshold').notNull(),
  windowHours: integer('window_hours').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  remark: text('remark').notNull().default(''),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** A rule's firing on a subject: once per rule, subject and window start (the evaluator re-runs safely). */
export const riskRuleHits = pgTable(
  'risk_rule_hits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => riskRules.id),
    kind: text('kind').notNull(),
    mchNo: text('mch_no').notNull(),
    subject: text('subject').notNull(),
    count: integer('count').notNull(),
    evidence: text('evidence').notNull(),
    listEntryId: bigint('list_entry_id', { mode: 'number' }),
    status: text('status', { enum: ['pending', 'confirmed'] })
      .notNull()
      .default('pending'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('risk_rule_hits_rule_idx').on(t.ruleId, t.id),
    index('risk_rule_hits_subject_idx').on(t.subject, t.ruleId, t.createdAt),
    index('risk_rule_hits_mch_idx').on(t.mchNo, t.id),
    index('risk_rule_hits_status_idx').on(t.status, t.id),
    index('risk_rule_hits_created_idx').on(t.createdAt),
  ],
);

export const orderCancelRecords = pgTable(
  'order_cancel_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    family: text('family').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    orderNo: text('order_no').notNull(),
    merchantId: integer('merchant_id').notNull(),
    mchNo: text('mch_no').notNull(),
    memberAccount: text('member_account').notNull(),
    amount: money('amount').notNull(),
    kind: text('kind', { enum: ['cancelled', 'timeout'] }).notNull(),
    fromStatus: text('from_status').notNull(),
    operatorName: text('operator_name').notNull(),
    reason: text('reason').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [
    uniqueIndex('order_cancel_records_order_idx').on(t.family, t.orderId),
    index('order_cancel_records_order_no_idx').on(t.orderNo),
    index('order_cancel_records_mch_idx').on(t.mchNo, t.id),
    // The cancellations rule counts a member's records in a window.
    index('order_cancel_records_member_idx').on(t.memberAccount, t.merchantId, t.at),
    index('order_cancel_records_kind_idx').on(t.kind, t.id),
    index('order_cancel_records_operator_idx').on(t.operatorName, t.id),
    index('order_cancel_records_at_idx').on(t.at),
  ],
);

export const giftRiskConfig = pgTable('gift_risk_config', {
  id: serial('id').primaryKey(),
  dimension: text('dimension', { enum: GIFT_DIMENSIONS }).notNull(),
  maxAccounts: integer('max_accounts').notNull(),
  windowHours: integer('window_hours').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const giftClaims = pgTable(
  'gift_claims',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull(),
    mchNo: text('mch_no').notNull(),
    memberAccount: text('member_account').notNull(),
    amount: money('amount').notNull(),
    ip: text('ip').notNull().default(''),
    device: text('device').notNull().default(''),
    card: text('card').notNull().default(''),
    payerName: text('payer_name').notNull().default(''),
    decision: text('decision', { enum: ['allow', 'deny'] }).notNull(),
    dimension: text('dimension', { enum: GIFT_DIMENSIONS }),
    reason: text('reason').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('gift_claims_mch_idx').on(t.mchNo, t.id),
    index('gift_claims_member_idx').on(t.memberAccount),
    // The check counts earlier claims sharing each dimension within a window.
    index('gift_claims_ip_idx').on(t.ip, t.createdAt),
    index('gift_claims_device_idx').on(t.device, t.createdAt),
    index('gift_claims_card_idx').on(t.card, t.createdAt),
    index('gift_claims_payer_idx').on(t.payerName, t.createdAt),
    index('gift_claims_decision_idx').on(t.decision, t.id),
    index('gift_claims_created_idx').on(t.createdAt),
  ],
);

/** Per merchant and day (the console's time zone), rolled up from deposit_orders by merchant-risk.ts. */
export const merchantDepositDays = pgTable(
  'merchant_deposit_days',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    day: date('day', { mode: 'string' }).notNull(),
    merchantId: integer('merchant_id').notNull(),
    mchNo: text('mch_no').notNull(),
    orders: integer('orders').notNull(),
    successes: integer('successes').notNull(),
    amount: money('amount').notNull(),
    successAmount: money('success_amount').notNull(),
    successRate: rate('success_rate').notNull(),
    avgAmount7d: money('avg_amount_7d').notNull(),
    avgRate7d: rate('avg_rate_7d'),
    flag: text('flag', { enum: MERCHANT_RISK_FLAGS }).notNull().default('normal'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('merchant_deposit_days_key_idx').on(t.merchantId, t.day),
    index('merchant_deposit_days_day_idx').on(t.day, t.id),
    index('merchant_deposit_days_mch_idx').on(t.mchNo, t.day),
    index('merchant_deposit_days_flag_idx').on(t.flag, t.day),
  ],
);
