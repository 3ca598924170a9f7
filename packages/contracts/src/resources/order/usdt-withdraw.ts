/**
 * USDT withdrawals (issue 11): the merchant API validates the address for its network, fixes the BUY
 * rate and freezes the CNY amount + fee; an operator approves (or rejects: unfrozen); the chain payout
 * job sends the USDT from the platform's hot wallet (tx hash kept) and the watcher ends the order once
 * the transfer has its confirmations (frozen debited) or failed (unfrozen).
 */
import { defineLifecycle } from '../../lifecycle.ts';
import { bilingual, defineResource } from '../../resource.ts';
import { networkOptions } from '../sys/addr-pool.ts';
import { orderFieldLabels, orderFields } from './order-fields.ts';
import { withdrawLifecycle } from './withdraw-order.ts';

export const USDT_WITHDRAW_STATES = [
  'created',
  'in_review',
  'approved',
  'paying',
  'success',
  'failed',
  'rejected',
] as const;
export type UsdtWithdrawState = (typeof USDT_WITHDRAW_STATES)[number];

export const USDT_WITHDRAW_FINAL_STATES = ['success', 'failed', 'rejected'] as const;

const pickStates = <const K extends keyof typeof withdrawLifecycle.states>(...names: K[]) =>
  Object.fromEntries(names.map((n) => [n, withdrawLifecycle.states[n]])) as Pick<
    typeof withdrawLifecycle.states,
    K
  >;

export const usdtWithdrawLifecycle = defineLifecycle({
  // The normal withdrawal's states and words, but paying is on the chain.
  states: {
    ...pickStates('created', 'in_review', 'approved', 'success', 'failed', 'rejected'),
    paying: { color: 'processing', label: ['链上转出中', 'Paying on chain'] },
  },
  transitions: {
    review: { from: ['created'], to: 'in_review', label: ['进入审核', 'To review'], system: true },
    approve: {
      from: ['in_review'],
      to: 'approved',
      label: ['审核通过', 'Approve'],
      confirm: [
        '确认向该地址转出USDT？冻结金额将在链上确认后扣除。',
        'Send the USDT to this address? The frozen amount is debited once the chain confirms it.',
      ],
      needsCode: true,
      money: true,
    },
    reject: {
      from: ['in_review'],
      to: 'rejected',
      label: ['审核驳回', 'Reject'],
      input: { reason: { required: true, min: 2, max: 200 } },
      needsCode: true,
      money: true,
    },
    // The payout job sent the transfer (its hash set with the transition).
    pay: { from: ['approved'], to: 'paying', label: ['链上转出', 'Sent on chain'], system: true },
    paySuccess: {
      from: ['paying'],
      to: 'success',
      label: ['转出成功', 'Payout confirmed'],
      system: true,
      money: true,
    },
    payFail: {
      from: ['approved', 'paying'],
      to: 'failed',
      label: ['转出失败', 'Payout failed'],
      system: true,
      money: true,
    },
  },
});

export const orderTransferListUSDT = defineResource({
  name: 'orderTransferListUSDT',
  group: 'order',
  api: '/api/pay/usdtWithdrawOrder',
  fields: {
    ...orderFields('id', 'orderNo', 'mchOrderNo', 'merchantId', 'status'),
    network: { type: 'enum', list: true, filter: 'eq', options: networkOptions },
    address: { type: 'string', list: true, filter: 'eq' },
    usdtAmount: { type: 'money', list: true, filter: 'between', currency: 'USDT' },
    // CNY per USDT, shown and exported at the rate table's 8 decimals (USDT's scale), never cut to 2.
    rate: { type: 'money', list: true, currency: 'USDT' },
    ...orderFields('amount', 'fee'),
    txHash: { type: 'string', list: true, filter: 'eq' },
    ...orderFields('memberAccount', 'failReason', 'createdAt', 'finishedAt', 'reviewedByName', 'reviewedAt'),
  },
  defaultSort: { field: 'createdAt', order: 'desc' },
  actions: ['list', 'export'],
  lifecycle: usdtWithdrawLifecycle,
  children: [{ resource: 'addressFlowList', foreignKey: 'orderNo', parentField: 'orderNo' }],
  labels: bilingual({
    ...orderFieldLabels('orderTransferListUSDT', { amount: ['折合金额(CNY)', 'Amount (CNY)'] }),
    'child.orderTransferListUSDT.addressFlowList': ['链上转账', 'On-chain transfers'],
    'field.orderTransferListUSDT.network': ['网络', 'Network'],
    'enum.orderTransferListUSDT.network.TRC20': ['TRC20', 'TRC20'],
    'enum.orderTransferListUSDT.network.ERC20': ['ERC20', 'ERC20'],
    'field.orderTransferListUSDT.address': ['收款地址', 'Payee address'],
    'field.orderTransferListUSDT.usdtAmount': ['USDT数量', 'USDT amount'],
    'field.orderTransferListUSDT.rate': ['锁定汇率', 'Fixed rate'],
    'field.orderTransferListUSDT.txHash': ['交易哈希', 'Transaction hash'],
  }),
});
