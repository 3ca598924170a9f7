/**
 * order/pageSettle: the merchants' daily settlement statements, computed from the ledger (one row per
 * merchant account, i.e. merchant and currency, and business day in the platform's time zone with
 * postings). Opening balance + the day's movements = closing balance, which must equal the ledger's
 * balance after the day's last posting; a statement that does not is flagged `mismatch` (never
 * "fixed"). An operator settles a statement whose day is over and that matches the ledger; a settled
 * statement never changes, and the ledger refuses postings dated inside the account's settled days.
 */
import { defineLifecycle } from '../../lifecycle.ts';
import { bilingual, defineResource, type FieldInput } from '../../resource.ts';

export const settleLifecycle = defineLifecycle({
  states: {
    open: { color: 'blue', label: ['未结算', 'Open'] },
    settled: { color: 'green', label: ['已结算', 'Settled'] },
  },
  transitions: {
    settle: {
      from: ['open'],
      to: 'settled',
      label: ['确认结算', 'Settle'],
      confirm: [
        '确认结算后该日账单不可再变更，且该商户该日及之前不能再记账。确定吗？',
        'Once settled, the statement never changes and nothing more can be posted to this account up to the end of its day. Settle?',
      ],
      needsCode: true,
      // Today's statement is provisional (its day is not over): no button; the server refuses it too.
      when: { field: 'provisional', in: [false] },
    },
  },
});

/** A money figure of the statement, cut to its currency's scale (exports too). */
const money = (list: boolean): FieldInput => ({ type: 'money', list, currency: { field: 'currency' } });

/** The statement's figures, in the order the page shows them. */
export const SETTLEMENT_FIGURES = {
  openingAvailable: ['期初可用', 'Opening available'],
  openingFrozen: ['期初冻结', 'Opening frozen'],
  depositsGross: ['充值(总额)', 'Deposits (gross)'],
  depositFees: ['充值手续费', 'Deposit fees'],
  refunds: ['退款', 'Refunds'],
  withdrawals: ['提现(出款)', 'Withdrawals (paid out)'],
  withdrawalFees: ['提现手续费', 'Withdrawal fees'],
  adjustCredit: ['人工加款', 'Manual credits'],
  adjustDebit: ['人工扣款', 'Manual debits'],
  other: ['其他', 'Other'],
  frozenChange: ['冻结净变动', 'Net frozen change'],
  closingAvailable: ['期末可用', 'Closing available'],
  closingFrozen: ['期末冻结', 'Closing frozen'],
  ledgerAvailable: ['账本可用余额', 'Ledger available'],
  ledgerFrozen: ['账本冻结余额', 'Ledger frozen'],
} as const satisfies Record<string, readonly [string, string]>;

export type SettlementFigure = keyof typeof SETTLEMENT_FIGURES;

/** The figures shown as list columns; the others are in the detail drawer. */
const LISTED: readonly SettlementFigure[] = [
  'openingAvailable',
  'depositsGross',
  'depositFees',
  'refunds',
  'withdrawals',
  'withdrawalFees',
  'adjustCredit',
  'adjustDebit',
  'other',
  'closingAvailable',
  'closingFrozen',
];

const figureFields = Object.fromEntries(
  Object.keys(SETTLEMENT_FIGURES).map((k) => [k, money(LISTED.includes(k as SettlementFigure))]),
) as Record<SettlementFigure, FieldInput>;

const figureLabels = Object.fromEntries(
  Object.entries(SETTLEMENT_FIGURES).map(([k, v]) => [`field.pageSettle.${k}`, v]),
) as Record<string, readonly [string, string]>;

export const pageSettle = defineResource({
  name: 'pageSettle',
  group: 'order',
  api: '/api/order/settle',
  fields: {
    id: { type: 'number' },
    day: { type: 'date', list: true, sort: true, filter: 'between' },
    merchantId: {
      type: 'ref',
      list: true,
      filter: 'eq',
      ref: { resource: 'mchList', labelField: 'name' },
    },
    mchNo: { type: 'string', list: true, filter: 'eq' },
    currency: { type: 'string', list: true, filter: 'eq' },
    status: { type: 'enum', list: true, filter: 'eq' },
    mismatch: { type: 'boolean', list: true, filter: 'eq' },
    provisional: { type: 'boolean', list: true },
    // The business day's first and last instant in the platform's zone (the fund-log link's window).
    dayFrom: { type: 'datetime', virtual: true },
    dayTo: { type: 'datetime', virtual: true },
    ...figureFields,
    postings: { type: 'number', list: true },
    accountId: { type: 'number' },
    firstPostingId: { type: 'number' },
    lastPostingId: { type: 'number' },
    computedAt: { type: 'datetime' },
    settledAt: { type: 'datetime' },
  },
  defaultSort: { field: 'day', order: 'desc' },
  actions: ['list', 'export'],
  custom: [
    {
      name: 'recompute',
      scope: 'row',
      confirm: true,
      when: { field: 'status', in: ['open'] },
    },
  ],
  lifecycle: settleLifecycle,
  labels: bilingual({
    'field.pageSettle.id': ['编号', 'ID'],
    'field.pageSettle.day': ['结算日', 'Day'],
    'field.pageSettle.merchantId': ['商户名称', 'Merchant'],
    'field.pageSettle.mchNo': ['商户号', 'Merchant no.'],
    'field.pageSettle.currency': ['币种', 'Currency'],
    'field.pageSettle.status': ['状态', 'Status'],
    'field.pageSettle.mismatch': ['与账本不符', 'Ledger mismatch'],
    'field.pageSettle.provisional': ['日内暂估', 'Provisional'],
    'field.pageSettle.dayFrom': ['业务日开始', 'Business day from'],
    'field.pageSettle.dayTo': ['业务日结束', 'Business day to'],
    ...figureLabels,
    'field.pageSettle.postings': ['流水笔数', 'Postings'],
    'field.pageSettle.accountId': ['账户编号', 'Account'],
    'field.pageSettle.firstPostingId': ['首笔流水号', 'First posting'],
    'field.pageSettle.lastPostingId': ['末笔流水号', 'Last posting'],
    'field.pageSettle.computedAt': ['计算时间', 'Computed at'],
    'field.pageSettle.settledAt': ['结算时间', 'Settled at'],
    'action.pageSettle.recompute': ['重新计算', 'Recompute'],
    'confirm.pageSettle.recompute': ['按账本重新计算该账单吗？', 'Recompute this statement from the ledger?'],
    'pageSettle.fundLog': ['查看当日资金流水', "The day's fund log"],
    'pageSettle.mismatchHint': [
      '期末余额与账本不符：请核对当日流水，不能结算。',
      'The closing balance differs from the ledger: check the postings of the day; it cannot be settled.',
    ],
    'pageSettle.provisionalHint': [
      '该日尚未结束，数字为暂估，日终后重新计算。',
      'The day is not over: the figures are provisional and are recomputed after it ends.',
    ],
  }),
});
