/**
 * The ads (tradeManage/trade_buy_order_page, trade_sell_order_page): one table, one page per side.
 * An ad offers `amount` coins; takers take all or part of what `remaining` holds, each take a child
 * order (the detail drawer lists them). The lifecycle is trade-lifecycle.ts.
 */
import type { Bilingual } from '../../lifecycle.ts';
import { bilingual, defineResource } from '../../resource.ts';
import { enumLabels, optionsOf } from '../mch/common.ts';
import { adLifecycle } from './trade-lifecycle.ts';
import {
  fieldLabels,
  TRADE_COIN,
  TRADE_PAY_TYPE_LABELS,
  TRADE_SIDE_LABELS,
  TRADER_TYPE_LABELS,
  type TradeSide,
  traderEnumLabels,
} from './trade-vocab.ts';

export const TRADER_FIELDS = {
  ownerType: { type: 'enum', list: true, filter: 'eq', options: optionsOf(TRADER_TYPE_LABELS) },
  ownerCode: { type: 'string', list: true, filter: 'eq' },
  merchantId: { type: 'ref', list: true, filter: 'eq', ref: { resource: 'mchList', labelField: 'name' } },
} as const;

const AD_LABELS: Record<string, Bilingual> = {
  id: ['编号', 'ID'],
  adNo: ['广告单号', 'Ad no.'],
  side: ['方向', 'Side'],
  poolId: ['交易池', 'Pool'],
  ownerType: ['交易者类型', 'Trader type'],
  ownerCode: ['广告商', 'Advertiser'],
  merchantId: ['商户', 'Merchant'],
  amount: ['广告数量', 'Amount'],
  remaining: ['剩余数量', 'Left'],
  minTake: ['单笔最小', 'Min per take'],
  maxTake: ['单笔最大', 'Max per take'],
  payTypes: ['付款方式', 'Pay types'],
  payMinutes: ['付款时限(分钟)', 'Payment window (minutes)'],
  remark: ['备注', 'Remark'],
  status: ['状态', 'Status'],
  reason: ['原因', 'Reason'],
  expiresAt: ['过期时间', 'Expires at'],
  createdAt: ['发布时间', 'Posted at'],
  updatedAt: ['更新时间', 'Updated at'],
};

function adResource<const N extends string>(name: N, side: TradeSide) {
  return defineResource({
    name,
    group: 'tradeManage',
    api: `/api/trade/ad/${side}`,
    scope: { side },
    fields: {
      id: { type: 'number', list: true, sort: true },
      adNo: { type: 'string', list: true, filter: 'eq' },
      side: { type: 'enum', list: false, options: optionsOf(TRADE_SIDE_LABELS) },
      poolId: {
        type: 'ref',
        list: true,
        filter: 'eq',
        ref: { resource: 'trade_pool_config_page', labelField: 'name' },
      },
      ...TRADER_FIELDS,
      amount: { type: 'money', list: true, filter: 'between', currency: TRADE_COIN },
      remaining: { type: 'money', list: true, currency: TRADE_COIN },
      minTake: { type: 'money', list: true, currency: TRADE_COIN },
      maxTake: { type: 'money', list: true, currency: TRADE_COIN },
      payTypes: { type: 'enum', many: true, list: true, options: optionsOf(TRADE_PAY_TYPE_LABELS) },
      // Null: the pool's payment window (a wallet ad carries its ad rule's).
      payMinutes: { type: 'number', list: true },
      remark: { type: 'string', list: true },
      status: { type: 'enum', list: true, filter: 'in' },
      reason: { type: 'text', list: true },
      expiresAt: { type: 'datetime', list: true },
      createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
      updatedAt: { type: 'datetime', list: false },
    },
    defaultSort: { field: 'createdAt', order: 'desc' },
    labelField: 'adNo',
    actions: ['list', 'export'],
    children: [{ resource: 'tradeOrderList', foreignKey: 'adId' }],
    lifecycle: adLifecycle,
    labels: bilingual({
      ...fieldLabels(name, AD_LABELS),
      ...traderEnumLabels(name),
      ...enumLabels(name, 'payTypes', TRADE_PAY_TYPE_LABELS),
      [`child.${name}.tradeOrderList`]: ['子订单', 'Child orders'],
    }),
  });
}

export const trade_buy_order_page = adResource('trade_buy_order_page', 'buy');
export const trade_sell_order_page = adResource('trade_sell_order_page', 'sell');

/** Each side's page, by side. */
export const AD_PAGES = { buy: trade_buy_order_page, sell: trade_sell_order_page } as const;
