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

/** Kinds of journal postings as the fund logs show them. */
export const LEDGER_KIND_LABELS = {
  deposit: ['充值入账', 'Deposit'],
  withdraw: ['提现出账', 'Withdrawal'],
  fee: ['手续费', 'Fee'],
  refund: ['退款', 'Refund'],
  rebate: ['返利', 'Rebate'],
  adjust_credit: ['人工加款', 'Manual credit'],
  adjust_debit: ['人工扣款', 'Manual debit'],
  freeze: ['冻结', 'Freeze'],
  unfreeze: ['解冻', 'Unfreeze'],
  points: ['积分调整', 'Points adjustment'],
  reversal: ['冲正', 'Reversal'],
  // A matched (P2P) piece settled for both sides (modules/match).
  match: ['撮合结算', 'Match settlement'],
  // Coins changing hands in a trade order, its escrow and release (modules/trade, wallet disputes).
  trade: ['交易结算', 'Trade settlement'],
  // Cash received at the wallet counter, credited to a wallet member (modules/cashier).
  counter_payment: ['柜台收款', 'Counter payment'],
  // Coins the simulator gives the sandbox merchant's traders (modules/mockTrade).
  sandbox_faucet: ['模拟发币', 'Sandbox faucet'],
} as const satisfies Record<string, readonly [string, string]>;

/** What a ledger entry is (ledger_entries.kind): every kind the ledger posts is named here. */
export type LedgerKind = keyof typeof LEDGER_KIND_LABELS;

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
