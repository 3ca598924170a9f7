/**
 * The operations reports of /financeReport (matching, third parties, callbacks of matched orders,
 * levels, first deposits): two records the system writes as things happen (a member's first deposit,
 * a member's level change) and the per-day rollups the report pages read. A rollup row is a pure
 * function of the raw records of its day (the platform's time zone): rollups.ts recomputes whole days,
 * so a late or corrected record only makes its day dirty again.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { money, ts } from '../../platform/ledger/columns.ts';
import { writerXid } from '../../platform/xid.ts';

/**
 * A member's first successful deposit (a member is an account at a merchant, as orders name it),
 * written once in the transaction that makes a deposit a success (first-deposit.ts): the order, its
 * channel, when it was created (the day the reports cut by) and the member's credit level then
 * (members.level, 1 for an account the member list does not hold yet).
 */
export const memberFirstDeposits = pgTable(
  'member_first_deposits',
  {
    merchantId: integer('merchant_id').notNull(),
    memberAccount: text('member_account').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    orderNo: text('order_no').notNull(),
    passageId: integer('passage_id'),
    payType: text('pay_type').notNull(),
    amount: money('amount').notNull(),
    level: integer('level').notNull(),
    at: ts('at').notNull(),
    /** The writing transaction (platform/xid.ts): the operations reports' change feed reads by it. */
    createdXid: writerXid('created_xid'),
  },
  (t) => [
    index('member_first_deposits_created_xid_idx').on(t.createdXid),
    primaryKey({ columns: [t.merchantId, t.memberAccount] }),
    index('member_first_deposits_at_idx').on(t.at),
  ],
);

export const LEVEL_CHANGE_SOURCES = ['job', 'fix'] as const;

/** Every change of a member's credit level: by the level job, or by an operator's fixed level. */
export const memberLevelChanges = pgTable(
  'member_level_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    merchantId: integer('merchant_id').notNull(),
    fromLevel: integer('from_level').notNull(),
    toLevel: integer('to_level').notNull(),
    source: text('source', { enum: LEVEL_CHANGE_SOURCES }).notNull(),
    at: ts('at').notNull(),
    /** The writing transaction (platform/xid.ts): the operations reports' change feed reads by it. */
    createdXid: writerXid('created_xid'),
  },
  (t) => [
    index('member_level_changes_created_xid_idx').on(t.createdXid),
    index('member_level_changes_at_idx').on(t.at),
    index('member_level_changes_member_idx').on(t.memberId, t.at),
  ],
);

const day = () => date('day', { mode: 'string' }).notNull();
const count = (name: string) => integer(name).notNull().default(0);
const amount = (name: string) => money(name).notNull().default('0');
const seconds = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** Matches by the day they were made, per depositing and withdrawing merchant. */
export const reportMatchDays = pgTable(
  'report_match_days',
  {
    day: day(),
    depositMerchantId: integer('deposit_merchant_id').notNull(),
    withdrawMerchantId: integer('withdraw_merchant_id').notNull(),
    matches: count('matches'),
    amount: amount('amount'),
    confirmed: count('confirmed'),
    confirmedAmount: amount('confirmed_amount'),
    confirmedFee: amount('confirmed_fee'),
    failed: count('failed'),
    failedAmount: amount('failed_amount'),
    open: count('open'),
    /** Sum over confirmed matches of (confirmed_at - created_at), whole seconds. */
    confirmSeconds: seconds('confirm_seconds'),
  },
  (t) => [uniqueIndex('report_match_days_key').on(t.day, t.depositMerchantId, t.withdrawMerchantId)],
);

/** Time a withdrawal waited in the pool before each of its pieces was matched, by bucket. */
export const reportMatchWaitDays = pgTable(
  'report_match_wait_days',
  {
    day: day(),
    merchantId: integer('merchant_id').notNull(),
    bucket: smallint('bucket').notNull(),
    pieces: count('pieces'),
    amount: amount('amount'),
    waitSeconds: seconds('wait_seconds'),
  },
  (t) => [uniqueIndex('report_match_wait_days_key').on(t.day, t.merchantId, t.bucket)],
);

/**
 * Per third party, passage and direction: the pushes (a routing decision sending an order to one of its
 * passages: accepted, or answered with an error) and the callbacks it sent (refused ones among them;
 * passage 0: a callback names no passage). Its orders' counts and amounts are the finance platform's
 * order rollup's (thirdPartyId, passageId).
 */
export const reportThirdPushDays = pgTable(
  'report_third_push_days',
  {
    day: day(),
    thirdPartyId: integer('third_party_id').notNull(),
    passageId: integer('passage_id').notNull(),
    direction: text('direction').notNull(),
    pushes: count('pushes'),
    pushErrors: count('push_errors'),
    callbacks: count('callbacks'),
    callbacksRefused: count('callbacks_refused'),
  },
  (t) => [uniqueIndex('report_third_push_days_key').on(t.day, t.thirdPartyId, t.passageId, t.direction)],
);

export const THIRD_ERROR_SOURCES = ['placement', 'callback'] as const;

/**
 * Errors per third party and passage: a placement it refused or failed, a callback of its the platform
 * refused (passage 0), by the error's text (the adapters' messages name no order).
 */
export const reportThirdErrorDays = pgTable(
  'report_third_error_days',
  {
    day: day(),
    thirdPartyId: integer('third_party_id').notNull(),
    passageId: integer('passage_id').notNull(),
    source: text('source', { enum: THIRD_ERROR_SOURCES }).notNull(),
    error: text('error').notNull(),
    errors: count('errors'),
  },
  (t) => [
    uniqueIndex('report_third_error_days_key').on(t.day, t.thirdPartyId, t.passageId, t.source, t.error),
  ],
);

/** Callbacks telling merchants of their matched orders' outcomes, by the day each was recorded. */
export const reportMatchSyncDays = pgTable(
  'report_match_sync_days',
  {
    day: day(),
    merchantId: integer('merchant_id').notNull(),
    family: text('family').notNull(),
    callbacks: count('callbacks'),
    delivered: count('delivered'),
    failed: count('failed'),
    pending: count('pending'),
    attempts: count('attempts'),
    amount: amount('amount'),
    deliveredAmount: amount('delivered_amount'),
  },
  (t) => [uniqueIndex('report_match_sync_days_key').on(t.day, t.merchantId, t.family)],
);

/** Level changes per merchant, by the level reached (and the one left). */
export const reportLevelDays = pgTable(
  'report_level_days',
  {
    day: day(),
    merchantId: integer('merchant_id').notNull(),
    fromLevel: integer('from_level').notNull(),
    toLevel: integer('to_level').notNull(),
    promoted: count('promoted'),
    demoted: count('demoted'),
  },
  (t) => [uniqueIndex('report_level_days_key').on(t.day, t.merchantId, t.fromLevel, t.toLevel)],
);

/**
 * First-deposit cohorts: the members whose first deposit fell on the day, per merchant and level,
 * and how many of them made another successful deposit on one of the next N days (N = 1, 3, 7, 15,
 * 30: days D+1 to D+N, cumulative).
 */
export const reportFirstDepositCohorts = pgTable(
  'report_first_deposit_cohorts',
  {
    day: day(),
    merchantId: integer('merchant_id').notNull(),
    level: integer('level').notNull(),
    members: count('members'),
    amount: amount('amount'),
    back1: count('back1'),
    back3: count('back3'),
    back7: count('back7'),
    back15: count('back15'),
    back30: count('back30'),
  },
  (t) => [uniqueIndex('report_first_deposit_cohorts_key').on(t.day, t.merchantId, t.level)],
);

/** First deposits by the channel (passage) and pay type they came through. */
export const reportFirstDepositChannels = pgTable(
  'report_first_deposit_channels',
  {
    day: day(),
    merchantId: integer('merchant_id').notNull(),
    passageId: integer('passage_id').notNull(),
    payType: text('pay_type').notNull(),
    firstDeposits: count('first_deposits'),
    amount: amount('amount'),
  },
  (t) => [uniqueIndex('report_first_deposit_channels_key').on(t.day, t.merchantId, t.passageId, t.payType)],
);

/** `0` passage: a first deposit that came through no passage (a matched order). */
export const NO_PASSAGE = 0;
export const sqlNoPassage = sql.raw(String(NO_PASSAGE));
