/**
 * Pushes of open ads to a third-party P2P market (tradeManage/trade_push_rec_page) and the forced
 * ones (findForcePushLogByPage: a view of the same records, those an operator forced, with who and
 * why). A push takes what is left of the ad as a child order whose taker is the market (trader type
 * `market`), then sends it; the market's answer and later its fill decide the push and, through the
 * order's own transitions, the child order:
 *   pending -> accepted (the market took it) -> filled (order completed) | cancelled (order cancelled)
 *   pending -> rejected (the market said no: order cancelled) | failed (no answer: retried)
 *   failed -> pending (retry: the same push reference, so the market never holds two orders).
 */
import { defineLifecycle } from '../../lifecycle.ts';
import { bilingual, defineResource, OPERATOR_REF } from '../../resource.ts';
import { defineView } from '../../view.ts';
import { optionsOf } from '../mch/common.ts';
import { fieldLabels, TRADE_COIN, TRADE_SIDE_LABELS } from './trade-vocab.ts';

export const PUSH_STATES = ['pending', 'accepted', 'filled', 'cancelled', 'rejected', 'failed'] as const;
export type PushState = (typeof PUSH_STATES)[number];

export const pushLifecycle = defineLifecycle({
  states: {
    pending: { color: 'processing', label: ['推送中', 'Pending'] },
    accepted: { color: 'blue', label: ['三方已接单', 'Accepted'] },
    filled: { color: 'green', label: ['三方已成交', 'Filled'] },
    cancelled: { color: 'default', label: ['三方已取消', 'Cancelled'] },
    rejected: { color: 'red', label: ['三方拒绝', 'Rejected'] },
    failed: { color: 'orange', label: ['推送失败', 'Failed'] },
  },
  transitions: {
    accept: { from: ['pending'], to: 'accepted', label: ['三方接单', 'Accepted'], system: true },
    reject: { from: ['pending'], to: 'rejected', label: ['三方拒绝', 'Rejected'], system: true },
    fail: { from: ['pending'], to: 'failed', label: ['推送失败', 'Failed'], system: true },
    fill: { from: ['accepted'], to: 'filled', label: ['三方成交', 'Filled'], system: true },
    cancel: { from: ['accepted'], to: 'cancelled', label: ['三方取消', 'Cancelled'], system: true },
    retry: {
      from: ['failed'],
      to: 'pending',
      label: ['重新推送', 'Retry push'],
      confirm: [
        '以同一推送单号重新发送到三方市场？三方不会因此生成第二笔订单。',
        'Send again under the same push no.? The market never makes a second order of it.',
      ],
    },
  },
});

const PUSH_LABELS = {
  id: ['编号', 'ID'],
  pushNo: ['推送单号', 'Push no.'],
  adNo: ['广告单号', 'Ad no.'],
  orderNo: ['订单号', 'Order no.'],
  orderId: ['订单', 'Order'],
  poolId: ['交易池', 'Pool'],
  marketId: ['三方市场', 'Market'],
  side: ['方向', 'Side'],
  amount: ['推送数量', 'Amount'],
  remoteNo: ['三方单号', 'Remote order no.'],
  status: ['状态', 'Status'],
  attempts: ['发送次数', 'Attempts'],
  lastError: ['最近错误', 'Last error'],
  forced: ['强推', 'Forced'],
  reason: ['强推原因', 'Reason'],
  createdBy: ['操作人', 'By'],
  createdAt: ['推送时间', 'Pushed at'],
  sentAt: ['最近发送', 'Last sent'],
  settledAt: ['三方结果时间', 'Market result at'],
} as const;

export const trade_push_rec_page = defineResource({
  name: 'trade_push_rec_page',
  group: 'tradeManage',
  api: '/api/trade/push',
  fields: {
    id: { type: 'number', list: true, sort: true },
    pushNo: { type: 'string', list: true, filter: 'eq' },
    adNo: { type: 'string', list: true, filter: 'eq' },
    orderNo: { type: 'string', list: true, filter: 'eq' },
    orderId: { type: 'number', filter: 'eq' },
    poolId: {
      type: 'ref',
      list: true,
      filter: 'eq',
      ref: { resource: 'trade_pool_config_page', labelField: 'name' },
    },
    marketId: { type: 'ref', list: true, filter: 'eq', ref: { resource: 'thirdParty', labelField: 'name' } },
    side: { type: 'enum', list: true, options: optionsOf(TRADE_SIDE_LABELS) },
    amount: { type: 'money', list: true, currency: TRADE_COIN },
    remoteNo: { type: 'string', list: true, filter: 'eq' },
    status: { type: 'enum', list: true, filter: 'in' },
    attempts: { type: 'number', list: true },
    lastError: { type: 'text', list: true },
    forced: { type: 'boolean', list: true, filter: 'eq' },
    reason: { type: 'text', list: true },
    createdBy: { type: 'ref', list: true, ref: OPERATOR_REF },
    createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
    sentAt: { type: 'datetime', list: true },
    settledAt: { type: 'datetime', list: true },
  },
  defaultSort: { field: 'id', order: 'desc' },
  labelField: 'pushNo',
  actions: ['list', 'export'],
  lifecycle: pushLifecycle,
  labels: bilingual({
    ...fieldLabels('trade_push_rec_page', PUSH_LABELS),
    'enum.trade_push_rec_page.side.buy': TRADE_SIDE_LABELS.buy,
    'enum.trade_push_rec_page.side.sell': TRADE_SIDE_LABELS.sell,
  }),
});

/** The forced pushes: who forced which ad, when, why, and what came of it (the push's state). */
export const findForcePushLogByPage = defineView(trade_push_rec_page, {
  group: 'tradeManage',
  page: 'findForcePushLogByPage',
  api: '/api/trade/push/forced',
  columns: [
    'id',
    'pushNo',
    'adNo',
    'orderNo',
    'marketId',
    'amount',
    'createdBy',
    'reason',
    'status',
    'lastError',
    'createdAt',
  ],
  labels: bilingual({}),
  readOnly: true,
});
