/**
 * payManage/third_interfacet_list, the third parties' balances: each third party's interface config
 * (which interface type it speaks, its URLs for creating, querying and paying out, the IP addresses
 * its callbacks may come from) and what the provider last said of the platform's balance there. The
 * balance is asked by the row's `queryBalance` and every few minutes by a job (the server's
 * modules/payManage/balances.ts); below the alert line of the party's agent-pay configs it is `low`
 * and rings the header bell.
 */
import { bilingual, defineResource, type EnumOption } from '../../resource.ts';
import { enumLabels } from '../mch/common.ts';
import {
  INTERFACE_TYPE_FIELD,
  interfaceTypeLabels,
  RULE_LABELS,
  STATUS_FIELD,
  statusLabels,
  thirdPartyField,
  urlRule,
} from './common.ts';

const optionalUrl = { ...urlRule };

/**
 * What the last balance query found: `ok`, `low` (below the alert line), `failed` (the provider did
 * not answer, see the error) or `unsupported` (its interface type has no balance query).
 */
export const BALANCE_STATES = ['ok', 'low', 'failed', 'unsupported'] as const;
export type BalanceState = (typeof BALANCE_STATES)[number];

const BALANCE_STATE_LABELS = {
  ok: ['正常', 'OK'],
  low: ['低于预警', 'Below alert'],
  failed: ['查询失败', 'Query failed'],
  unsupported: ['不支持查询', 'Not supported'],
} as const satisfies Record<BalanceState, readonly [string, string]>;

const BALANCE_STATE_OPTIONS: EnumOption[] = [
  { value: 'ok', color: 'green' },
  { value: 'low', color: 'red' },
  { value: 'failed', color: 'orange' },
  { value: 'unsupported', color: 'default' },
];

export const thirdInterface = defineResource({
  name: 'thirdInterface',
  group: 'payManage',
  page: 'third_interfacet_list',
  pageList: true,
  api: '/api/pay/thirdinterface',
  small: true,
  fields: {
    id: { type: 'number', list: true, sort: true, filter: 'eq' },
    thirdPartyId: thirdPartyField(),
    interfaceType: INTERFACE_TYPE_FIELD,
    balance: { type: 'money', currency: 'CNY', list: true, sort: true },
    balanceAlert: { type: 'money', currency: 'CNY', list: true },
    balanceState: { type: 'enum', list: true, filter: 'eq', options: BALANCE_STATE_OPTIONS },
    balanceCheckedAt: { type: 'datetime', list: true, sort: true },
    balanceError: { type: 'text', list: true },
    createUrl: { type: 'string', form: { required: true, ...urlRule } },
    queryUrl: { type: 'string', form: optionalUrl },
    payoutUrl: { type: 'string', form: optionalUrl },
    callbackIps: { type: 'text', form: { max: 2000, widget: 'textarea' } },
    status: STATUS_FIELD,
    updatedAt: { type: 'datetime', list: true, sort: true },
  },
  defaultSort: { field: 'id', order: 'asc' },
  actions: ['list', 'add', 'edit', 'remove', 'export'],
  custom: [{ name: 'queryBalance', scope: 'row' }],
  labels: bilingual({
    ...RULE_LABELS,
    'field.thirdInterface.id': ['编号', 'ID'],
    'field.thirdInterface.thirdPartyId': ['三方', 'Third party'],
    ...interfaceTypeLabels('thirdInterface'),
    'field.thirdInterface.balance': ['三方余额', 'Balance at provider'],
    'field.thirdInterface.balanceAlert': ['预警线', 'Alert below'],
    'field.thirdInterface.balanceState': ['余额状态', 'Balance state'],
    ...enumLabels('thirdInterface', 'balanceState', BALANCE_STATE_LABELS),
    'field.thirdInterface.balanceCheckedAt': ['查询时间', 'Queried at'],
    'field.thirdInterface.balanceError': ['查询错误', 'Query error'],
    'field.thirdInterface.createUrl': ['下单地址', 'Create URL'],
    'field.thirdInterface.queryUrl': ['查询地址', 'Query URL'],
    'field.thirdInterface.payoutUrl': ['代付地址', 'Payout URL'],
    'field.thirdInterface.callbackIps': ['回调IP白名单', 'Callback IP white list'],
    ...statusLabels('thirdInterface'),
    'field.thirdInterface.updatedAt': ['修改时间', 'Updated at'],
    'action.thirdInterface.queryBalance': ['查询余额', 'Query balance'],
  }),
});
