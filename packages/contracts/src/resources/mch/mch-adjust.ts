/**
 * Balance adjustments of merchants (shown on the mchList page): executed ones for the record, pending
 * ones waiting for a second operator. Approving moves the money exactly once; the maker cannot approve.
 */
import { bilingual, defineResource } from '../../resource.ts';

export const ADJUST_TYPE_OPTIONS = [
  { value: 'credit', color: 'blue' },
  { value: 'debit', color: 'orange' },
  { value: 'freeze', color: 'purple' },
  { value: 'unfreeze', color: 'cyan' },
] as const;

export const mchAdjust = defineResource({
  name: 'mchAdjust',
  group: 'mch',
  page: 'mchList',
  api: '/api/mch/adjust',
  fields: {
    id: { type: 'number', list: true, sort: true },
    mchNo: { type: 'string', list: true, filter: 'eq' },
    type: { type: 'enum', list: true, options: ADJUST_TYPE_OPTIONS },
    amount: { type: 'money', list: true },
    reason: { type: 'text', list: true },
    status: {
      type: 'enum',
      list: true,
      filter: 'eq',
      options: [
        { value: 'pending', color: 'gold' },
        { value: 'executed', color: 'green' },
        { value: 'rejected', color: 'default' },
      ],
    },
    makerName: { type: 'string', list: true },
    checkerName: { type: 'string', list: true },
    entryId: { type: 'number', list: true },
    createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
    decidedAt: { type: 'datetime', list: true },
  },
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list'],
  custom: [
    { name: 'approve', scope: 'row', needsCode: true, confirm: true },
    { name: 'reject', scope: 'row', confirm: true },
  ],
  labels: bilingual({
    'field.mchAdjust.id': ['编号', 'ID'],
    'field.mchAdjust.mchNo': ['商户号', 'Merchant no.'],
    'field.mchAdjust.type': ['类型', 'Type'],
    'enum.mchAdjust.type.credit': ['加款', 'Credit'],
    'enum.mchAdjust.type.debit': ['扣款', 'Debit'],
    'enum.mchAdjust.type.freeze': ['冻结', 'Freeze'],
    'enum.mchAdjust.type.unfreeze': ['解冻', 'Unfreeze'],
    'field.mchAdjust.amount': ['金额', 'Amount'],
    'field.mchAdjust.reason': ['原因', 'Reason'],
    'field.mchAdjust.status': ['状态', 'Status'],
    'enum.mchAdjust.status.pending': ['待复核', 'Awaiting approval'],
    'enum.mchAdjust.status.executed': ['已执行', 'Executed'],
    'enum.mchAdjust.status.rejected': ['已驳回', 'Rejected'],
    'field.mchAdjust.makerName': ['发起人', 'Maker'],
    'field.mchAdjust.checkerName': ['复核人', 'Checker'],
    'field.mchAdjust.entryId': ['分录号', 'Entry'],
    'field.mchAdjust.createdAt': ['发起时间', 'Requested at'],
    'field.mchAdjust.decidedAt': ['复核时间', 'Decided at'],
    'action.mchAdjust.approve': ['通过', 'Approve'],
    'confirm.mchAdjust.approve': [
      '确定通过该调账申请吗？资金将立即变动。',
      'Approve this adjustment? The money moves at once.',
    ],
    'action.mchAdjust.reject': ['驳回', 'Reject'],
    'confirm.mchAdjust.reject': ['确定驳回该调账申请吗？', 'Reject this adjustment?'],
  }),
});
