/**
 * The raw callbacks an upstream provider sent about one order (table upstream_callbacks), as a tab of
 * the order's detail drawer: no spec route fits a list of its own. One definition per direction, so
 * each is read with its order list's permission (the server scopes them by order-number prefix).
 * Kept for the `upstreamCallbackRetentionDays` setting (a job deletes older ones).
 */
import { bilingual, defineResource } from '../../resource.ts';

export const CALLBACK_RESULT_LABELS = {
  applied: ['已处理', 'Applied'],
  duplicate: ['重复', 'Duplicate'],
  refused: ['已拒绝', 'Refused'],
} as const;

function callbackList<const N extends string>(name: N, page: string, api: string) {
  const label = (field: string, zh: string, en: string) =>
    [`field.${name}.${field}`, [zh, en]] as [string, [string, string]];
  return defineResource({
    name,
    group: 'order',
    page,
    api,
    fields: {
      id: { type: 'number', list: true, sort: true },
      orderNo: { type: 'string', list: true, filter: 'eq' },
      thirdPartyCode: { type: 'string', list: true },
      result: {
        type: 'enum',
        list: true,
        options: Object.keys(CALLBACK_RESULT_LABELS).map((value) => ({ value })),
      },
      reason: { type: 'text', list: true },
      body: { type: 'text', list: true },
      ip: { type: 'string', list: true },
      at: { type: 'datetime', list: true, sort: true },
    },
    defaultSort: { field: 'id', order: 'desc' },
    actions: ['list'],
    labels: bilingual({
      ...Object.fromEntries([
        label('id', '编号', 'ID'),
        label('orderNo', '平台订单号', 'Order no.'),
        label('thirdPartyCode', '三方编码', 'Provider code'),
        label('result', '处理结果', 'Result'),
        label('reason', '原因', 'Reason'),
        label('body', '原始内容', 'Raw body'),
        label('ip', '来源IP', 'Source IP'),
        label('at', '接收时间', 'Received at'),
      ]),
      ...Object.fromEntries(
        Object.entries(CALLBACK_RESULT_LABELS).map(([k, v]) => [`enum.${name}.result.${k}`, v]),
      ),
    }),
  });
}

export const depositCallbacks = callbackList(
  'depositCallbacks',
  'orderDepositList',
  '/api/pay/depositOrder/callbacks',
);
export const withdrawCallbacks = callbackList(
  'withdrawCallbacks',
  'orderTransferList',
  '/api/pay/transferOrder/callbacks',
);
