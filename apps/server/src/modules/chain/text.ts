/**
 * What the USDT flows tell a merchant or an operator, in both languages, and `Said`: a refusal naming
 * its field and one of these messages, thrown inside a transaction (which then writes nothing) and
 * turned into the caller's 400 (or 503) at the edge.
 */
import type { Locale } from '@payops/contracts';
import { fieldError } from '../../platform/errors.ts';

export const CHAIN_TEXT = {
  noRate: { 'zh-CN': '汇率表中没有USDT/CNY汇率', 'en-US': 'the exchange-rate table has no USDT/CNY rate' },
  noAddress: {
    'zh-CN': '该网络暂无空闲收款地址，请稍后重试',
    'en-US': 'no free deposit address on this network, try again shortly',
  },
  worth: {
    'zh-CN': (cny: string) => `（折合 ${cny} 元）`,
    'en-US': (cny: string) => ` (worth ${cny} CNY)`,
  },
  tooSmall: { 'zh-CN': '折合金额不足0.01元', 'en-US': 'is worth less than 0.01 CNY' },
  chainDecimals: { 'zh-CN': '链上最多6位小数', 'en-US': 'at most 6 decimals on chain' },
  badAddress: {
    'zh-CN': (n: string) => `不是有效的${n}地址`,
    'en-US': (n: string) => `is not a valid ${n} address`,
  },
  ownAddress: { 'zh-CN': '不能提现到平台自己的地址', 'en-US': "is one of the platform's own addresses" },
  orderRef: {
    'zh-CN': '须提供平台订单号或商户订单号',
    'en-US': 'give the platform order number or the merchant order number',
  },
  nothingReceived: { 'zh-CN': '该订单没有到账金额', 'en-US': 'nothing was received for this order' },
} as const;

export type ChainTextKey = Exclude<keyof typeof CHAIN_TEXT, 'badAddress' | 'worth'>;

export class Said extends Error {
  constructor(
    readonly field: string,
    readonly key: ChainTextKey,
  ) {
    super(`${field}: ${key}`);
  }
  text(locale: Locale): string {
    return CHAIN_TEXT[this.key][locale];
  }
  /** The console's 400 naming the field. */
  toFieldError(locale: Locale) {
    return fieldError(this.field, this.text(locale));
  }
}
