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

/**
 * Why a callback was refused, stored as the system text `@callbackRefused.<why>` (with a detail in no
 * language: a field name, a value, an address) and read in the reader's language.
 */
export const CALLBACK_REFUSAL_LABELS = {
  unknownThirdParty: ['未知的三方', 'unknown third party'],
  ipNotListed: ['来源地址不在回调IP白名单', 'address not on the callback IP white list'],
  notFlat: ['不是扁平的JSON对象', 'not a flat JSON object'],
  mchNoMismatch: ['商户号与三方不符', 'mchNo does not match the third party'],
  badSignature: ['签名无效', 'signature invalid'],
  missing: ['缺少字段', 'field missing'],
  badStatus: ['状态无法识别', 'status not known'],
  badKind: ['类型无法识别', 'kind not known'],
  amountMalformed: ['金额格式错误', 'amount malformed'],
  otherThirdParty: ['订单由其他三方下单', 'order placed with another third party'],
  upstreamOrderNoMismatch: ['上游单号与订单不符', 'upstreamOrderNo does not match the order'],
  amountMismatch: ['金额与订单不符', 'amount does not match the order'],
  orderNotFound: ['订单不存在', 'order not found'],
} as const;
export type CallbackRefusal = keyof typeof CALLBACK_REFUSAL_LABELS;

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
