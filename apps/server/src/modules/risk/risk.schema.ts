/**
 * Issue 13, lists and freezes: the risk list entries (all six lists in one table, one page each), the
 * temporary freezes, the risk operation records and the block log. Every lookup the risk check does
 * is an index seek: `lookup_key` (a normalised value, or a card's keyed hash) among active entries,
 * and IP ranges through a GiST index on `net`.
 */
import { RISK_KINDS, RISK_LISTS } from '@payops/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  cidr,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ts } from '../../platform/ledger/columns.ts';

const STATES = ['active', 'lifted', 'expired'] as const;
const KINDS = Object.keys(RISK_KINDS) as [keyof typeof RISK_KINDS, ...(keyof typeof RISK_KINDS)[]];
const activeOnly = sql`status = 'active'`;

export const riskListEntries = pgTable(
  'risk_list_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    list: text('list', { enum: RISK_LISTS }).notNull(),
    kind: text('kind', { enum: KINDS }).notNull(),
    /** What the page shows: the normalised value; a card only as `**** 1234`. */
    value: text('value').notNull(),
    /** What the check compares: the normalised value, or HMAC-SHA256 of a card number (risk/values.ts). */
    lookupKey: text('lookup_key').notNull(),
    /** An IP entry's address or block (`inet >>=` through the GiST index). */
    net: cidr('net'),
    network: text('network', { enum: ['TRC20', 'ERC20'] }),
    last4: text('last4'),
    /** Only this merchant's orders; NULL: every merchant's. */
    merchantId: integer('merchant_id'),
    reason: text('reason').notNull(),
    expiresAt: ts('expires_at'),
    status: text('status', { enum: STATES }).notNull().default('active'),
    /** Who put it there: 'operator', 'import', or 'rule' (the levels' auto-blacklist; its name is the actor). */
    source: text('source', { enum: ['operator', 'import', 'rule'] })
      .notNull()
      .default('operator'),
    createdBy: integer('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    liftedAt: ts('lifted_at'),
    liftedBy: integer('lifted_by'),
  },
  (t) => [
    index('risk_list_entries_lookup_idx').on(t.lookupKey, t.list).where(activeOnly),
    index('risk_list_entries_net_idx').using('gist', t.net.op('inet_ops')).where(activeOnly),
    // One active entry per value, list and merchant scope: a duplicate is refused naming the field.
    uniqueIndex('risk_list_entries_active_uq')
      .on(t.list, t.kind, t.lookupKey, sql`coalesce(merchant_id, 0)`)
      .where(activeOnly),
    index('risk_list_entries_list_idx').on(t.list, t.id),
    index('risk_list_entries_kind_idx').on(t.kind, t.list),
    index('risk_list_entries_value_idx').on(t.value),
    index('risk_list_entries_last4_idx').on(t.last4),
    index('risk_list_entries_merchant_idx').on(t.merchantId),
    index('risk_list_entries_status_idx').on(t.status, t.expiresAt),
    index('risk_list_entries_created_idx').on(t.createdAt),
    index('risk_list_entries_expires_idx').on(t.expiresAt),
  ],
);

export const riskFreezes = pgTable(
  'risk_freezes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subjectType: text('subject_type', { enum: ['member', 'merchant'] }).notNull(),
    merchantId: integer('merchant_id').notNull(),
    /** A member's account (normalised, lower case); '' for a merchant freeze. */
    memberAccount: text('member_account').notNull().default(''),
    freezeDeposit: boolean('freeze_deposit').notNull().default(false),
    freezeWithdraw: boolean('freeze_withdraw').notNull().default(false),
    freezeMatch: boolean('freeze_match').notNull().default(false),
    freezeLogin: boolean('freeze_login').notNull().default(false),
    reason: text('reason').notNull(),
    expiresAt: ts('expires_at').notNull(),
    status: text('status', { enum: STATES }).notNull().default('active'),
    createdBy: integer('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    liftedAt: ts('lifted_at'),
  },
  (t) => [
    index('risk_freezes_live_idx').on(t.merchantId, t.memberAccount).where(activeOnly),
    index('risk_freezes_subject_idx').on(t.subjectType),
    index('risk_freezes_member_idx').on(t.memberAccount),
    index('risk_freezes_status_idx').on(t.status, t.expiresAt),
    index('risk_freezes_created_idx').on(t.createdAt),
    index('risk_freezes_expires_idx').on(t.expiresAt),
  ],
);

export const riskOperationRecords = pgTable(
  'risk_operation_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull().defaultNow(),
    operation: text('operation').notNull(),
    target: text('target').notNull(),
    targetId: integer('target_id'),
    merchantId: integer('merchant_id'),
    /** An entry's kind (RISK_KINDS), or a freeze's subject: 'member' or 'merchant'. */
    kind: text('kind'),
    /** The entry's value as lists show it (masked), or the frozen member's account. */
    summary: text('summary').notNull(),
    /** A freeze's switches, comma-separated (FREEZE_SCOPES). */
    freezes: text('freezes'),
    reason: text('reason').notNull().default(''),
    operatorId: integer('operator_id'),
    /** An operator's name, or the rule/job that acted ('system:expire', 'rule:<name>'). */
    actor: text('actor').notNull(),
  },
  (t) => [
    index('risk_operation_records_at_idx').on(t.at),
    index('risk_operation_records_operation_idx').on(t.operation, t.id),
    index('risk_operation_records_target_idx').on(t.target, t.id),
    index('risk_operation_records_target_id_idx').on(t.targetId),
    index('risk_operation_records_operator_idx').on(t.operatorId),
    index('risk_operation_records_merchant_idx').on(t.merchantId, t.id),
    index('risk_operation_records_kind_idx').on(t.kind, t.id),
  ],
);

export const riskBlockLog = pgTable(
  'risk_block_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull().defaultNow(),
    source: text('source').notNull(),
    direction: text('direction').notNull(),
    /** The resource whose entry fired (a list page's name, or mchFrozenList). */
    rule: text('rule').notNull(),
    kind: text('kind'),
    entryId: integer('entry_id'),
    merchantId: integer('merchant_id'),
    mchNo: text('mch_no').notNull().default(''),
    mchOrderNo: text('mch_order_no').notNull().default(''),
    orderNo: text('order_no').notNull().default(''),
    /** The subject's matched value, masked (never a card number or a full ID). */
    subject: text('subject').notNull().default(''),
    reason: text('reason').notNull().default(''),
    /** The refused bank email order (source 'email'): the blackBlockEmailLog page links to it. */
    emailOrderId: bigint('email_order_id', { mode: 'number' }),
  },
  (t) => [
    index('risk_block_log_at_idx').on(t.at),
    index('risk_block_log_email_order_idx').on(t.emailOrderId).where(sql`email_order_id IS NOT NULL`),
    index('risk_block_log_source_idx').on(t.source, t.id),
    index('risk_block_log_rule_idx').on(t.rule, t.id),
    index('risk_block_log_entry_idx').on(t.entryId),
    index('risk_block_log_merchant_idx').on(t.merchantId, t.id),
    index('risk_block_log_mch_order_idx').on(t.mchOrderNo),
    index('risk_block_log_order_idx').on(t.orderNo),
  ],
);

export type RiskListEntry = typeof riskListEntries.$inferSelect;
export type RiskFreeze = typeof riskFreezes.$inferSelect;
