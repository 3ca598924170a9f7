/**
 * order/orderPlaceLogStatic: placement statistics per merchant, endpoint and hour (accepted and
 * refused counts and amounts). A rollup kept by the same statement that writes the placement log, so
 * the page never scans the log.
 */
import { bilingual, defineResource } from '../../resource.ts';
import { enumLabels, optionsOf } from '../mch/common.ts';
import { MERCHANT_API_ENDPOINTS } from './place-log-codes.ts';

export const orderPlaceLogStatic = defineResource({
  name: 'orderPlaceLogStatic',
  group: 'order',
  api: '/api/pay/placeLogStatic',
  fields: {
    id: { type: 'number' },
    hour: { type: 'datetime', list: true, sort: true, filter: 'between' },
    mchNo: { type: 'string', list: true, filter: 'eq' },
    endpoint: { type: 'enum', list: true, filter: 'eq', options: optionsOf(MERCHANT_API_ENDPOINTS) },
    acceptedCount: { type: 'number', list: true, sort: true },
    refusedCount: { type: 'number', list: true, sort: true },
    acceptedAmount: { type: 'money', list: true },
    refusedAmount: { type: 'money', list: true },
    latencyMsMax: { type: 'number', list: true },
  },
  defaultSort: { field: 'hour', order: 'desc' },
  actions: ['list', 'export'],
  labels: bilingual({
    'field.orderPlaceLogStatic.id': ['编号', 'ID'],
    'field.orderPlaceLogStatic.hour': ['小时', 'Hour'],
    'field.orderPlaceLogStatic.mchNo': ['商户号', 'Merchant no.'],
    'field.orderPlaceLogStatic.endpoint': ['接口', 'Endpoint'],
    ...enumLabels('orderPlaceLogStatic', 'endpoint', MERCHANT_API_ENDPOINTS),
    'field.orderPlaceLogStatic.acceptedCount': ['受理笔数', 'Accepted'],
    'field.orderPlaceLogStatic.refusedCount': ['拒绝笔数', 'Refused'],
    'field.orderPlaceLogStatic.acceptedAmount': ['受理金额', 'Accepted amount'],
    'field.orderPlaceLogStatic.refusedAmount': ['拒绝金额', 'Refused amount'],
    'field.orderPlaceLogStatic.latencyMsMax': ['最长耗时(毫秒)', 'Slowest (ms)'],
  }),
});
