/** sys/addrPoolFlowList: flows in and out of pool addresses (written by the wallet, read here). */
import { bilingual, defineResource } from '../../resource.ts';
import { networkOptions } from './addr-pool.ts';

export const addrPoolFlowList = defineResource({
  name: 'addrPoolFlowList',
  group: 'sys',
  api: '/api/sys/addrPoolFlowList',
  fields: {
    id: { type: 'number', list: true, sort: true },
    address: { type: 'string', list: true, filter: 'eq' },
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
    amount: { type: 'money', list: true, sort: true },
    balanceAfter: { type: 'money', list: true },
    txHash: { type: 'string', list: true, filter: 'eq' },
    createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
  },
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list', 'export'],
  labels: bilingual({
    'field.addrPoolFlowList.id': ['编号', 'ID'],
    'field.addrPoolFlowList.address': ['地址', 'Address'],
    'field.addrPoolFlowList.network': ['网络', 'Network'],
    'enum.addrPoolFlowList.network.TRC20': ['TRC20', 'TRC20'],
    'enum.addrPoolFlowList.network.ERC20': ['ERC20', 'ERC20'],
    'field.addrPoolFlowList.direction': ['方向', 'Direction'],
    'enum.addrPoolFlowList.direction.in': ['转入', 'In'],
    'enum.addrPoolFlowList.direction.out': ['转出', 'Out'],
    'field.addrPoolFlowList.amount': ['金额(USDT)', 'Amount (USDT)'],
    'field.addrPoolFlowList.balanceAfter': ['变动后余额', 'Balance after'],
    'field.addrPoolFlowList.txHash': ['交易哈希', 'Transaction hash'],
    'field.addrPoolFlowList.createdAt': ['时间', 'Time'],
  }),
});
