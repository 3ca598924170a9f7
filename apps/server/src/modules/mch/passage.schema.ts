/**
 * Third parties (upstream payment providers), their passages (products: pay type, direction, rate,
 * limits, weight, on/off), and which passages each merchant may use. The pay-management group extends
 * these tables (interface config, balances); /mch only needs what a merchant's channel config shows.
 */
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { money, rate, ts } from '../../platform/ledger/columns.ts';
import { merchants } from './schema.ts';

export const DIRECTIONS = ['deposit', 'withdraw'] as const;
export const PAY_TYPES = [
  'bank_card',
  'wechat',
  'alipay',
  'qq',
  'ecny',
  'alipay_to_card',
  'wechat_to_card',
  'unionpay_to_card',
  'alipay_large',
] as const;
export const ON_OFF = ['on', 'off'] as const;
/** A passage's health as routing sees it: `down` is skipped, `degraded` is tried after the healthy ones. */
export const HEALTH = ['healthy', 'degraded', 'down'] as const;

export const thirdParties = pgTable(
  'third_parties',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** Deposits or payouts: each direction's providers have their own page (payManage). */
    direction: text('direction', { enum: DIRECTIONS }).notNull().default('deposit'),
    /** How the platform talks to it (the pay-management group's interface config). */
    interfaceType: text('interface_type').notNull().default('http-json'),
    /** The provider's API root; the adapter of its interface type calls it over HTTP. */
    baseUrl: text('base_url').notNull().default(''),
    /** The platform's merchant number at the provider. */
    upstreamMchNo: text('upstream_mch_no').notNull().default(''),
    /** The shared signing secret, AES-256-GCM sealed (platform/secret-box.ts); never shown again. */
    secretEnc: text('secret_enc').notNull().default(''),
    secretHint: text('secret_hint').notNull().default(''),
    status: text('status', { enum: ON_OFF }).notNull().default('on'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('third_parties_code_idx').on(t.code)],
);

export const passages = pgTable(
  'passages',
  {
    id: serial('id').primaryKey(),
    thirdPartyId: integer('third_party_id')
      .notNull()
      .references(() => thirdParties.id),
    name: text('name').notNull(),
    payType: text('pay_type', { enum: PAY_TYPES }).notNull(),
    direction: text('direction', { enum: DIRECTIONS }).notNull(),
    rate: rate('rate').notNull().default('0'),
    singleMin: money('single_min').notNull().default('0'),
    singleMax: money('single_max').notNull().default('0'),
    dailyLimit: money('daily_limit').notNull().default('0'),
    weight: integer('weight').notNull().default(1),
    status: text('status', { enum: ON_OFF }).notNull().default('on'),
    /** Set by the routing from upstream answers (errors, time-outs), and by operators. */
    health: text('health', { enum: HEALTH }).notNull().default('healthy'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('passages_third_party_idx').on(t.thirdPartyId),
    index('passages_direction_idx').on(t.direction, t.payType),
  ],
);

/** A passage a merchant may use, with the merchant's own rate and weight in the routing. */
export const merchantPassages = pgTable(
  'merchant_passages',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    passageId: integer('passage_id')
      .notNull()
      .references(() => passages.id),
    /** Copied from the passage so the two config pages (deposit, withdrawal) filter on their own. */
    direction: text('direction', { enum: DIRECTIONS }).notNull(),
    payType: text('pay_type', { enum: PAY_TYPES }).notNull(),
    rate: rate('rate').notNull().default('0'),
    weight: integer('weight').notNull().default(1),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('merchant_passages_pair_idx').on(t.merchantId, t.passageId),
    index('merchant_passages_direction_idx').on(t.direction, t.merchantId),
    index('merchant_passages_passage_idx').on(t.passageId),
  ],
);
