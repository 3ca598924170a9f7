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

/** What became of one candidate passage (the `verdict` of each entry of `candidates`). */
export const ROUTE_VERDICT_LABELS = {
  chosen: ['已选中', 'Chosen'],
  upstream_error: ['上游错误', 'Upstream error'],
  not_tried: ['未尝试', 'Not tried'],
  failover_off: ['失败切换已关闭', 'Failover switched off'],
  agent_pay_off: ['代付配置已停用', 'Payout config off'],
  agent_pay_limit: ['超出代付配置限额', 'Outside payout config limits'],
  manual_payout: ['需人工出款', 'Pays out by hand'],
  passage_off: ['通道已关闭', 'Passage off'],
  third_party_off: ['三方已关闭', 'Third party off'],
  below_min: ['低于单笔最小金额', 'Below single minimum'],
  above_max: ['高于单笔最大金额', 'Above single maximum'],
  daily_cap: ['超出日限额', 'Daily cap reached'],
  down: ['通道故障', 'Passage down'],
  not_allowed: ['商户未开通', 'Not enabled for merchant'],
  no_adapter: ['接口类型不支持', 'Interface type unsupported'],
} as const satisfies Record<string, readonly [string, string]>;
export type RouteVerdict = keyof typeof ROUTE_VERDICT_LABELS;
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
