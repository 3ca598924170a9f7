/**
 * USDT deposits (issue 11): the merchant API creates the order with the rate of the day fixed on it
 * and an address of the pool; the chain watcher (server modules/chain) sees the member's transfer
 * (`see`), and once it has the configured confirmations either credits the merchant (`confirm`: the
 * CNY amount minus the fee) or, when the amount is wrong or the payment late, raises an exception an
 * operator resolves: credit what actually arrived (maker-checker), refund it on the chain, or ignore.
 */
import { defineLifecycle } from '../../lifecycle.ts';
import { bilingual, defineResource } from '../../resource.ts';
import { networkOptions } from '../sys/addr-pool.ts';
import { orderFieldLabels, orderFields } from './order-fields.ts';
import { USDT_IGNORED_STATE } from './usdt-common.ts';

export const USDT_DEPOSIT_STATES = [
  'created',
  'pending_payment',
  'confirming',
  'success',
  'timeout',
  'exception',
  'credit_pending',
  'refunding',
  'refunded',
  'ignored',
] as const;
export type UsdtDepositState = (typeof USDT_DEPOSIT_STATES)[number];

/** The merchant is called back on these; the address goes back to the pool when the order leaves the open ones. */
export const USDT_DEPOSIT_FINAL_STATES = ['success', 'timeout', 'refunded', 'ignored'] as const;
export const USDT_DEPOSIT_OPEN_STATES = ['pending_payment', 'confirming'] as const;

/**
 * Why an order became an exception. A late payment is one to an address released at the expiry (the
 * last order that held it is the one raised); a transfer to an address whose last order ended in
 * success stays an unmatched transfer on addressFlowList (crediting it again is not an order's business).
 */
export const USDT_EXCEPTION_KINDS = ['underpaid', 'overpaid', 'late'] as const;

const REASON = { reason: { required: true, min: 2, max: 200 } } as const;

export const usdtDepositLifecycle = defineLifecycle({
  states: {
    created: { color: 'default', label: ['已创建', 'Created'] },
    pending_payment: { color: 'processing', label: ['待支付', 'Awaiting payment'] },
    confirming: { color: 'cyan', label: ['确认中', 'Confirming'] },
    success: { color: 'green', label: ['成功', 'Success'] },
    timeout: { color: 'default', label: ['已超时', 'Timed out'] },
    exception: { color: 'red', label: ['异常', 'Exception'] },
    credit_pending: { color: 'orange', label: ['按实到入账待复核', 'Credit actual: awaiting approval'] },
    refunding: { color: 'purple', label: ['退回中', 'Refunding'] },
    refunded: { color: 'purple', label: ['已退回', 'Refunded'] },
    ignored: USDT_IGNORED_STATE,
  },
  transitions: {
    // Creation: an address of the pool is given to the order (set with the transition).
    assign: {
      from: ['created'],
      to: 'pending_payment',
      label: ['分配地址', 'Assign address'],
      system: true,
    },
    // The watcher saw a transfer to the order's address.
    see: { from: ['pending_payment'], to: 'confirming', label: ['链上到账', 'Seen on chain'], system: true },
    // Enough confirmations and the exact amount: the merchant is credited at the order's rate.
    confirm: {
      from: ['confirming'],
      to: 'success',
      label: ['确认成功', 'Confirmed'],
      system: true,
      money: true,
    },
    // Nobody paid before the order expired: the address goes back to the pool.
    expire: { from: ['pending_payment'], to: 'timeout', label: ['超时', 'Time out'], system: true },
    // Under- or over-paid (confirming), or paid after the expiry to the released address (timeout).
    raise: {
      from: ['confirming', 'timeout'],
      to: 'exception',
      label: ['转为异常', 'Raise exception'],
      system: true,
    },
    creditActual: {
      from: ['exception'],
      to: 'credit_pending',
      label: ['按实到入账', 'Credit actual amount'],
      hint: [
        '按实际到账的USDT以下单时锁定的汇率折算入账，需另一位操作员复核。',
        'Credits the USDT that actually arrived at the rate fixed on the order; a second operator approves it.',
      ],
      input: REASON,
      needsCode: true,
    },
    approveCredit: {
      from: ['credit_pending'],
      to: 'success',
      label: ['复核通过(入账)', 'Approve credit'],
      confirm: [
        '确认按实到金额入账？商户将按扣除手续费后的金额入账。',
        'Approve the credit? The merchant is credited the actual amount minus the fee.',
      ],
      needsCode: true,
      makerChecker: { requesterField: 'manualBy' },
      money: true,
    },
    declineCredit: {
      from: ['credit_pending'],
      to: 'exception',
      label: ['复核驳回', 'Decline'],
      input: REASON,
      makerChecker: { requesterField: 'manualBy' },
    },
    refund: {
      from: ['exception'],
      to: 'refunding',
      label: ['原路退回', 'Refund on chain'],
      hint: [
        '将实际到账的USDT从该地址转回付款地址。',
        'Sends the USDT that arrived back to the address it came from.',
      ],
      input: REASON,
      needsCode: true,
      money: true,
    },
    // The refund's transfer has its confirmations (or failed: back to the exception).
    refundDone: { from: ['refunding'], to: 'refunded', label: ['退回成功', 'Refunded'], system: true },
    refundFail: {
      from: ['refunding'],
      to: 'exception',
      label: ['退回失败', 'Refund failed'],
      system: true,
    },
    ignore: {
      from: ['exception'],
      to: 'ignored',
      label: ['忽略', 'Ignore'],
      input: REASON,
      needsCode: true,
    },
  },
});

const usdt = { type: 'money', list: true, currency: 'USDT' } as const;

export const orderDepositListUSDT = defineResource({
  name: 'orderDepositListUSDT',
  group: 'order',
  api: '/api/pay/usdtDepositOrder',
  fields: {
    // The state and what went wrong first: the columns an operator works the exceptions by.
    ...orderFields('id', 'orderNo', 'mchOrderNo', 'merchantId', 'status'),
    exceptionKind: {
      type: 'enum',
      list: true,
      filter: 'eq',
      options: [
        { value: 'underpaid', color: 'orange' },
        { value: 'overpaid', color: 'gold' },
        { value: 'late', color: 'volcano' },
      ],
    },
    network: { type: 'enum', list: true, filter: 'eq', options: networkOptions },
    address: { type: 'string', list: true, filter: 'eq' },
    ...orderFields('amount'),
    usdtAmount: { ...usdt, filter: 'between' },
    paidUsdt: usdt,
    // CNY per USDT, shown and exported at the rate table's 8 decimals (USDT's scale), never cut to 2.
    rate: { type: 'money', list: true, currency: 'USDT' },
    ...orderFields('fee'),
    creditAmount: { type: 'money', list: true },
    txHash: { type: 'string', list: true, filter: 'eq' },
    ...orderFields('memberAccount'),
    ...orderFields('failReason', 'createdAt', 'finishedAt'),
    expiresAt: { type: 'datetime', list: true },
    ...orderFields('reviewedByName', 'reviewedAt', 'manualBy', 'manualReason'),
  },
  defaultSort: { field: 'createdAt', order: 'desc' },
  actions: ['list', 'export'],
  lifecycle: usdtDepositLifecycle,
  children: [{ resource: 'addressFlowList', foreignKey: 'orderNo', parentField: 'orderNo' }],
  labels: bilingual({
    ...orderFieldLabels('orderDepositListUSDT', {
      amount: ['订单金额(CNY)', 'Amount (CNY)'],
      manualReason: ['处理原因', 'Resolution reason'],
      manualBy: ['处理发起人', 'Resolution requested by'],
    }),
    'child.orderDepositListUSDT.addressFlowList': ['链上转账', 'On-chain transfers'],
    'field.orderDepositListUSDT.network': ['网络', 'Network'],
    'enum.orderDepositListUSDT.network.TRC20': ['TRC20', 'TRC20'],
    'enum.orderDepositListUSDT.network.ERC20': ['ERC20', 'ERC20'],
    'field.orderDepositListUSDT.address': ['收款地址', 'Deposit address'],
    'field.orderDepositListUSDT.rate': ['锁定汇率', 'Fixed rate'],
    'field.orderDepositListUSDT.usdtAmount': ['应付USDT', 'USDT due'],
    'field.orderDepositListUSDT.paidUsdt': ['实到USDT', 'USDT received'],
    'field.orderDepositListUSDT.creditAmount': ['入账金额(CNY)', 'Credited (CNY)'],
    'field.orderDepositListUSDT.txHash': ['交易哈希', 'Transaction hash'],
    'field.orderDepositListUSDT.exceptionKind': ['异常类型', 'Exception'],
    'enum.orderDepositListUSDT.exceptionKind.underpaid': ['少付', 'Underpaid'],
    'enum.orderDepositListUSDT.exceptionKind.overpaid': ['多付', 'Overpaid'],
    'enum.orderDepositListUSDT.exceptionKind.late': ['超时到账(地址已释放)', 'Paid late (address released)'],
    'field.orderDepositListUSDT.expiresAt': ['过期时间', 'Expires at'],
  }),
});
