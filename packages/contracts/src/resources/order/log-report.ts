/**
 * order/logReport: the error log report. Errors per day grouped by source (the merchant API's
 * refusals and failures; the upstream providers' errors from the routing decisions), merchant,
 * endpoint and code, with a count and the latest message. A rollup, never a scan of the logs.
 */
import { bilingual, defineResource } from '../../resource.ts';
import { enumLabels, optionsOf } from '../mch/common.ts';

export const ERROR_SOURCES = {
  api: ['商户API', 'Merchant API'],
  upstream: ['上游', 'Upstream'],
} as const satisfies Record<string, readonly [string, string]>;

export const logReport = defineResource({
  name: 'logReport',
  group: 'order',
  api: '/api/pay/logReport',
  fields: {
    id: { type: 'number' },
    day: { type: 'date', list: true, sort: true, filter: 'between' },
    source: { type: 'enum', list: true, filter: 'eq', options: optionsOf(ERROR_SOURCES) },
    mchNo: { type: 'string', list: true, filter: 'eq' },
    // A merchant API row's endpoint (`@merchantApiEndpoint.deposit`, read as its name) or code (2009);
    // an upstream row's passage (its name) and `@upstreamError`. Searched by the words shown.
    endpoint: { type: 'string', list: true, filter: 'contains' },
    code: { type: 'string', list: true, filter: 'contains' },
    count: { type: 'number', list: true, sort: true },
    lastMessage: { type: 'text', list: true },
    lastAt: { type: 'datetime', list: true },
  },
  defaultSort: { field: 'day', order: 'desc' },
  actions: ['list', 'export'],
  labels: bilingual({
    'field.logReport.id': ['编号', 'ID'],
    'field.logReport.day': ['日期', 'Day'],
    'field.logReport.source': ['来源', 'Source'],
    ...enumLabels('logReport', 'source', ERROR_SOURCES),
    'field.logReport.mchNo': ['商户号', 'Merchant no.'],
    'field.logReport.endpoint': ['接口/通道', 'Endpoint / passage'],
    'field.logReport.code': ['错误码', 'Error code'],
    'field.logReport.count': ['次数', 'Count'],
    'field.logReport.lastMessage': ['最近错误信息', 'Latest message'],
    'field.logReport.lastAt': ['最近发生时间', 'Latest at'],
  }),
});
