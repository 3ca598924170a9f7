/**
 * Callbacks to merchants (/order/mchNotify): one notification per order and final state, a signed POST
 * to the merchant's notify URL, retried with back-off until the merchant answers HTTP 200 with the
 * body `success`, then delivered; after the last retry failed, waiting for an operator's resend.
 * Every attempt is kept (mchNotifyAttempt, the child list of the detail drawer).
 */
import { defineLifecycle, stateField } from '../../lifecycle.ts';
import { bilingual, defineResource } from '../../resource.ts';
import { DIRECTION_LABELS, enumLabels, optionsOf } from '../mch/common.ts';
import { DEPOSIT_FINAL_STATES, depositLifecycle } from './deposit-order.ts';
import { ANY_ORDER_FAMILY_LABELS } from './order-family.ts';
import { USDT_FAMILY_LABELS, USDT_IGNORED_STATE } from './usdt-common.ts';
import { WITHDRAW_FINAL_STATES, withdrawLifecycle } from './withdraw-order.ts';

/** Seconds before each retry after a failed attempt: 15 s, 1 m, 5 m, 30 m, 2 h; then failed. */
export const NOTIFY_BACKOFF_SECONDS = [15, 60, 300, 1800, 7200] as const;

/** What a merchant answers to acknowledge a callback: HTTP 200 and this body (trimmed, any case). */
export const NOTIFY_ACK_BODY = 'success';

export const NOTIFY_FAMILIES = ['deposit', 'withdraw', 'usdtDeposit', 'usdtWithdraw'] as const;
export type NotifyFamily = (typeof NOTIFY_FAMILIES)[number];

/** The final states a callback tells of, with the orders' own colours and labels. */
const finalStates = {
  ...Object.fromEntries(WITHDRAW_FINAL_STATES.map((v) => [v, withdrawLifecycle.states[v]])),
  ...Object.fromEntries(DEPOSIT_FINAL_STATES.map((v) => [v, depositLifecycle.states[v]])),
  ignored: USDT_IGNORED_STATE,
};
const orderStatus = stateField('mchNotify', 'orderStatus', finalStates);

export const notifyLifecycle = defineLifecycle({
  states: {
    pending: { color: 'processing', label: ['待通知', 'Pending'] },
    delivered: { color: 'green', label: ['已送达', 'Delivered'] },
    failed: { color: 'red', label: ['通知失败', 'Failed'] },
  },
  transitions: {
    // The merchant acknowledged an attempt (the delivery job).
    deliver: { from: ['pending'], to: 'delivered', label: ['已送达', 'Delivered'], system: true },
    // The last retry failed too (the delivery job).
    fail: { from: ['pending'], to: 'failed', label: ['通知失败', 'Give up'], system: true },
    resend: {
      from: ['failed', 'delivered'],
      to: 'pending',
      label: ['重新通知', 'Resend'],
      confirm: [
        '确定重新通知商户吗？将立即发送一次回调，失败后按退避计划重试。',
        'Resend the callback? It is sent at once and, if it fails, retried on the back-off schedule.',
      ],
    },
  },
});

export const mchNotify = defineResource({
  name: 'mchNotify',
  group: 'order',
  api: '/api/pay/mchNotify',
  fields: {
    id: { type: 'number', list: true, sort: true },
    family: {
      type: 'enum',
      list: true,
      filter: 'eq',
      options: [
        { value: 'deposit', color: 'blue' },
        { value: 'withdraw', color: 'orange' },
        { value: 'usdtDeposit', color: 'cyan' },
        { value: 'usdtWithdraw', color: 'volcano' },
      ],
    },
    // The order's own family: the matched orders' callbacks are a report of their own.
    orderFamily: { type: 'enum', list: true, filter: 'eq', options: optionsOf(ANY_ORDER_FAMILY_LABELS) },
    orderNo: { type: 'string', list: true, filter: 'eq' },
    mchOrderNo: { type: 'string', list: true, filter: 'eq' },
    mchNo: { type: 'string', list: true, filter: 'eq' },
    orderStatus: { type: 'enum', list: true, options: orderStatus.options },
    amount: { type: 'money', list: true },
    status: { type: 'enum', list: true, filter: 'in' },
    attempts: { type: 'number', list: true },
    lastHttpStatus: { type: 'number', list: true },
    lastError: { type: 'text', list: true },
    nextAttemptAt: { type: 'datetime', list: true },
    notifyUrl: { type: 'string', list: true },
    createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
    deliveredAt: { type: 'datetime', list: true },
  },
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list', 'export'],
  lifecycle: notifyLifecycle,
  children: [{ resource: 'mchNotifyAttempt', foreignKey: 'notificationId', parentField: 'id' }],
  labels: bilingual({
    'field.mchNotify.id': ['编号', 'ID'],
    'field.mchNotify.family': ['订单类型', 'Order type'],
    ...enumLabels('mchNotify', 'family', { ...DIRECTION_LABELS, ...USDT_FAMILY_LABELS }),
    'field.mchNotify.orderFamily': ['订单种类', 'Order family'],
    ...enumLabels('mchNotify', 'orderFamily', ANY_ORDER_FAMILY_LABELS),
    'field.mchNotify.orderNo': ['平台订单号', 'Order no.'],
    'field.mchNotify.mchOrderNo': ['商户订单号', 'Merchant order no.'],
    'field.mchNotify.mchNo': ['商户号', 'Merchant no.'],
    'field.mchNotify.orderStatus': ['订单状态', 'Order status'],
    ...orderStatus.labels,
    'field.mchNotify.amount': ['订单金额', 'Amount'],
    'field.mchNotify.status': ['通知状态', 'Callback status'],
    'field.mchNotify.attempts': ['通知次数', 'Attempts'],
    'field.mchNotify.lastHttpStatus': ['最近HTTP状态', 'Last HTTP status'],
    'field.mchNotify.lastError': ['最近错误', 'Last error'],
    'field.mchNotify.nextAttemptAt': ['下次通知时间', 'Next attempt at'],
    'field.mchNotify.notifyUrl': ['通知地址', 'Notify URL'],
    'field.mchNotify.createdAt': ['创建时间', 'Created at'],
    'field.mchNotify.deliveredAt': ['送达时间', 'Delivered at'],
    'child.mchNotify.mchNotifyAttempt': ['通知记录', 'Attempts'],
  }),
});

/** Every attempt of a callback: what was sent, what came back, how long it took. */
export const mchNotifyAttempt = defineResource({
  name: 'mchNotifyAttempt',
  group: 'order',
  page: 'mchNotify',
  api: '/api/pay/mchNotify/attempt',
  fields: {
    id: { type: 'number', list: true, sort: true },
    notificationId: { type: 'number', list: true, filter: 'eq' },
    attemptNo: { type: 'number', list: true },
    ok: { type: 'boolean', list: true },
    httpStatus: { type: 'number', list: true },
    latencyMs: { type: 'number', list: true },
    responseExcerpt: { type: 'text', list: true },
    error: { type: 'text', list: true },
    requestBody: { type: 'text', list: true },
    at: { type: 'datetime', list: true, sort: true },
  },
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list', 'export'],
  labels: bilingual({
    'field.mchNotifyAttempt.id': ['编号', 'ID'],
    'field.mchNotifyAttempt.notificationId': ['通知编号', 'Callback'],
    'field.mchNotifyAttempt.attemptNo': ['第几次', 'Attempt'],
    'field.mchNotifyAttempt.ok': ['商户已确认', 'Acknowledged'],
    'field.mchNotifyAttempt.httpStatus': ['HTTP状态', 'HTTP status'],
    'field.mchNotifyAttempt.latencyMs': ['耗时(毫秒)', 'Latency (ms)'],
    'field.mchNotifyAttempt.responseExcerpt': ['商户应答', 'Answer'],
    'field.mchNotifyAttempt.error': ['错误', 'Error'],
    'field.mchNotifyAttempt.requestBody': ['请求内容', 'Request body'],
    'field.mchNotifyAttempt.at': ['时间', 'Time'],
  }),
});
