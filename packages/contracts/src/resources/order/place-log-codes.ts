/**
 * The merchant API's answer codes (/openapi/v1): every refusal names its reason, in the merchant's
 * language (Accept-Language, zh-CN by default), and the placement log records the same code, which
 * its pages show with these labels. 0, 400, 404, 429, 500 and 503 mean what they mean in api.ts.
 */
import type { Locale } from '../../api.ts';

export const MERCHANT_API_CODES = {
  ok: 0,
  badRequest: 400,
  orderNotFound: 404,
  rateLimited: 429,
  internal: 500,
  unavailable: 503,
  signInvalid: 2001,
  timestampOutOfWindow: 2002,
  nonceReplayed: 2003,
  merchantUnknown: 2004,
  merchantNotEnabled: 2005,
  ipNotAllowed: 2006,
  insufficientBalance: 2007,
  noPassage: 2008,
  amountOutOfLimits: 2009,
  upstreamFailed: 2010,
  riskBlocked: 2011,
  merchantLoginFrozen: 2012,
  serviceClosed: 2013,
  payeeAccountRefused: 2014,
} as const;

export type MerchantApiCodeName = keyof typeof MERCHANT_API_CODES;

/** [zh-CN, en-US] of each code: the answer's `msg` and the log page's label. */
export const MERCHANT_API_CODE_LABELS: Record<MerchantApiCodeName, readonly [string, string]> = {
  ok: ['成功', 'Success'],
  badRequest: ['请求参数有误', 'Invalid request'],
  orderNotFound: ['订单不存在', 'Order not found'],
  rateLimited: ['请求过于频繁，请稍后再试', 'Too many requests for this merchant, try again shortly'],
  internal: ['服务异常', 'Service error'],
  unavailable: ['服务暂时不可用，请稍后重试', 'The service is briefly unavailable, please retry'],
  signInvalid: ['签名错误', 'The signature (sign) does not match'],
  timestampOutOfWindow: [
    '请求时间戳与服务器时间相差超过5分钟',
    'The timestamp is more than 5 minutes away from server time',
  ],
  nonceReplayed: ['随机串已使用过（重放请求）', 'The nonce was already used (replayed request)'],
  merchantUnknown: ['商户不存在', 'Unknown merchant (mchNo)'],
  merchantNotEnabled: ['商户已停用或冻结', 'The merchant is disabled or frozen'],
  ipNotAllowed: [
    '请求IP不在商户API白名单内',
    "The caller's IP address is not on the merchant's API white list",
  ],
  insufficientBalance: ['商户可用余额不足', "The merchant's available balance is insufficient"],
  noPassage: ['无可用支付通道', 'No payment passage is available for this pay type and amount'],
  // The merchant's single-order limits, the pay parameters' range, or every passage's (the field says which).
  amountOutOfLimits: ['金额超出单笔限额', 'The amount is outside the single-order limits'],
  upstreamFailed: ['上游下单失败', 'The upstream provider refused the order'],
  riskBlocked: [
    '订单被风控拦截（黑名单或临时冻结）',
    'The order is refused by risk control (a black list or a freeze)',
  ],
  merchantLoginFrozen: [
    '商户API登录已被临时冻结（风控）',
    "The merchant's API access (its login) is temporarily frozen by risk control",
  ],
  serviceClosed: ['该业务已被平台暂停', 'The platform has switched this service off'],
  payeeAccountRefused: ['收款账户已被停用或拉黑', "The member's payee account is disabled or blacklisted"],
};

const nameByCode = new Map<number, MerchantApiCodeName>(
  Object.entries(MERCHANT_API_CODES).map(([name, code]) => [code, name as MerchantApiCodeName]),
);

export function merchantApiMessage(code: number, locale: Locale): string {
  const pair = MERCHANT_API_CODE_LABELS[nameByCode.get(code) ?? 'internal'];
  return locale === 'en-US' ? pair[1] : pair[0];
}

/** The four endpoints, as the log names them. */
export const MERCHANT_API_ENDPOINTS = {
  deposit: ['创建充值订单', 'Create deposit'],
  withdraw: ['创建提现订单', 'Create withdrawal'],
  queryOrder: ['查询订单', 'Query order'],
  queryBalance: ['查询余额', 'Query balance'],
  queryPayConfig: ['查询支付参数', 'Query pay parameters'],
  // The matched (P2P) orders' calls (resources/match).
  matchDeposit: ['创建撮合充值', 'Create matched deposit'],
  matchWithdraw: ['创建撮合提现', 'Create matched withdrawal'],
  matchVoucher: ['上传付款凭证', 'Upload payment voucher'],
  matchConfirm: ['收款方确认', 'Receiver confirms'],
  giftClaim: ['赠送风控检查', 'Gift claim check'],
} as const satisfies Record<string, readonly [string, string]>;

export type MerchantApiEndpoint = keyof typeof MERCHANT_API_ENDPOINTS;

/** The log pages' options and labels of the code name field (`enum.<resource>.codeName.<name>`). */
export function codeNameOptions() {
  return (Object.entries(MERCHANT_API_CODES) as [MerchantApiCodeName, number][]).map(([value, code]) => ({
    value,
    color: code === 0 ? 'green' : code >= 500 && code < 600 ? 'red' : 'orange',
  }));
}

export function codeNameLabels(resource: string): Record<string, readonly [string, string]> {
  return Object.fromEntries(
    Object.keys(MERCHANT_API_CODES).map((name) => [
      `enum.${resource}.codeName.${name}`,
      MERCHANT_API_CODE_LABELS[name as MerchantApiCodeName],
    ]),
  );
}

/** The name of a code (`internal` for one this table does not know). */
export function merchantApiCodeName(code: number): MerchantApiCodeName {
  return nameByCode.get(code) ?? 'internal';
}
