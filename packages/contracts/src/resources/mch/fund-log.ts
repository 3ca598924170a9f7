/**
 * mch/fund_log: the merchants' postings, a view of the ledger journal (scoped to owner type merchant).
 * Read-only by nature: the journal is append-only.
 */

import { LEDGER_KIND_LABELS } from '../../ledger-kinds.ts';
import { bilingual, defineResource, OPERATOR_REF } from '../../resource.ts';
import { enumLabels, optionsOf } from './common.ts';

export const fundLog = defineResource({
  name: 'fund_log',
  group: 'mch',
  api: '/api/mch/fund_log',
  scope: { ownerType: 'merchant' },
  fields: {
    id: { type: 'number', list: true, sort: true },
    ownerCode: { type: 'string', list: true, filter: 'eq' },
    ownerId: { type: 'ref', list: true, ref: { resource: 'mchList', labelField: 'name' } },
    kind: { type: 'enum', list: true, filter: 'eq', options: optionsOf(LEDGER_KIND_LABELS) },
    amount: { type: 'money', list: true },
    balanceAfter: { type: 'money', list: true },
    frozenAmount: { type: 'money', list: true },
    frozenAfter: { type: 'money', list: true },
    refId: { type: 'string', list: true, filter: 'eq' },
    operatorId: { type: 'ref', list: true, ref: OPERATOR_REF },
    // Of a balance adjustment: who asked and, above the threshold, who approved (maker-checker).
    requesterName: { type: 'string', list: true, virtual: true },
    approverName: { type: 'string', list: true, virtual: true },
    note: { type: 'text', list: true },
    createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
  },
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list', 'export'],
  labels: bilingual({
    'field.fund_log.id': ['流水号', 'Posting'],
    'field.fund_log.ownerCode': ['商户号', 'Merchant no.'],
    'field.fund_log.ownerId': ['商户名称', 'Merchant name'],
    'field.fund_log.kind': ['类型', 'Kind'],
    ...enumLabels('fund_log', 'kind', LEDGER_KIND_LABELS),
    'field.fund_log.amount': ['可用变动', 'Available change'],
    'field.fund_log.balanceAfter': ['变动后可用', 'Available after'],
    'field.fund_log.frozenAmount': ['冻结变动', 'Frozen change'],
    'field.fund_log.frozenAfter': ['变动后冻结', 'Frozen after'],
    'field.fund_log.refId': ['关联单号', 'Reference'],
    'field.fund_log.operatorId': ['操作人', 'Operator'],
    'field.fund_log.requesterName': ['申请人', 'Requested by'],
    'field.fund_log.approverName': ['复核人', 'Approved by'],
    'field.fund_log.note': ['备注', 'Note'],
    'field.fund_log.createdAt': ['时间', 'Time'],
  }),
});
