/**
 * On-chain USDT transfers the chain watcher saw to or from the pool's addresses and the platform's
 * payouts (server modules/chain): addressFlowList shows them all, addressFlow the transfers of one
 * address (`?address=`, opened from an order or the pool). Written by the watcher only.
 */
import { bilingual, defineResource, type FieldInput } from '../../resource.ts';
import { networkOptions } from '../sys/addr-pool.ts';

export const CHAIN_TRANSFER_STATUSES = ['confirming', 'confirmed', 'failed'] as const;
export const CHAIN_MATCHES = ['deposit', 'exception', 'refund', 'withdraw', 'unmatched'] as const;

const fields = {
  // What moved and how far it is confirmed first; hashes and addresses after.
  id: { type: 'number', list: true, sort: true },
  network: { type: 'enum', list: true, filter: 'eq', options: networkOptions },
  direction: {
    type: 'enum',
    list: true,
    filter: 'eq',
    options: [
      { value: 'in', color: 'green' },
      { value: 'out', color: 'volcano' },
    ],
  },
  amount: { type: 'money', list: true, filter: 'between', currency: 'USDT' },
  status: {
    type: 'enum',
    list: true,
    filter: 'in',
    options: [
      { value: 'confirming', color: 'processing' },
      { value: 'confirmed', color: 'green' },
      { value: 'failed', color: 'red' },
    ],
  },
  confirmations: { type: 'number', list: true },
  matched: {
    type: 'enum',
    list: true,
    filter: 'eq',
    options: [
      { value: 'deposit', color: 'blue' },
      { value: 'exception', color: 'red' },
      { value: 'refund', color: 'purple' },
      { value: 'withdraw', color: 'cyan' },
      { value: 'unmatched', color: 'default' },
    ],
  },
  orderNo: { type: 'string', list: true, filter: 'eq' },
  fromAddress: { type: 'string', list: true, filter: 'eq' },
  toAddress: { type: 'string', list: true, filter: 'eq' },
  txHash: { type: 'string', list: true, filter: 'eq' },
  block: { type: 'number', list: true },
  // The watched end (a pool address; the hot wallet of a payout): what addressFlow filters on.
  address: { type: 'string', filter: 'eq' },
  createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
} as const satisfies Record<string, FieldInput>;

function labelsOf(name: string) {
  const enums = (field: string, values: Record<string, [string, string]>) =>
    Object.fromEntries(Object.entries(values).map(([v, l]) => [`enum.${name}.${field}.${v}`, l]));
  return bilingual({
    [`field.${name}.id`]: ['编号', 'ID'],
    [`field.${name}.network`]: ['网络', 'Network'],
    ...enums('network', { TRC20: ['TRC20', 'TRC20'], ERC20: ['ERC20', 'ERC20'] }),
    [`field.${name}.txHash`]: ['交易哈希', 'Transaction hash'],
    [`field.${name}.fromAddress`]: ['付款地址', 'From'],
    [`field.${name}.toAddress`]: ['收款地址', 'To'],
    [`field.${name}.address`]: ['地址', 'Address'],
    [`field.${name}.direction`]: ['方向', 'Direction'],
    ...enums('direction', { in: ['转入', 'In'], out: ['转出', 'Out'] }),
    [`field.${name}.amount`]: ['金额(USDT)', 'Amount (USDT)'],
    [`field.${name}.block`]: ['区块', 'Block'],
    [`field.${name}.confirmations`]: ['确认数', 'Confirmations'],
    [`field.${name}.status`]: ['状态', 'Status'],
    ...enums('status', {
      confirming: ['确认中', 'Confirming'],
      confirmed: ['已确认', 'Confirmed'],
      failed: ['失败', 'Failed'],
    }),
    [`field.${name}.matched`]: ['匹配', 'Matched to'],
    ...enums('matched', {
      deposit: ['充值订单', 'Deposit'],
      exception: ['异常订单', 'Exception'],
      refund: ['退回', 'Refund'],
      withdraw: ['代付订单', 'Withdrawal'],
      unmatched: ['未匹配', 'Unmatched'],
    }),
    [`field.${name}.orderNo`]: ['订单号', 'Order no.'],
    [`field.${name}.createdAt`]: ['发现时间', 'Seen at'],
  });
}

export const addressFlowList = defineResource({
  name: 'addressFlowList',
  group: 'order',
  api: '/api/pay/chainTransfer',
  fields,
  defaultSort: { field: 'createdAt', order: 'desc' },
  actions: ['list', 'export'],
  labels: labelsOf('addressFlowList'),
});

/** The same transfers, one address at a time (the page is opened with `?address=`). */
export const addressFlow = defineResource({
  name: 'addressFlow',
  group: 'order',
  api: '/api/pay/addressFlow',
  // The address is the page's filter (`?address=`), not a column.
  fields,
  defaultSort: { field: 'createdAt', order: 'desc' },
  actions: ['list', 'export'],
  labels: labelsOf('addressFlow'),
});
