/** sys/addrPool: the USDT deposit address pool. Balances move only through flows, never by a form. */
import { bilingual, defineResource } from '../../resource.ts';

export const USDT_NETWORKS = ['TRC20', 'ERC20'] as const;
export type UsdtNetwork = (typeof USDT_NETWORKS)[number];

/** Address formats per network (base58check TRON, hex Ethereum); the server checks them too. */
export const ADDRESS_PATTERNS: Record<UsdtNetwork, string> = {
  TRC20: 'T[1-9A-HJ-NP-Za-km-z]{33}',
  ERC20: '0x[0-9a-fA-F]{40}',
};

export const networkOptions = [
  { value: 'TRC20', color: 'red' },
  { value: 'ERC20', color: 'blue' },
] as const;

export const addrPool = defineResource({
  name: 'addrPool',
  group: 'sys',
  api: '/api/sys/addrPool',
  fields: {
    id: { type: 'number', list: true, sort: true },
    address: {
      type: 'string',
      list: true,
      filter: 'eq',
      form: { required: true, max: 64, readonlyOnEdit: true },
    },
    network: {
      type: 'enum',
      list: true,
      filter: 'eq',
      options: networkOptions,
      form: { required: true, readonlyOnEdit: true },
    },
    status: {
      type: 'enum',
      list: true,
      filter: 'in',
      options: [
        { value: 'free', color: 'green' },
        { value: 'assigned', color: 'orange' },
      ],
      form: true,
    },
    assignee: { type: 'string', list: true, filter: 'eq', form: { max: 64 } },
    balance: { type: 'money', list: true, sort: true },
    remark: { type: 'string', list: true, form: { max: 200 } },
    createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
  },
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list', 'add', 'edit', 'remove', 'export'],
  custom: [{ name: 'import', scope: 'toolbar' }],
  labels: bilingual({
    'field.addrPool.id': ['编号', 'ID'],
    'field.addrPool.address': ['地址', 'Address'],
    'field.addrPool.network': ['网络', 'Network'],
    'enum.addrPool.network.TRC20': ['TRC20', 'TRC20'],
    'enum.addrPool.network.ERC20': ['ERC20', 'ERC20'],
    'field.addrPool.status': ['状态', 'Status'],
    'enum.addrPool.status.free': ['空闲', 'Free'],
    'enum.addrPool.status.assigned': ['已分配', 'Assigned'],
    'field.addrPool.assignee': ['分配对象', 'Assignee'],
    'field.addrPool.balance': ['余额(USDT)', 'Balance (USDT)'],
    'field.addrPool.remark': ['备注', 'Remark'],
    'field.addrPool.createdAt': ['创建时间', 'Created at'],
    'action.addrPool.import': ['批量导入', 'Bulk import'],
  }),
});
