/**
 * The pages a risk operation or a hold names (the list pages and the freeze page): a vocabulary of its
 * own, without the definitions, so the system texts (system-texts.ts) name a hold without every page
 * downloading the risk definitions.
 */
export const RISK_TARGETS = {
  depositBlack: ['充值黑名单', 'Deposit black list'],
  depositWhite: ['充值白名单', 'Deposit white list'],
  withdrawBlack: ['提现黑名单', 'Withdrawal black list'],
  withdrawWhite: ['提现白名单', 'Withdrawal white list'],
  blackVcAddresList: ['虚拟币地址黑名单', 'Crypto address black list'],
  blackCard: ['银行卡黑名单', 'Bank card black list'],
  mchFrozenList: ['临时冻结', 'Temporary freezes'],
} as const satisfies Record<string, readonly [string, string]>;

/**
 * What can stop an attempt (the block log's rules, a payout's hold): a list or a freeze
 * (RISK_TARGETS), the member or the merchant frozen on their own pages, a deposit over the member's
 * credit level limits (credit_level) or over the merchant's daily limit (mchDailyLimit, set on mchList),
 * or a payout to a member's account blacklisted since (memberPaymentList).
 */
export const BLOCK_RULES = {
  ...RISK_TARGETS,
  memberList: ['会员已冻结', 'Member frozen'],
  mchList: ['商户已冻结', 'Merchant frozen'],
  credit_level: ['信用等级限额', 'Credit level limit'],
  mchDailyLimit: ['商户日限额', 'Merchant daily limit'],
  memberPaymentList: ['收款账户已拉黑', 'Payee account blacklisted'],
} as const satisfies Record<string, readonly [string, string]>;
export type BlockRule = keyof typeof BLOCK_RULES;
