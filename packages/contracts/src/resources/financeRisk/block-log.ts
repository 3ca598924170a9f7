/**
 * financeRisk/blackBlockLog: every attempt a risk rule stopped: when, where (the merchant API, the
 * payout job, the chain withdrawal, matching, bank email orders), the rule (a list, a freeze or the
 * member frozen) and its entry, the merchant and order numbers (linked to the attempt on the
 * placement log), and the subject, masked. Written in its own transaction, the refused order's being rolled back.
 */
import { bilingual, defineResource } from '../../resource.ts';
import { enumLabels, optionsOf } from '../mch/common.ts';
import { BLOCK_RULES } from './risk-targets.ts';

export { BLOCK_RULES, type BlockRule } from './risk-targets.ts';

import { RISK_KINDS } from './risk-values.ts';

export const BLOCK_SOURCES = {
  openapi: ['商户API', 'Merchant API'],
  chain: ['USDT提现', 'USDT withdrawal'],
  payout: ['代付出款', 'Payout'],
  match: ['撮合', 'Matching'],
  email: ['邮件订单', 'Email order'],
  trade: ['交易市场', 'Trade market'],
} as const satisfies Record<string, readonly [string, string]>;

export const BLOCK_DIRECTIONS = {
  deposit: ['充值', 'Deposit'],
  withdraw: ['提现', 'Withdrawal'],
  match: ['撮合', 'Match'],
} as const satisfies Record<string, readonly [string, string]>;

export const blackBlockLog = defineResource({
  name: 'blackBlockLog',
  group: 'financeRisk',
  api: '/api/financeRisk/blockLog',
  fields: {
    id: { type: 'number', list: true, sort: true },
    at: { type: 'datetime', list: true, sort: true, filter: 'between' },
    source: { type: 'enum', list: true, filter: 'eq', options: optionsOf(BLOCK_SOURCES) },
    direction: { type: 'enum', list: true, options: optionsOf(BLOCK_DIRECTIONS) },
    rule: { type: 'enum', list: true, filter: 'eq', options: optionsOf(BLOCK_RULES) },
    kind: { type: 'enum', list: true, options: optionsOf(RISK_KINDS) },
    entryId: { type: 'number', list: true, filter: 'eq' },
    merchantId: { type: 'ref', list: true, filter: 'eq', ref: { resource: 'mchList', labelField: 'name' } },
    mchNo: { type: 'string', list: true },
    mchOrderNo: { type: 'string', list: true, filter: 'eq' },
    orderNo: { type: 'string', list: true, filter: 'eq' },
    subject: { type: 'string', list: true },
    reason: { type: 'string', list: true },
  },
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list', 'export'],
  labels: bilingual({
    'field.blackBlockLog.id': ['编号', 'ID'],
    'field.blackBlockLog.at': ['拦截时间', 'Blocked at'],
    'field.blackBlockLog.source': ['环节', 'Where'],
    ...enumLabels('blackBlockLog', 'source', BLOCK_SOURCES),
    'field.blackBlockLog.direction': ['方向', 'Direction'],
    ...enumLabels('blackBlockLog', 'direction', BLOCK_DIRECTIONS),
    'field.blackBlockLog.rule': ['命中规则', 'Rule'],
    ...enumLabels('blackBlockLog', 'rule', BLOCK_RULES),
    'field.blackBlockLog.kind': ['命中类型', 'Matched on'],
    ...enumLabels('blackBlockLog', 'kind', RISK_KINDS),
    'field.blackBlockLog.entryId': ['名单记录', 'Entry ID'],
    'field.blackBlockLog.merchantId': ['商户', 'Merchant'],
    'field.blackBlockLog.mchNo': ['商户号', 'Merchant no.'],
    'field.blackBlockLog.mchOrderNo': ['商户订单号', 'Merchant order no.'],
    'field.blackBlockLog.orderNo': ['平台订单号', 'Order no.'],
    'field.blackBlockLog.subject': ['对象', 'Subject'],
    'field.blackBlockLog.reason': ['原因', 'Reason'],
  }),
});
