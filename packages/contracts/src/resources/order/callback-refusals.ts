/**
 * The vocabulary of refused upstream callbacks (upstream-callback.ts lists them), apart from the
 * definitions so that the system texts, which every page loads, do not load those.
 */
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
