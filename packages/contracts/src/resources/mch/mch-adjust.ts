/**
 * Balance adjustments of merchants (shown on the mchList page): executed ones for the record, pending
 * ones waiting for a second operator. Approving moves the money exactly once; the maker cannot approve.
 */
import { defineLifecycle } from '../../lifecycle.ts';
import { bilingual, defineResource, OPERATOR_REF } from '../../resource.ts';

export const ADJUST_TYPE_OPTIONS = [
  { value: 'credit', color: 'blue' },
  { value: 'debit', color: 'orange' },
  { value: 'freeze', color: 'purple' },
  { value: 'unfreeze', color: 'cyan' },
] as const;

/** The currency of balance adjustments: their amounts follow its rule (money.ts: 2 decimals). */
export const ADJUST_CURRENCY = 'CNY';

/**
 * A request above the approval threshold waits as `pending` with its debit or freeze already held
 * (frozen); a second operator approves (the money moves) or rejects (the hold is released); a
 * request nobody decides expires (a job; the hold is released too).
 */
export const adjustLifecycle = defineLifecycle({
  states: {
    pending: { color: 'gold', label: ['待复核', 'Awaiting approval'] },
    executed: { color: 'green', label: ['已执行', 'Executed'] },
    rejected: { color: 'default', label: ['已驳回', 'Rejected'] },
    expired: { color: 'default', label: ['已过期', 'Expired'] },
  },
  transitions: {
    approve: {
      from: ['pending'],
      to: 'executed',
      label: ['通过', 'Approve'],
      confirm: [
        '确定通过该调账申请吗？资金将立即变动。',
        'Approve this adjustment? The money moves at once.',
      ],
      needsCode: true,
      makerChecker: { requesterField: 'makerId' },
      money: true,
    },
    reject: {
      from: ['pending'],
      to: 'rejected',
      label: ['驳回', 'Reject'],
      hint: [
        '驳回后申请时冻结的金额将解冻退回可用余额。',
        'Rejecting releases any amount held for the request back to the available balance.',
      ],
      input: { reason: { required: true, min: 2, max: 200 } },
      makerChecker: { requesterField: 'makerId' },
      money: true,
    },
    expire: { from: ['pending'], to: 'expired', label: ['过期', 'Expire'], money: true, system: true },
  },
});

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
    status: { type: 'enum', list: true, filter: 'eq' },
    // The maker, by their account: the web hides approve and reject on the operator's own requests.
    makerId: { type: 'ref', list: true, ref: OPERATOR_REF },
    // None when the request expired undecided.
    checkerId: { type: 'ref', list: true, ref: OPERATOR_REF },
    decisionNote: { type: 'text', list: true },
    entryId: { type: 'number', list: true },
    createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
    decidedAt: { type: 'datetime', list: true },
  },
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list'],
  lifecycle: adjustLifecycle,
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
    'field.mchAdjust.makerId': ['发起人', 'Maker'],
    'field.mchAdjust.checkerId': ['复核人', 'Checker'],
    'field.mchAdjust.decisionNote': ['复核意见', 'Decision note'],
    'field.mchAdjust.entryId': ['分录号', 'Entry'],
    'field.mchAdjust.createdAt': ['发起时间', 'Requested at'],
    'field.mchAdjust.decidedAt': ['复核时间', 'Decided at'],
  }),
});
