/**
 * The market's settings: pools (tradeManage/trade_pool_config_page: the coin and fiat, the price
 * source, the fee), rules (trade_rule_config_page: which traders of which merchant trade in a pool,
 * order amounts, pay types, open orders per trader, advertiser approval, the large-ad threshold) and
 * the timeouts per pool (tradeOrderTimeout: payment and confirmation windows, ad validity; the jobs
 * enforce them). A trader trades in a pool under the first enabled rule (lowest id) for its type and
 * merchant (a rule without a merchant holds for every merchant).
 */
import { bilingual, defineResource } from '../../resource.ts';
import { enumLabels, optionsOf } from '../mch/common.ts';
import {
  fieldLabels,
  PRICE_SOURCE_LABELS,
  TRADE_COIN,
  TRADE_PAY_TYPE_LABELS,
  TRADER_TYPE_LABELS,
} from './trade-vocab.ts';

const pool = { resource: 'trade_pool_config_page', labelField: 'name' } as const;

export const trade_pool_config_page = defineResource({
  name: 'trade_pool_config_page',
  group: 'tradeManage',
  api: '/api/trade/pool',
  small: true,
  fields: {
    id: { type: 'number', list: true, sort: true },
    code: {
      type: 'string',
      list: true,
      filter: 'eq',
      form: {
        required: true,
        min: 2,
        max: 32,
        pattern: '^[A-Za-z0-9_-]+$',
        patternMessage: 'pattern.trade.code',
        readonlyOnEdit: true,
      },
    },
    name: { type: 'string', list: true, filter: 'contains', form: { required: true, min: 2, max: 50 } },
    currency: { type: 'string', list: true },
    fiat: { type: 'string', list: true },
    priceSource: {
      type: 'enum',
      list: true,
      options: optionsOf(PRICE_SOURCE_LABELS),
      form: { required: true },
    },
    // A fraction: 0.005 = 0.5 % above the table's rate for sell ads, below it for buy ads.
    spread: { type: 'money', list: true, display: 'percent', form: { required: true } },
    fixedPrice: { type: 'money', list: true, currency: 'CNY', form: { minAmount: '0.01' } },
    // The platform's fee on a completed order, in coins, paid by the buyer.
    feeRate: { type: 'money', list: true, display: 'percent', form: { required: true } },
    enabled: { type: 'boolean', list: true, filter: 'eq', form: { widget: 'switch' } },
    createdAt: { type: 'datetime', list: true, sort: true },
  },
  defaultSort: { field: 'id', order: 'asc' },
  actions: ['list', 'add', 'edit', 'export'],
  needsCode: ['add', 'edit'],
  labels: bilingual({
    ...fieldLabels('trade_pool_config_page', {
      id: ['编号', 'ID'],
      code: ['交易池代码', 'Pool code'],
      name: ['交易池名称', 'Pool name'],
      currency: ['币种', 'Coin'],
      fiat: ['法币', 'Fiat'],
      priceSource: ['价格来源', 'Price source'],
      spread: ['点差', 'Spread'],
      fixedPrice: ['固定价格', 'Fixed price'],
      feeRate: ['手续费率', 'Fee rate'],
      enabled: ['启用', 'Enabled'],
      createdAt: ['创建时间', 'Created at'],
    }),
    ...enumLabels('trade_pool_config_page', 'priceSource', PRICE_SOURCE_LABELS),
    'pattern.trade.code': ['只能包含字母、数字、下划线和短横线', 'letters, digits, _ and - only'],
  }),
});

export const trade_rule_config_page = defineResource({
  name: 'trade_rule_config_page',
  group: 'tradeManage',
  api: '/api/trade/rule',
  small: true,
  fields: {
    id: { type: 'number', list: true, sort: true },
    name: { type: 'string', list: true, filter: 'contains', form: { required: true, min: 2, max: 50 } },
    poolId: { type: 'ref', list: true, filter: 'eq', ref: pool, form: { required: true } },
    traderType: {
      type: 'enum',
      list: true,
      filter: 'eq',
      options: optionsOf(TRADER_TYPE_LABELS),
      form: { required: true },
    },
    merchantId: {
      type: 'ref',
      list: true,
      filter: 'eq',
      ref: { resource: 'mchList', labelField: 'name' },
      form: true,
    },
    minAmount: {
      type: 'money',
      list: true,
      currency: TRADE_COIN,
      form: { required: true, minAmount: '0.01' },
    },
    maxAmount: {
      type: 'money',
      list: true,
      currency: TRADE_COIN,
      form: { required: true, minAmount: '0.01' },
    },
    largeAdAmount: {
      type: 'money',
      list: true,
      currency: TRADE_COIN,
      form: { required: true, minAmount: '0.01' },
    },
    // Chosen in a multiple select, stored comma-separated ('bank_card,alipay').
    payTypes: {
      type: 'enum',
      many: true,
      list: true,
      options: optionsOf(TRADE_PAY_TYPE_LABELS),
      form: { required: true },
    },
    maxOpenOrders: { type: 'number', list: true, form: { required: true, min: 1, max: 100 } },
    requireAdvertiser: { type: 'boolean', list: true, form: { widget: 'switch' } },
    enabled: { type: 'boolean', list: true, filter: 'eq', form: { widget: 'switch' } },
    createdAt: { type: 'datetime', list: true, sort: true },
  },
  defaultSort: { field: 'id', order: 'asc' },
  actions: ['list', 'add', 'edit', 'remove', 'export'],
  needsCode: ['add', 'edit', 'remove'],
  labels: bilingual({
    ...fieldLabels('trade_rule_config_page', {
      id: ['编号', 'ID'],
      name: ['规则名称', 'Rule name'],
      poolId: ['交易池', 'Pool'],
      traderType: ['交易者类型', 'Trader type'],
      merchantId: ['商户(空为全部)', 'Merchant (blank: all)'],
      minAmount: ['单笔最小数量', 'Min per order'],
      maxAmount: ['单笔最大数量', 'Max per order'],
      largeAdAmount: ['大额广告门槛', 'Large ad from'],
      payTypes: ['允许的付款方式', 'Allowed pay types'],
      maxOpenOrders: ['每人最多进行中订单', 'Max open orders per trader'],
      requireAdvertiser: ['须申请成为广告商', 'Advertisers need approval'],
      enabled: ['启用', 'Enabled'],
      createdAt: ['创建时间', 'Created at'],
    }),
    ...enumLabels('trade_rule_config_page', 'traderType', TRADER_TYPE_LABELS),
    ...enumLabels('trade_rule_config_page', 'payTypes', TRADE_PAY_TYPE_LABELS),
  }),
});

export const tradeOrderTimeout = defineResource({
  name: 'tradeOrderTimeout',
  group: 'tradeManage',
  api: '/api/trade/timeout',
  small: true,
  fields: {
    id: { type: 'number', list: true, sort: true },
    poolId: {
      type: 'ref',
      list: true,
      filter: 'eq',
      ref: pool,
      form: { required: true, readonlyOnEdit: true },
    },
    payMinutes: { type: 'number', list: true, form: { required: true, min: 1, max: 1440 } },
    confirmMinutes: { type: 'number', list: true, form: { required: true, min: 1, max: 1440 } },
    adHours: { type: 'number', list: true, form: { required: true, min: 1, max: 720 } },
    // An open ad nobody takes within pushMinutes is pushed to the market (blank: never by itself).
    pushMinutes: { type: 'number', list: true, form: { min: 1, max: 1440 } },
    marketId: { type: 'ref', list: true, ref: { resource: 'thirdParty', labelField: 'name' }, form: true },
    updatedAt: { type: 'datetime', list: true },
  },
  defaultSort: { field: 'id', order: 'asc' },
  actions: ['list', 'add', 'edit', 'export'],
  needsCode: ['add', 'edit'],
  labels: bilingual({
    ...fieldLabels('tradeOrderTimeout', {
      id: ['编号', 'ID'],
      poolId: ['交易池', 'Pool'],
      payMinutes: ['付款时限(分钟)', 'Time to pay (minutes)'],
      confirmMinutes: ['放币时限(分钟)', 'Time to confirm (minutes)'],
      adHours: ['广告有效期(小时)', 'Ad valid for (hours)'],
      pushMinutes: ['未成交推送三方(分钟)', 'Push to market after (minutes)'],
      marketId: ['三方交易市场', 'Third-party market'],
      updatedAt: ['更新时间', 'Updated at'],
    }),
  }),
});

/** Without a row for its pool, these hold. */
export const DEFAULT_TRADE_TIMEOUTS = { payMinutes: 15, confirmMinutes: 30, adHours: 24 } as const;
