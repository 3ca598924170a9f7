/**
 * What a ledger entry is (ledger_entries.kind), named in both languages: the ledger posts only these
 * kinds (the server's EntryInput.kind is a LedgerKind), and the fund logs show and filter by them.
 */

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

/** A kind the ledger posts: one of LEDGER_KIND_LABELS. */
export type LedgerKind = keyof typeof LEDGER_KIND_LABELS;
