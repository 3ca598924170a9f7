/**
 * The wallet's configuration (issue 16), tens of rows each: ad order rules (virtualOrderConfigPage),
 * sell split rules (sellSplitQuery), the wallet's settings (sellConfigPage: dispute SLA, the
 * maker-checker amount, evidence limits), fixed payment codes per member (fixedCodeConfigPage), pay
 * and withdraw types with limits (payTypePage, withdrawTypePage) and IM quick replies per side and
 * language (imMsgListOfBuy / imMsgListOfSell). The server reads the settings (wallet-settings.ts), the
 * ad and split rules when a member posts an ad (wallet-ad-terms.ts), and the pay and withdraw types in
 * every take a member is party to (wallet-trader.ts; a seller pays the withdraw type's fee rate), and a
 * fixed code that is on as a way the member is paid (wallet-payee.ts: shown to the buyer).
 */
import { bigint, bigserial, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { money, rate, ts } from '../../platform/ledger/columns.ts';
import { ON_OFF, PAY_TYPES } from '../mch/passage.schema.ts';
import { walletMembers } from './wallet.schema.ts';

const onOff = () => text('status', { enum: ON_OFF }).notNull().default('on');

/** Ad order rules: per pay type, the amounts an ad may offer, its payment window and who may post. */
export const walletSellRules = pgTable('wallet_sell_rules', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  payType: text('pay_type', { enum: PAY_TYPES }).notNull(),
  singleMin: money('single_min').notNull(),
  singleMax: money('single_max').notNull(),
  dailyLimit: money('daily_limit').notNull(),
  /** Minutes the buyer has to pay once a trade is taken. */
  payMinutes: integer('pay_minutes').notNull().default(15),
  /** Wallet level a member needs to post such an ad. */
  minLevel: integer('min_level').notNull().default(1),
  status: onOff(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A sell above `fromAmount` (up to `toAmount`) is split in pieces of at most `pieceMax`. */
export const walletSellSplits = pgTable('wallet_sell_splits', {
  id: serial('id').primaryKey(),
  fromAmount: money('from_amount').notNull(),
  toAmount: money('to_amount').notNull(),
  pieceMin: money('piece_min').notNull(),
  pieceMax: money('piece_max').notNull(),
  maxPieces: integer('max_pieces').notNull().default(5),
  status: onOff(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** The wallet's settings: one row per key of WALLET_SETTINGS (contracts), value as text. */
export const walletSettings = pgTable(
  'wallet_settings',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wallet_settings_key_idx').on(t.key)],
);

/** A member's fixed payment code: the payload a QR encodes, stored as text with its SHA-256. */
export const walletFixedCodes = pgTable(
  'wallet_fixed_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    walletMemberId: bigint('wallet_member_id', { mode: 'number' })
      .notNull()
      .references(() => walletMembers.id),
    memberAccount: text('member_account').notNull(),
    payType: text('pay_type', { enum: PAY_TYPES }).notNull(),
    payload: text('payload').notNull(),
    payloadHash: text('payload_hash').notNull(),
    status: onOff(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('wallet_fixed_codes_member_idx').on(t.walletMemberId, t.id),
    index('wallet_fixed_codes_account_idx').on(t.memberAccount, t.id),
    index('wallet_fixed_codes_type_idx').on(t.payType, t.id),
    index('wallet_fixed_codes_status_idx').on(t.status, t.id),
    uniqueIndex('wallet_fixed_codes_hash_idx').on(t.payloadHash),
  ],
);

const typeColumns = () => ({
  id: serial('id').primaryKey(),
  payType: text('pay_type', { enum: PAY_TYPES }).notNull(),
  singleMin: money('single_min').notNull(),
  singleMax: money('single_max').notNull(),
  dailyLimit: money('daily_limit').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  status: onOff(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Pay types wallet trades may use, with their limits. */
export const walletPayTypes = pgTable('wallet_pay_types', typeColumns(), (t) => [
  uniqueIndex('wallet_pay_types_type_idx').on(t.payType),
]);

/** Withdraw types of wallet balances, with limits and a fee rate. */
export const walletWithdrawTypes = pgTable(
  'wallet_withdraw_types',
  { ...typeColumns(), feeRate: rate('fee_rate').notNull().default('0') },
  (t) => [uniqueIndex('wallet_withdraw_types_type_idx').on(t.payType)],
);

export const IM_SIDES = ['buy', 'sell'] as const;
export const IM_LANGUAGES = ['zh-CN', 'en-US'] as const;

/** Quick replies the wallet's chat offers a buyer or a seller, per language, in order. */
export const walletImReplies = pgTable('wallet_im_replies', {
  id: serial('id').primaryKey(),
  side: text('side', { enum: IM_SIDES }).notNull(),
  language: text('language', { enum: IM_LANGUAGES }).notNull(),
  content: text('content').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  status: onOff(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
