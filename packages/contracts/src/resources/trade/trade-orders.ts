/**
 * The trade orders: one row per take of an ad (tradeManage/tradeOrderList, the ads' child list),
 * with its price fixed at the take, the fiat amount the buyer pays off-platform, the platform's fee in
 * coins, the voucher, who confirmed and the current deadline. Its page is the receipt audit
 * (trade_approve_order_page: pending confirmations, opened filtered to paid and disputed orders).
 */
import type { Bilingual } from '../../lifecycle.ts';
import { bilingual, defineResource } from '../../resource.ts';
import { enumLabels, optionsOf } from '../mch/common.ts';
import { tradeOrderLifecycle } from './trade-lifecycle.ts';
import {
  fieldLabels,
  TRADE_COIN,
  TRADE_CONFIRMED_BY_LABELS,
  TRADE_FIAT,
  TRADE_PAY_TYPE_LABELS,
  TRADE_SIDE_LABELS,
  TRADER_TYPE_LABELS,
} from './trade-vocab.ts';

const mch = { resource: 'mchList', labelField: 'name' } as const;

const ORDER_LABELS: Record<string, Bilingual> = {
  id: ['编号', 'ID'],
  orderNo: ['订单号', 'Order no.'],
  adId: ['广告', 'Ad'],
  adNo: ['广告单号', 'Ad no.'],
  side: ['广告方向', 'Ad side'],
  poolId: ['交易池', 'Pool'],
  buyerType: ['买方类型', 'Buyer type'],
  buyerCode: ['买方', 'Buyer'],
  buyerMerchantId: ['买方商户', "Buyer's merchant"],
  sellerType: ['卖方类型', 'Seller type'],
  sellerCode: ['卖方', 'Seller'],
  sellerMerchantId: ['卖方商户', "Seller's merchant"],
  amount: ['数量', 'Amount'],
  price: ['单价', 'Price'],
  fiatAmount: ['应付金额', 'To pay'],
  fee: ['手续费', 'Fee'],
  sellerFee: ['卖方手续费', "Seller's fee"],
  payType: ['付款方式', 'Pay type'],
  status: ['状态', 'Status'],
  voucherType: ['凭证类型', 'Voucher type'],
  voucherSize: ['凭证大小(字节)', 'Voucher size (bytes)'],
  confirmedBy: ['放币方式', 'Completed by'],
  deadline: ['截止时间', 'Deadline'],
  reason: ['原因', 'Reason'],
  createdAt: ['下单时间', 'Taken at'],
  paidAt: ['付款时间', 'Paid at'],
  completedAt: ['完成时间', 'Completed at'],
};

function orderLabels(page: string): Record<string, Bilingual> {
  return {
    ...fieldLabels(page, ORDER_LABELS),
    ...enumLabels(page, 'side', TRADE_SIDE_LABELS),
    ...enumLabels(page, 'buyerType', TRADER_TYPE_LABELS),
    ...enumLabels(page, 'sellerType', TRADER_TYPE_LABELS),
    ...enumLabels(page, 'payType', TRADE_PAY_TYPE_LABELS),
    ...enumLabels(page, 'confirmedBy', TRADE_CONFIRMED_BY_LABELS),
  };
}

const trader = optionsOf(TRADER_TYPE_LABELS);

export const tradeOrderList = defineResource({
  name: 'tradeOrderList',
  group: 'tradeManage',
  // The receipt audit's page lists every order; the bell links it filtered to paid and disputed.
  page: 'trade_approve_order_page',
  pageList: true,
  api: '/api/trade/order',
  fields: {
    id: { type: 'number', list: true, sort: true },
    orderNo: { type: 'string', list: true, filter: 'eq' },
    adId: { type: 'number', list: false, filter: 'eq' },
    adNo: { type: 'string', list: true, filter: 'eq' },
    side: { type: 'enum', list: true, filter: 'eq', options: optionsOf(TRADE_SIDE_LABELS) },
    poolId: {
      type: 'ref',
      list: true,
      filter: 'eq',
      ref: { resource: 'trade_pool_config_page', labelField: 'name' },
    },
    buyerType: { type: 'enum', list: false, options: trader },
    buyerCode: { type: 'string', list: true, filter: 'eq' },
    buyerMerchantId: { type: 'ref', list: true, filter: 'eq', ref: mch },
    sellerType: { type: 'enum', list: false, options: trader },
    sellerCode: { type: 'string', list: true, filter: 'eq' },
    sellerMerchantId: { type: 'ref', list: true, filter: 'eq', ref: mch },
    amount: { type: 'money', list: true, filter: 'between', currency: TRADE_COIN },
    price: { type: 'money', list: true, currency: TRADE_FIAT },
    fiatAmount: { type: 'money', list: true, currency: TRADE_FIAT },
    fee: { type: 'money', list: true, currency: TRADE_COIN },
    // On top of the amount (a wallet member's withdraw fee): held with it, the platform's at completion.
    sellerFee: { type: 'money', list: true, currency: TRADE_COIN },
    payType: { type: 'enum', list: true, filter: 'eq', options: optionsOf(TRADE_PAY_TYPE_LABELS) },
    status: { type: 'enum', list: true, filter: 'in' },
    voucherType: { type: 'string', list: true },
    voucherSize: { type: 'number', list: false },
    confirmedBy: { type: 'enum', list: true, filter: 'eq', options: optionsOf(TRADE_CONFIRMED_BY_LABELS) },
    deadline: { type: 'datetime', list: true },
    reason: { type: 'text', list: true },
    createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
    paidAt: { type: 'datetime', list: true },
    completedAt: { type: 'datetime', list: true },
  },
  defaultSort: { field: 'createdAt', order: 'desc' },
  labelField: 'orderNo',
  actions: ['list', 'export'],
  lifecycle: tradeOrderLifecycle,
  labels: bilingual({
    ...orderLabels('tradeOrderList'),
    'voucher.tradeOrderList.title': ['付款凭证', 'Payment voucher'],
    'voucher.tradeOrderList.none': ['买方尚未上传凭证', 'The buyer has not uploaded a voucher yet'],
    'voucher.tradeOrderList.failed': ['凭证加载失败', 'The voucher could not be loaded'],
    'voucher.tradeOrderList.pdf': ['下载PDF凭证', 'Download the PDF voucher'],
  }),
});
