/**
 * The wallet area (issue 16): members of the platform's own mobile wallet and their pay accounts
 * (personal data in clear for the services, masked on the way out), and the wallet's configuration
 * tables (ad order rules, sell splits, settings, fixed codes, pay and withdraw types, IM quick
 * replies). Balances are ledger accounts of owner type `wallet_member`, never columns here.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from '../../platform/ledger/columns.ts';
import { PAY_TYPES } from '../mch/passage.schema.ts';

export const WALLET_MEMBER_STATUSES = ['normal', 'frozen'] as const;
/** none: never asked; pending: documents sent; verified / rejected: the KYC check's answer. */
export const WALLET_KYC_STATES = ['none', 'pending', 'verified', 'rejected'] as const;

export const walletMembers = pgTable(
  'wallet_members',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The wallet id the app gives at registration (unique, not personal data: the phone is separate). */
    account: text('account').notNull(),
    phone: text('phone').notNull().default(''),
    realName: text('real_name').notNull().default(''),
    idNumber: text('id_number').notNull().default(''),
    kycState: text('kyc_state', { enum: WALLET_KYC_STATES }).notNull().default('none'),
    /** Wallet level (1 lowest): raises the trade limits of wallet ads. */
    level: integer('level').notNull().default(1),
    status: text('status', { enum: WALLET_MEMBER_STATUSES }).notNull().default('normal'),
    /** The app's language: IM quick replies are offered in it. */
    language: text('language').notNull().default('zh-CN'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_members_account_idx').on(t.account),
    index('wallet_members_account_trgm_idx').using('gin', sql`${t.account} gin_trgm_ops`),
    index('wallet_members_phone_idx').on(t.phone),
    index('wallet_members_kyc_idx').on(t.kycState, t.id),
    index('wallet_members_level_idx').on(t.level, t.id),
    index('wallet_members_status_idx').on(t.status, t.id),
    index('wallet_members_created_idx').on(t.createdAt),
  ],
);

/** Pay accounts a wallet member receives or pays with (walletPayTypeInfoPage). */
export const walletPayAccounts = pgTable(
  'wallet_pay_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    walletMemberId: bigint('wallet_member_id', { mode: 'number' })
      .notNull()
      .references(() => walletMembers.id),
    memberAccount: text('member_account').notNull(),
    payType: text('pay_type', { enum: PAY_TYPES }).notNull(),
    accountNo: text('account_no').notNull(),
    holderName: text('holder_name').notNull(),
    bankName: text('bank_name').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('wallet_pay_accounts_member_idx').on(t.walletMemberId),
    index('wallet_pay_accounts_account_idx').on(t.memberAccount, t.id),
    index('wallet_pay_accounts_no_idx').on(t.accountNo),
    index('wallet_pay_accounts_type_idx').on(t.payType, t.id),
    index('wallet_pay_accounts_created_idx').on(t.createdAt),
  ],
);

export type WalletMember = typeof walletMembers.$inferSelect;
