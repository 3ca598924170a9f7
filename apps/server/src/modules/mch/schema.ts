/**
 * Merchants and their balance adjustments. Balances are not columns here: they live in the ledger
 * (ledger_accounts, owner_type 'merchant'), so nothing can change them except a posting.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { money, rate, ts } from '../../platform/ledger/columns.ts';

export const MERCHANT_STATUSES = ['enabled', 'disabled', 'frozen'] as const;

/** One fee rate per pay type and direction, e.g. { payType: 'alipay', direction: 'deposit', rate: '0.012' }. */
export interface FeeRate {
  payType: string;
  direction: 'deposit' | 'withdraw';
  rate: string;
}

export const merchants = pgTable(
  'merchants',
  {
    id: serial('id').primaryKey(),
    /** Generated at creation (M + 8 digits); merchants' API calls carry it. */
    mchNo: text('mch_no').notNull(),
    name: text('name').notNull(),
    status: text('status', { enum: MERCHANT_STATUSES }).notNull().default('enabled'),
    /** The agent (parent merchant) that brought this merchant, if any. */
    agentId: integer('agent_id'),
    /** The signing secret, AES-256-GCM sealed: shown once at creation, masked after. */
    secretEnc: text('secret_enc').notNull(),
    /** Last four characters of the secret, so operators can tell which one a merchant holds. */
    secretHint: text('secret_hint').notNull(),
    notifyUrl: text('notify_url').notNull().default(''),
    /** API IP white list, comma separated addresses or CIDR ranges. */
    ipWhitelist: text('ip_whitelist').notNull().default(''),
    depositRate: rate('deposit_rate').notNull().default('0'),
    withdrawRate: rate('withdraw_rate').notNull().default('0'),
    /** Rates per pay type overriding the two above. */
    feeRates: jsonb('fee_rates').$type<FeeRate[]>().notNull().default([]),
    singleMin: money('single_min').notNull().default('0'),
    singleMax: money('single_max').notNull().default('0'),
    /** The merchant's CNY deposits of a platform day at most (0: no limit; merchantDepositUsage). */
    dailyLimit: money('daily_limit').notNull().default('0'),
    /** Minutes; null = the platform default (merchantTimeoutConfigPage). */
    depositTimeout: integer('deposit_timeout'),
    withdrawTimeout: integer('withdraw_timeout'),
    matchTimeout: integer('match_timeout'),
    contact: text('contact').notNull().default(''),
    phone: text('phone').notNull().default(''),
    remark: text('remark').notNull().default(''),
    createdBy: integer('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('merchants_mch_no_idx').on(t.mchNo),
    index('merchants_name_idx').on(t.name),
    // The options endpoint searches names with ILIKE '%q%' (platform/crud/options.ts), and numbers
    // for the order pages' merchant filters, whose cells show the number.
    index('merchants_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('merchants_mch_no_trgm_idx').using('gin', sql`${t.mchNo} gin_trgm_ops`),
    index('merchants_status_idx').on(t.status),
    index('merchants_agent_idx').on(t.agentId).where(sql`agent_id IS NOT NULL`),
    index('merchants_created_idx').on(t.createdAt),
  ],
);

/**
 * What each merchant's CNY deposits (deposit_orders and usdt_deposit_orders, by their CNY amount)
 * use of its daily limit: the 15-minute bucket (UTC) of an order's creation and the shard of its id,
 * kept by the order tables' triggers (migration 0044) from creation until the order ends unpaid, so
 * the risk check sums a day's buckets instead of the day's orders. The shards keep one merchant's
 * concurrent deposits off one row.
 */
export const merchantDepositUsage = pgTable(
  'merchant_deposit_usage',
  {
    merchantId: integer('merchant_id').notNull(),
    bucket: ts('bucket').notNull(),
    shard: smallint('shard').notNull(),
    used: money('used').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.bucket, t.shard] })],
);

export const ADJUST_TYPES = ['credit', 'debit', 'freeze', 'unfreeze'] as const;
export type AdjustType = (typeof ADJUST_TYPES)[number];
export const ADJUST_STATUSES = ['pending', 'executed', 'rejected', 'expired'] as const;

/**
 * Every balance adjustment, executed at once (below the threshold) or waiting for a second operator
 * (maker-checker). The status moves pending -> executed | rejected | expired once, by the transition
 * registrar's guarded UPDATE (mchAdjust's lifecycle in contracts).
 */
export const merchantAdjustments = pgTable(
  'merchant_adjustments',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    mchNo: text('mch_no').notNull(),
    type: text('type', { enum: ADJUST_TYPES }).notNull(),
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: ADJUST_STATUSES }).notNull(),
    makerId: integer('maker_id').notNull(),
    makerName: text('maker_name').notNull(),
    checkerId: integer('checker_id'),
    checkerName: text('checker_name'),
    /** The checker's reason for a rejection. */
    decisionNote: text('decision_note'),
    /** The journal entry that moved the money. */
    entryId: bigint('entry_id', { mode: 'number' }),
    /** The entry that froze a pending debit's or freeze's amount at request time (released if not approved). */
    holdEntryId: bigint('hold_entry_id', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    index('merchant_adjustments_status_idx').on(t.status, t.id),
    index('merchant_adjustments_merchant_idx').on(t.merchantId, t.id),
    index('merchant_adjustments_mch_no_idx').on(t.mchNo),
    index('merchant_adjustments_created_idx').on(t.createdAt),
  ],
);
