/**
 * financeRisk/mch_frozen_list: temporary freezes of a member or a merchant. What is frozen (deposits,
 * withdrawals, matching, login), why, until when; a job expires it at its time (system transition), an
 * operator may lift it earlier. The risk service refuses what a live freeze covers.
 */
import { defineLifecycle } from '../../lifecycle.ts';
import { bilingual, defineResource, OPERATOR_REF } from '../../resource.ts';

export const freezeLifecycle = defineLifecycle({
  states: {
    active: { color: 'blue', label: ['冻结中', 'Frozen'] },
    lifted: { color: 'default', label: ['已解冻', 'Lifted'] },
    expired: { color: 'default', label: ['已到期', 'Expired'] },
  },
  transitions: {
    lift: {
      from: ['active'],
      to: 'lifted',
      label: ['解冻', 'Unfreeze'],
      input: { reason: { required: true, min: 2, max: 200 } },
    },
    expire: { from: ['active'], to: 'expired', label: ['到期解冻', 'Expire'], system: true },
  },
});

export const FREEZE_SUBJECTS = { member: ['会员', 'Member'], merchant: ['商户', 'Merchant'] } as const;

/** What a freeze stops: its four switches (the freeze's columns, the operation records' scope). */
export const FREEZE_SCOPES = {
  freezeDeposit: ['冻结充值', 'Deposits'],
  freezeWithdraw: ['冻结提现', 'Withdrawals'],
  freezeMatch: ['冻结撮合', 'Matching'],
  freezeLogin: ['冻结登录', 'Login'],
} as const satisfies Record<string, readonly [string, string]>;
export type FreezeScope = keyof typeof FREEZE_SCOPES;

export const mchFrozenList = defineResource({
  name: 'mchFrozenList',
  group: 'financeRisk',
  page: 'mch_frozen_list',
  pageList: true,
  api: '/api/financeRisk/frozen',
  fields: {
    id: { type: 'number', list: true, sort: true },
    subjectType: {
      type: 'enum',
      list: true,
      filter: 'eq',
      options: [{ value: 'member' }, { value: 'merchant' }],
      form: { required: true, widget: 'select' },
    },
    merchantId: {
      type: 'ref',
      list: true,
      filter: 'eq',
      ref: { resource: 'mchList', labelField: 'name' },
      form: { required: true },
    },
    memberAccount: { type: 'string', list: true, filter: 'eq', form: { max: 64 } },
    freezeDeposit: { type: 'boolean', list: true, form: { widget: 'switch' } },
    freezeWithdraw: { type: 'boolean', list: true, form: { widget: 'switch' } },
    freezeMatch: { type: 'boolean', list: true, form: { widget: 'switch' } },
    freezeLogin: { type: 'boolean', list: true, form: { widget: 'switch' } },
    reason: { type: 'string', list: true, form: { required: true, min: 2, max: 200 } },
    expiresAt: { type: 'datetime', list: true, sort: true, form: { required: true } },
    status: { type: 'enum', list: true, filter: 'eq' },
    createdBy: { type: 'ref', list: true, ref: OPERATOR_REF },
    createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
    liftedAt: { type: 'datetime', list: true },
  },
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list', 'add', 'export'],
  lifecycle: freezeLifecycle,
  labels: bilingual({
    'field.mchFrozenList.id': ['编号', 'ID'],
    'field.mchFrozenList.subjectType': ['对象', 'Subject'],
    'enum.mchFrozenList.subjectType.member': FREEZE_SUBJECTS.member,
    'enum.mchFrozenList.subjectType.merchant': FREEZE_SUBJECTS.merchant,
    'field.mchFrozenList.merchantId': ['商户', 'Merchant'],
    'field.mchFrozenList.memberAccount': ['会员账号', 'Member account'],
    ...Object.fromEntries(
      Object.entries(FREEZE_SCOPES).map(([field, pair]) => [`field.mchFrozenList.${field}`, pair]),
    ),
    'field.mchFrozenList.reason': ['原因', 'Reason'],
    'field.mchFrozenList.expiresAt': ['解冻时间', 'Frozen until'],
    'field.mchFrozenList.status': ['状态', 'Status'],
    'field.mchFrozenList.createdBy': ['操作人', 'Frozen by'],
    'field.mchFrozenList.createdAt': ['冻结时间', 'Frozen at'],
    'field.mchFrozenList.liftedAt': ['解冻于', 'Lifted at'],
  }),
});
