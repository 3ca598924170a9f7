/**
 * order/orderPlaceLogPage: every merchant API request, refused ones included, with what it asked for,
 * who asked, from where, the answer's code and the refusal reason, and how long it took. Never the
 * signature or the secret. Written by the merchant API itself (modules/openapi); read-only here.
 */
import { bilingual, defineResource } from '../../resource.ts';
import { enumLabels, optionsOf } from '../mch/common.ts';
import { codeNameLabels, codeNameOptions, MERCHANT_API_ENDPOINTS } from './place-log-codes.ts';

export const orderPlaceLogPage = defineResource({
  name: 'orderPlaceLogPage',
  group: 'order',
  api: '/api/pay/placeLog',
  fields: {
    id: { type: 'number', list: true, sort: true },
    at: { type: 'datetime', list: true, sort: true, filter: 'between' },
    mchNo: { type: 'string', list: true, filter: 'eq' },
    endpoint: { type: 'enum', list: true, filter: 'eq', options: optionsOf(MERCHANT_API_ENDPOINTS) },
    mchOrderNo: { type: 'string', list: true, filter: 'eq' },
    orderNo: { type: 'string', list: true, filter: 'eq' },
    amount: { type: 'money', list: true, filter: 'between' },
    ip: { type: 'string', list: true, filter: 'eq' },
    accepted: { type: 'boolean', list: true, filter: 'eq' },
    code: { type: 'number', list: true, filter: 'eq' },
    codeName: { type: 'enum', list: true, filter: 'eq', options: codeNameOptions() },
    reason: { type: 'text', list: true },
    latencyMs: { type: 'number', list: true, sort: true },
  },
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list', 'export'],
  labels: bilingual({
    'field.orderPlaceLogPage.id': ['编号', 'ID'],
    'field.orderPlaceLogPage.at': ['请求时间', 'Time'],
    'field.orderPlaceLogPage.mchNo': ['商户号', 'Merchant no.'],
    'field.orderPlaceLogPage.endpoint': ['接口', 'Endpoint'],
    ...enumLabels('orderPlaceLogPage', 'endpoint', MERCHANT_API_ENDPOINTS),
    'field.orderPlaceLogPage.mchOrderNo': ['商户订单号', 'Merchant order no.'],
    'field.orderPlaceLogPage.orderNo': ['平台订单号', 'Order no.'],
    'field.orderPlaceLogPage.amount': ['金额', 'Amount'],
    'field.orderPlaceLogPage.ip': ['请求IP', 'Caller IP'],
    'field.orderPlaceLogPage.accepted': ['是否受理', 'Accepted'],
    'field.orderPlaceLogPage.code': ['结果码', 'Result code'],
    'field.orderPlaceLogPage.codeName': ['结果', 'Result'],
    ...codeNameLabels('orderPlaceLogPage'),
    'field.orderPlaceLogPage.reason': ['拒绝原因', 'Refusal reason'],
    'field.orderPlaceLogPage.latencyMs': ['耗时(毫秒)', 'Latency (ms)'],
  }),
});
