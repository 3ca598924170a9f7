/**
 * Vocabularies shared by the /mch and /member definitions (pay types, directions, journal kinds), with
 * their labels in both languages, so each definition names its enum labels in one line.
 */
import type { EnumOption } from '../../resource.ts';

export const PAY_TYPE_LABELS = {
  bank_card: ['银行卡', 'Bank card'],
  wechat: ['微信', 'WeChat'],
  alipay: ['支付宝', 'Alipay'],
  qq: ['QQ钱包', 'QQ Pay'],
  ecny: ['数字人民币', 'Digital RMB'],
  alipay_to_card: ['支付宝转卡', 'Alipay to card'],
  wechat_to_card: ['微信转卡', 'WeChat to card'],
  unionpay_to_card: ['云闪付转卡', 'Quick Pass to card'],
  alipay_large: ['支付宝大额内层', 'Alipay large amount'],
} as const satisfies Record<string, readonly [string, string]>;

export const DIRECTION_LABELS = {
  deposit: ['充值', 'Deposit'],
  withdraw: ['提现', 'Withdrawal'],
} as const satisfies Record<string, readonly [string, string]>;

const colors: Record<string, string> = {
  deposit: 'green',
  withdraw: 'volcano',
  adjust_credit: 'blue',
  adjust_debit: 'orange',
  freeze: 'purple',
  unfreeze: 'cyan',
  reversal: 'red',
};

export function optionsOf(labels: Record<string, unknown>): EnumOption[] {
  return Object.keys(labels).map((value) => (colors[value] ? { value, color: colors[value] } : { value }));
}

/** `enum.<resource>.<field>.<value>` pairs for a vocabulary. */
export function enumLabels(
  resource: string,
  field: string,
  labels: Record<string, readonly [string, string]>,
): Record<string, readonly [string, string]> {
  return Object.fromEntries(
    Object.entries(labels).map(([value, pair]) => [`enum.${resource}.${field}.${value}`, pair]),
  );
}
