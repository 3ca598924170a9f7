/**
 * The pay-management configuration: interface types, each third party's interface config, agent-pay
 * (payout) configs, the bank list, the data dictionary (with the switches), pay parameters and quick
 * amounts per pay type, and the balance each provider last reported. Third parties and passages
 * themselves live in modules/mch/passage.schema.ts.
 * Every table here holds tens or hundreds of rows (the definitions say `small`).
 */
import { BALANCE_STATES } from '@payops/contracts';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { money, rate, ts } from '../../platform/ledger/columns.ts';
import { ON_OFF, thirdParties } from '../mch/passage.schema.ts';

export const PAY_OTHER_CODES = ['deposit', 'withdraw', 'wechat', 'alipay', 'usdt'] as const;
export const SIGN_METHODS = ['HMAC-SHA256', 'MD5', 'RSA-SHA256'] as const;
export const REQUEST_FORMATS = ['json', 'form', 'xml'] as const;

export const interfaceTypes = pgTable('interface_types', {
  id: serial('id').primaryKey(),
  /** The adapter's code (contracts INTERFACE_TYPE_LABELS); third parties name it. */
  code: text('code').notNull().unique('interface_types_code_key'),
  name: text('name').notNull(),
  signMethod: text('sign_method', { enum: SIGN_METHODS }).notNull(),
  requestFormat: text('request_format', { enum: REQUEST_FORMATS }).notNull(),
  status: text('status', { enum: ON_OFF }).notNull().default('on'),
  remark: text('remark'),
  // How this type's upstream statements are read (contracts order/statement-mapping.ts).
  stmtOrderNoColumn: text('stmt_order_no_column'),
  stmtAmountColumn: text('stmt_amount_column'),
  stmtStatusColumn: text('stmt_status_column'),
  stmtSuccessWords: text('stmt_success_words'),
  stmtFailedWords: text('stmt_failed_words'),
  stmtPendingWords: text('stmt_pending_words'),
  stmtDateColumn: text('stmt_date_column'),
  stmtFeeColumn: text('stmt_fee_column'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const thirdInterfaces = pgTable(
  'third_interfaces',
  {
    id: serial('id').primaryKey(),
    thirdPartyId: integer('third_party_id')
      .notNull()
      .references(() => thirdParties.id),
    interfaceType: text('interface_type')
      .notNull()
      .references(() => interfaceTypes.code),
    createUrl: text('create_url').notNull(),
    queryUrl: text('query_url'),
    payoutUrl: text('payout_url'),
    /** One address a line; empty: callbacks are accepted from any address. */
    callbackIps: text('callback_ips'),
    status: text('status', { enum: ON_OFF }).notNull().default('on'),
    // What the provider last said of the platform's balance there (balances.ts): the amount, the
    // alert line in force then (the highest of the party's agent-pay configs), the verdict, the
    // provider's error when it did not answer, and when.
    balance: money('balance'),
    balanceAlert: money('balance_alert'),
    balanceState: text('balance_state', { enum: BALANCE_STATES }),
    balanceError: text('balance_error'),
    balanceCheckedAt: ts('balance_checked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  // One interface config per third party.
  (t) => [uniqueIndex('third_interfaces_party_idx').on(t.thirdPartyId)],
);

export const thirdAgentPays = pgTable(
  'third_agent_pays',
  {
    id: serial('id').primaryKey(),
    thirdPartyId: integer('third_party_id')
      .notNull()
      .references(() => thirdParties.id),
    name: text('name').notNull(),
    singleMin: money('single_min').notNull().default('0'),
    singleMax: money('single_max').notNull().default('0'),
    dailyLimit: money('daily_limit').notNull().default('0'),
    fee: money('fee').notNull().default('0'),
    balanceAlert: money('balance_alert'),
    autoPayout: boolean('auto_payout').notNull().default(false),
    status: text('status', { enum: ON_OFF }).notNull().default('on'),
    remark: text('remark'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('third_agent_pays_party_idx').on(t.thirdPartyId)],
);

export const thirdBanks = pgTable(
  'third_banks',
  {
    id: serial('id').primaryKey(),
    bankCode: text('bank_code').notNull(),
    name: text('name').notNull(),
    /** `PROVIDER=code` a line (checked and normalised by the module). */
    thirdCodes: text('third_codes'),
    status: text('status', { enum: ON_OFF }).notNull().default('on'),
    sort: integer('sort').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('third_banks_code_idx').on(t.bankCode)],
);

/** The data dictionary; the items of DATACENTER_ONOFF_CONTROLLER are the switches. */
export const payDictItems = pgTable(
  'pay_dict_items',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    itemKey: text('item_key').notNull(),
    name: text('name').notNull(),
    value: text('value'),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    remark: text('remark'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pay_dict_items_key_idx').on(t.code, t.itemKey)],
);

export const payOtherConfigs = pgTable(
  'pay_other_configs',
  {
    id: serial('id').primaryKey(),
    code: text('code', { enum: PAY_OTHER_CODES }).notNull(),
    minAmount: money('min_amount').notNull().default('0'),
    maxAmount: money('max_amount').notNull().default('0'),
    feeRate: rate('fee_rate').notNull().default('0'),
    feeHint: text('fee_hint'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pay_other_configs_code_idx').on(t.code)],
);

export const fastAmounts = pgTable(
  'fast_amounts',
  {
    id: serial('id').primaryKey(),
    code: text('code', { enum: PAY_OTHER_CODES }).notNull(),
    /** Decimal strings separated by commas, ascending (normalised by the module). */
    amounts: text('amounts').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fast_amounts_code_idx').on(t.code)],
);
