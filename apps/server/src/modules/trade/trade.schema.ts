/**
 * The P2P trade market (contracts resources/trade): pools, rules and timeouts (settings), ads, the
 * orders taken from them, and traders' applications. A trader is a ledger owner (owner type + id,
 * with its code and merchant copied so lists filter without a join). `trade_ads.remaining` only ever
 * changes by guarded UPDATEs under a CHECK (0 <= remaining <= amount): no ad is ever over-sold.
 */
import {
  AD_STATES,
  APPLY_KINDS,
  APPLY_STATES,
  PRICE_SOURCES,
  TRADE_CONFIRMED_BY,
  TRADE_ORDER_STATES,
  TRADE_PAY_TYPES,
  TRADE_SIDES,
  TRADER_TYPES,
} from '@payops/contracts';
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
import { money, rate, ts } from '../../platform/ledger/columns.ts';
import { writerXid } from '../../platform/xid.ts';

export const tradePools = pgTable(
  'trade_pools',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    currency: text('currency').notNull().default('USDT'),
    fiat: text('fiat').notNull().default('CNY'),
    priceSource: text('price_source', { enum: PRICE_SOURCES }).notNull().default('rate'),
    spread: rate('spread').notNull().default('0'),
    fixedPrice: money('fixed_price'),
    feeRate: rate('fee_rate').notNull().default('0'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('trade_pools_code_idx').on(t.code)],
);

export const tradeRules = pgTable(
  'trade_rules',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    poolId: integer('pool_id')
      .notNull()
      .references(() => tradePools.id),
    traderType: text('trader_type', { enum: TRADER_TYPES }).notNull().default('member'),
    /** Null: every merchant's members. */
    merchantId: integer('merchant_id'),
    minAmount: money('min_amount').notNull(),
    maxAmount: money('max_amount').notNull(),
    largeAdAmount: money('large_ad_amount').notNull(),
    payTypes: text('pay_types').notNull().default('bank_card,alipay,wechat'),
    maxOpenOrders: integer('max_open_orders').notNull().default(5),
    requireAdvertiser: boolean('require_advertiser').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('trade_rules_pool_idx').on(t.poolId, t.traderType)],
);

export const tradeTimeouts = pgTable(
  'trade_timeouts',
  {
    id: serial('id').primaryKey(),
    poolId: integer('pool_id')
      .notNull()
      .references(() => tradePools.id),
    payMinutes: integer('pay_minutes').notNull(),
    confirmMinutes: integer('confirm_minutes').notNull(),
    adHours: integer('ad_hours').notNull(),
    /** Push an open ad nobody took within this many minutes to `market_id` (null: never by itself). */
    pushMinutes: integer('push_minutes'),
    /** The pool's third-party market (a third party of interface type `sandbox-market` or a real one). */
    marketId: integer('market_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('trade_timeouts_pool_idx').on(t.poolId)],
);

export const tradeAds = pgTable(
  'trade_ads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adNo: text('ad_no').notNull(),
    side: text('side', { enum: TRADE_SIDES }).notNull(),
    poolId: integer('pool_id').notNull(),
    ruleId: integer('rule_id').notNull(),
    ownerType: text('owner_type', { enum: TRADER_TYPES }).notNull(),
    ownerId: bigint('owner_id', { mode: 'number' }).notNull(),
    ownerCode: text('owner_code').notNull(),
    merchantId: integer('merchant_id'),
    amount: money('amount').notNull(),
    remaining: money('remaining').notNull(),
    minTake: money('min_take').notNull(),
    maxTake: money('max_take').notNull(),
    payTypes: text('pay_types').notNull(),
    remark: text('remark').notNull().default(''),
    /** The ad's own payment window for its takes (a wallet ad rule's); null: the pool's. */
    payMinutes: integer('pay_minutes'),
    status: text('status', { enum: AD_STATES }).notNull().default('open'),
    reason: text('reason'),
    expiresAt: ts('expires_at').notNull(),
    /** When the push job last found the ad one the market may not take (trade-push.service.ts). */
    pushRefusedAt: ts('push_refused_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** The writing transaction (platform/xid.ts): the trade reports' change feed reads by it. */
    createdXid: writerXid('created_xid'),
  },
  (t) => [
    index('trade_ads_created_xid_idx').on(t.createdXid),
    uniqueIndex('trade_ads_ad_no_idx').on(t.adNo),
    index('trade_ads_ad_no_trgm_idx').using('gin', sql`${t.adNo} gin_trgm_ops`),
    // The database's own last word: no take can take more than is left.
    check('trade_ads_remaining_check', sql`${t.remaining} >= 0 AND ${t.remaining} <= ${t.amount}`),
    index('trade_ads_side_created_idx').on(t.side, t.createdAt, t.id),
    index('trade_ads_status_idx').on(t.status, t.createdAt),
    index('trade_ads_created_idx').on(t.createdAt, t.id),
    index('trade_ads_pool_idx').on(t.poolId, t.side, t.createdAt),
    index('trade_ads_owner_idx').on(t.ownerType, t.ownerId, t.status),
    index('trade_ads_owner_code_idx').on(t.ownerCode),
    index('trade_ads_merchant_idx').on(t.merchantId, t.createdAt),
    index('trade_ads_amount_idx').on(t.amount),
    // The expiry job: open ads past their validity.
    index('trade_ads_expiry_idx').on(t.expiresAt).where(sql`status = 'open'`),
  ],
);

export const tradeOrders = pgTable(
  'trade_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull(),
    adId: bigint('ad_id', { mode: 'number' }).notNull(),
    adNo: text('ad_no').notNull(),
    side: text('side', { enum: TRADE_SIDES }).notNull(),
    poolId: integer('pool_id').notNull(),
    buyerType: text('buyer_type', { enum: TRADER_TYPES }).notNull(),
    buyerId: bigint('buyer_id', { mode: 'number' }).notNull(),
    buyerCode: text('buyer_code').notNull(),
    buyerMerchantId: integer('buyer_merchant_id'),
    sellerType: text('seller_type', { enum: TRADER_TYPES }).notNull(),
    sellerId: bigint('seller_id', { mode: 'number' }).notNull(),
    sellerCode: text('seller_code').notNull(),
    sellerMerchantId: integer('seller_merchant_id'),
    /** Coins (the pool's currency), the price in fiat per coin fixed at the take, what the buyer pays. */
    currency: text('currency').notNull(),
    fiat: text('fiat').notNull(),
    amount: money('amount').notNull(),
    price: money('price').notNull(),
    fiatAmount: money('fiat_amount').notNull(),
    /** The platform's fee in coins: the buyer receives amount - fee. */
    fee: money('fee').notNull(),
    /**
     * The seller's own fee in coins, on top of the amount (a wallet member's withdraw type's rate):
     * frozen with the amount at the take, the platform's income at completion, released at a cancel.
     */
    sellerFee: money('seller_fee').notNull().default('0'),
    payType: text('pay_type', { enum: TRADE_PAY_TYPES }).notNull(),
    status: text('status', { enum: TRADE_ORDER_STATES }).notNull().default('matched'),
    voucherHash: text('voucher_hash'),
    voucherType: text('voucher_type'),
    voucherSize: integer('voucher_size'),
    confirmedBy: text('confirmed_by', { enum: TRADE_CONFIRMED_BY }),
    /** Pay deadline while matched, confirm deadline once paid; null afterwards. */
    deadline: ts('deadline'),
    reason: text('reason'),
    /** The journal entries: the freeze at the take, and the transfer or the release at the end. */
    freezeEntryId: bigint('freeze_entry_id', { mode: 'number' }),
    endEntryId: bigint('end_entry_id', { mode: 'number' }),
    createdAt: ts('created_at').notNull(),
    paidAt: ts('paid_at'),
    completedAt: ts('completed_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** The writing transaction (platform/xid.ts): the trade reports' change feed reads by it. */
    createdXid: writerXid('created_xid'),
  },
  (t) => [
    index('trade_orders_created_xid_idx').on(t.createdXid),
    uniqueIndex('trade_orders_order_no_idx').on(t.orderNo),
    index('trade_orders_order_no_trgm_idx').using('gin', sql`${t.orderNo} gin_trgm_ops`),
    index('trade_orders_ad_idx').on(t.adId, t.status),
    index('trade_orders_ad_no_idx').on(t.adNo),
    index('trade_orders_side_idx').on(t.side, t.createdAt),
    index('trade_orders_pool_idx').on(t.poolId, t.createdAt),
    index('trade_orders_buyer_idx').on(t.buyerCode),
    index('trade_orders_seller_idx').on(t.sellerCode),
    index('trade_orders_buyer_mch_idx').on(t.buyerMerchantId, t.createdAt),
    index('trade_orders_seller_mch_idx').on(t.sellerMerchantId, t.createdAt),
    // A trader's orders by state (the rule's max open orders, the members page), on either side.
    index('trade_orders_buyer_party_idx').on(t.buyerType, t.buyerId, t.status),
    index('trade_orders_seller_party_idx').on(t.sellerType, t.sellerId, t.status),
    index('trade_orders_amount_idx').on(t.amount),
    index('trade_orders_pay_type_idx').on(t.payType, t.createdAt),
    index('trade_orders_status_idx').on(t.status, t.createdAt),
    index('trade_orders_confirmed_by_idx').on(t.confirmedBy, t.createdAt),
    index('trade_orders_created_idx').on(t.createdAt, t.id),
    // The timeout jobs: matched orders past the pay deadline, paid ones past the confirm deadline.
    index('trade_orders_deadline_idx').on(t.status, t.deadline).where(sql`status IN ('matched', 'paid')`),
  ],
);

export const tradeApplications = pgTable(
  'trade_applications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applyNo: text('apply_no').notNull(),
    side: text('side', { enum: TRADE_SIDES }).notNull(),
    kind: text('kind', { enum: APPLY_KINDS }).notNull(),
    poolId: integer('pool_id').notNull(),
    ownerType: text('owner_type', { enum: TRADER_TYPES }).notNull(),
    ownerId: bigint('owner_id', { mode: 'number' }).notNull(),
    ownerCode: text('owner_code').notNull(),
    merchantId: integer('merchant_id'),
    /** A large-ad application: the largest ad it allows. */
    amount: money('amount'),
    note: text('note').notNull().default(''),
    status: text('status', { enum: APPLY_STATES }).notNull().default('pending'),
    reason: text('reason'),
    decidedBy: integer('decided_by'),
    decidedAt: ts('decided_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trade_applications_apply_no_idx').on(t.applyNo),
    index('trade_applications_apply_no_trgm_idx').using('gin', sql`${t.applyNo} gin_trgm_ops`),
    index('trade_applications_side_idx').on(t.side, t.createdAt, t.id),
    index('trade_applications_status_idx').on(t.status, t.createdAt),
    index('trade_applications_created_idx').on(t.createdAt, t.id),
    index('trade_applications_kind_idx').on(t.kind, t.createdAt),
    index('trade_applications_pool_idx').on(t.poolId, t.createdAt),
    index('trade_applications_owner_idx').on(t.ownerType, t.ownerId, t.side, t.kind, t.status),
    index('trade_applications_owner_code_idx').on(t.ownerCode),
    index('trade_applications_merchant_idx').on(t.merchantId, t.createdAt),
  ],
);

/** The traders with trade activity (tradeManage/memberList) and their pending coin credit. */
export const tradeTraders = pgTable(
  'trade_traders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerType: text('owner_type', { enum: TRADER_TYPES }).notNull(),
    ownerId: bigint('owner_id', { mode: 'number' }).notNull(),
    ownerCode: text('owner_code').notNull(),
    merchantId: integer('merchant_id'),
    adjustStatus: text('adjust_status', { enum: ['none', 'pending'] })
      .notNull()
      .default('none'),
    adjustAmount: money('adjust_amount'),
    adjustReason: text('adjust_reason'),
    adjustBy: integer('adjust_by'),
    /** Each credit's ledger event is `credit:<seq>`: posted once. */
    adjustSeq: integer('adjust_seq').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trade_traders_owner_idx').on(t.ownerType, t.ownerId),
    index('trade_traders_code_idx').on(t.ownerCode),
    index('trade_traders_code_trgm_idx').using('gin', sql`${t.ownerCode} gin_trgm_ops`),
    index('trade_traders_merchant_idx').on(t.merchantId, t.createdAt),
    index('trade_traders_adjust_idx').on(t.adjustStatus, t.createdAt),
    index('trade_traders_created_idx').on(t.createdAt, t.id),
  ],
);

export type TradePool = typeof tradePools.$inferSelect;
export type TradeRule = typeof tradeRules.$inferSelect;
export type TradeAd = typeof tradeAds.$inferSelect;
export type TradeOrder = typeof tradeOrders.$inferSelect;
export type TradeApplication = typeof tradeApplications.$inferSelect;
export type TradeTrader = typeof tradeTraders.$inferSelect;
