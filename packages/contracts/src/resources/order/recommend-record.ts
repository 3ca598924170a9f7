/**
 * order/recommendRecordList: the routing decisions. One row per placement (a deposit, a payout) with
 * every passage the routing considered and what became of it (skipped and why, tried and the
 * upstream's error, chosen), so an operator can answer "why did this order go there (or nowhere)?".
 * Written by the upstream module only; read-only here.
 */
import { bilingual, defineResource } from '../../resource.ts';
import { DIRECTION_LABELS, enumLabels, optionsOf, PAY_TYPE_LABELS } from '../mch/common.ts';

export const ROUTE_RESULT_LABELS = {
  routed: ['已路由', 'Routed'],
  no_passage: ['无可用通道', 'No passage'],
  all_failed: ['上游全部失败', 'All upstreams failed'],
} as const satisfies Record<string, readonly [string, string]>;

import { ROUTE_VERDICT_LABELS, type RouteVerdict } from './route-verdicts.ts';

export { ROUTE_VERDICT_LABELS, type RouteVerdict };
export type RouteResult = keyof typeof ROUTE_RESULT_LABELS;

/** One entry of a decision's `candidates`, in the order the routing ranked (or skipped) them. */
export interface RouteCandidate {
  passageId: number;
  name: string;
  health: string;
  weight: number;
  verdict: RouteVerdict;
  /** The upstream's message (upstream_error) or the limit that was hit (below_min, daily_cap...). */
  detail?: string;
}

export const recommendRecordList = defineResource({
  name: 'recommendRecordList',
  group: 'order',
  api: '/api/pay/recommendRecord',
  fields: {
    id: { type: 'number', list: true, sort: true },
    orderNo: { type: 'string', list: true, filter: 'eq' },
    direction: { type: 'enum', list: true, filter: 'eq', options: optionsOf(DIRECTION_LABELS) },
    merchantId: { type: 'ref', list: true, filter: 'eq', ref: { resource: 'mchList', labelField: 'mchNo' } },
    payType: { type: 'enum', list: true, filter: 'eq', options: optionsOf(PAY_TYPE_LABELS) },
    amount: { type: 'money', list: true, filter: 'between' },
    result: {
      type: 'enum',
      list: true,
      filter: 'eq',
      options: [
        { value: 'routed', color: 'green' },
        { value: 'no_passage', color: 'red' },
        { value: 'all_failed', color: 'volcano' },
      ],
    },
    passageId: { type: 'ref', list: true, filter: 'eq', ref: { resource: 'passage', labelField: 'name' } },
    considered: { type: 'number', list: true },
    candidates: { type: 'json', list: true },
    upstreamError: { type: 'text', list: true },
    createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
  },
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list', 'export'],
  labels: bilingual({
    'field.recommendRecordList.id': ['编号', 'ID'],
    'field.recommendRecordList.orderNo': ['平台订单号', 'Order no.'],
    'field.recommendRecordList.direction': ['方向', 'Direction'],
    ...enumLabels('recommendRecordList', 'direction', DIRECTION_LABELS),
    'field.recommendRecordList.merchantId': ['商户号', 'Merchant no.'],
    'field.recommendRecordList.payType': ['支付方式', 'Pay type'],
    ...enumLabels('recommendRecordList', 'payType', PAY_TYPE_LABELS),
    'field.recommendRecordList.amount': ['订单金额', 'Amount'],
    'field.recommendRecordList.result': ['结果', 'Result'],
    ...enumLabels('recommendRecordList', 'result', ROUTE_RESULT_LABELS),
    'field.recommendRecordList.passageId': ['选中通道', 'Chosen passage'],
    'field.recommendRecordList.considered': ['候选通道数', 'Passages considered'],
    'field.recommendRecordList.candidates': ['候选通道', 'Candidates'],
    ...enumLabels('recommendRecordList', 'verdict', ROUTE_VERDICT_LABELS),
    'field.recommendRecordList.upstreamError': ['上游错误', 'Upstream error'],
    'field.recommendRecordList.createdAt': ['决策时间', 'Decided at'],
  }),
});
