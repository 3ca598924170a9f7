/**
 * financeRisk/operationRecordList: every risk operation (an entry added, imported, lifted or expired; a
 * freeze set, lifted or expired), who did it (an operator, or a rule/job named in `actor`), on what,
 * and why. Append-only, written in the same transaction as the change (server risk/records.ts).
 */
import { bilingual, defineResource, OPERATOR_REF } from '../../resource.ts';
import { enumLabels, optionsOf } from '../mch/common.ts';
import { FREEZE_SCOPES, FREEZE_SUBJECTS } from './frozen-list.ts';
import { RISK_TARGETS } from './risk-targets.ts';
import { RISK_KINDS } from './risk-values.ts';

export { RISK_TARGETS } from './risk-targets.ts';

export const RISK_OPERATIONS = {
  add: ['添加', 'Added'],
  import: ['批量导入', 'Imported'],
  lift: ['解除', 'Lifted'],
  expire: ['到期失效', 'Expired'],
  freeze: ['冻结', 'Frozen'],
  unfreeze: ['解冻', 'Unfrozen'],
} as const satisfies Record<string, readonly [string, string]>;

/**
 * What the operation was on: an entry's kind, or a freeze's subject (a member's freeze is on the
 * member's account; a merchant's on the merchant, named by the merchant column).
 */
export const RISK_OPERATION_KINDS = {
  ...RISK_KINDS,
  merchant: FREEZE_SUBJECTS.merchant,
} as const satisfies Record<string, readonly [string, string]>;

export const operationRecordList = defineResource({
  name: 'operationRecordList',
  group: 'financeRisk',
  api: '/api/financeRisk/operationRecord',
  fields: {
    id: { type: 'number', list: true, sort: true },
    at: { type: 'datetime', list: true, sort: true, filter: 'between' },
    operation: { type: 'enum', list: true, filter: 'eq', options: optionsOf(RISK_OPERATIONS) },
    target: { type: 'enum', list: true, filter: 'eq', options: optionsOf(RISK_TARGETS) },
    targetId: { type: 'number', list: true, filter: 'eq' },
    merchantId: { type: 'ref', list: true, filter: 'eq', ref: { resource: 'mchList', labelField: 'name' } },
    kind: { type: 'enum', list: true, filter: 'eq', options: optionsOf(RISK_OPERATION_KINDS) },
    // The entry's value as the list shows it (personal data masked), or the frozen member's account.
    summary: { type: 'string', list: true },
    freezes: { type: 'enum', many: true, list: true, options: optionsOf(FREEZE_SCOPES) },
    reason: { type: 'string', list: true },
    operatorId: { type: 'ref', list: true, filter: 'eq', ref: OPERATOR_REF },
    actor: { type: 'string', list: true },
  },
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list', 'export'],
  labels: bilingual({
    'field.operationRecordList.id': ['编号', 'ID'],
    'field.operationRecordList.at': ['时间', 'Time'],
    'field.operationRecordList.operation': ['操作', 'Operation'],
    ...enumLabels('operationRecordList', 'operation', RISK_OPERATIONS),
    'field.operationRecordList.target': ['名单', 'List'],
    ...enumLabels('operationRecordList', 'target', RISK_TARGETS),
    'field.operationRecordList.targetId': ['记录编号', 'Record ID'],
    'field.operationRecordList.merchantId': ['商户', 'Merchant'],
    'field.operationRecordList.kind': ['类型', 'Kind'],
    ...enumLabels('operationRecordList', 'kind', RISK_OPERATION_KINDS),
    'field.operationRecordList.summary': ['内容', 'Value'],
    'field.operationRecordList.freezes': ['冻结范围', 'Frozen'],
    ...enumLabels('operationRecordList', 'freezes', FREEZE_SCOPES),
    'field.operationRecordList.reason': ['原因', 'Reason'],
    'field.operationRecordList.operatorId': ['操作人', 'Operator'],
    'field.operationRecordList.actor': ['执行者', 'Done by'],
  }),
});
