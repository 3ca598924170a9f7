/**
 * order/orderFailReason: why orders failed, per day, order family and merchant, with a count, the
 * amount and the raw message (the order's failReason as the upstream or the operator gave it). A
 * rollup written in the same transaction as each order's final state (onOrderFinal).
 */
import { stateField } from '../../lifecycle.ts';
import { bilingual, defineResource } from '../../resource.ts';
import { DIRECTION_LABELS, enumLabels, optionsOf } from '../mch/common.ts';
import { depositLifecycle } from './deposit-order.ts';
import { USDT_FAMILY_LABELS } from './usdt-common.ts';
import { withdrawLifecycle } from './withdraw-order.ts';

/**
 * The bad endings the rollup counts, worded as the order lists word them (every family's lifecycle
 * gives these four states the same words).
 */
export const ENDED_BADLY = {
  failed: depositLifecycle.states.failed,
  rejected: withdrawLifecycle.states.rejected,
  timeout: depositLifecycle.states.timeout,
  cancelled: depositLifecycle.states.cancelled,
};
const status = stateField('orderFailReason', 'status', ENDED_BADLY);

export const orderFailReason = defineResource({
  name: 'orderFailReason',
  group: 'order',
  api: '/api/pay/orderFailReason',
  fields: {
    id: { type: 'number' },
    day: { type: 'date', list: true, sort: true, filter: 'between' },
    family: {
      type: 'enum',
      list: true,
      filter: 'eq',
      options: optionsOf({ ...DIRECTION_LABELS, ...USDT_FAMILY_LABELS }),
    },
    mchNo: { type: 'string', list: true, filter: 'eq' },
    status: { type: 'enum', list: true, filter: 'eq', options: status.options },
    reason: { type: 'text', list: true, filter: 'contains' },
    count: { type: 'number', list: true, sort: true },
    amount: { type: 'money', list: true },
    lastOrderNo: { type: 'string', list: true },
    lastAt: { type: 'datetime', list: true },
  },
  defaultSort: { field: 'day', order: 'desc' },
  actions: ['list', 'export'],
  labels: bilingual({
    'field.orderFailReason.id': ['编号', 'ID'],
    'field.orderFailReason.day': ['日期', 'Day'],
    'field.orderFailReason.family': ['订单类型', 'Order type'],
    ...enumLabels('orderFailReason', 'family', { ...DIRECTION_LABELS, ...USDT_FAMILY_LABELS }),
    'field.orderFailReason.mchNo': ['商户号', 'Merchant no.'],
    'field.orderFailReason.status': ['最终状态', 'Final state'],
    ...status.labels,
    'field.orderFailReason.reason': ['失败原因（原始信息）', 'Failure reason (raw message)'],
    'field.orderFailReason.count': ['笔数', 'Orders'],
    'field.orderFailReason.amount': ['金额合计', 'Total amount'],
    'field.orderFailReason.lastOrderNo': ['最近订单号', 'Latest order no.'],
    'field.orderFailReason.lastAt': ['最近发生时间', 'Latest at'],
  }),
});
