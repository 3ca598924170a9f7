/**
 * member/memberList: members per merchant. Personal data is masked on the server unless the session
 * has unmasked; balances and credit points come from the ledger (points adjust with a reason, audited).
 */
import { defineLifecycle } from '../../lifecycle.ts';
import { bilingual, defineResource } from '../../resource.ts';

/** A frozen member cannot deposit, withdraw or match; freezing says why. */
export const memberLifecycle = defineLifecycle({
  states: {
    normal: { color: 'green', label: ['正常', 'Normal'] },
    frozen: { color: 'red', label: ['冻结', 'Frozen'] },
  },
  transitions: {
    freeze: {
      from: ['normal'],
      to: 'frozen',
      label: ['冻结', 'Freeze'],
      hint: ['冻结后该会员不能充值、提现和匹配。', 'A frozen member cannot deposit, withdraw or match.'],
      input: { reason: { required: true, min: 2, max: 200 } },
    },
    unfreeze: {
      from: ['frozen'],
      to: 'normal',
      label: ['解冻', 'Unfreeze'],
      confirm: ['确定解冻该会员吗？', 'Unfreeze this member?'],
    },
  },
});

export const memberList = defineResource({
  name: 'memberList',
  group: 'member',
  api: '/api/member/memberList',
  fields: {
    id: { type: 'number', list: true, sort: true },
    mchNo: { type: 'string', list: true, filter: 'eq' },
    // Not a column: what the detail's related lists filter on with the account.
    merchantId: { type: 'number' },
    account: { type: 'string', list: true, filter: 'eq' },
    realName: { type: 'string', list: true, mask: 'name' },
    phone: { type: 'string', list: true, mask: 'phone', filter: 'eq' },
    idNumber: { type: 'string', list: true, mask: 'idNumber' },
    level: { type: 'number', list: true, filter: 'eq', sort: true },
    matchLevel: { type: 'number', list: true },
    creditPoints: { type: 'money', list: true, virtual: true },
    available: { type: 'money', list: true, virtual: true },
    status: { type: 'enum', list: true, filter: 'eq' },
    // A select of the finance tags (financeRisk/financeTabList), by code.
    financeTags: {
      type: 'string',
      list: true,
      filter: 'contains',
      choices: { resource: 'financeTabList', labelField: 'name', valueField: 'code' },
    },
    city: { type: 'string', list: true },
    firstDepositAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
    firstDepositAmount: { type: 'money', list: true },
    createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
  },
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list', 'export'],
  labelField: 'account',
  children: [
    // An account is unique within its merchant only: each list is the member's merchant's too.
    {
      resource: 'memberPaymentList',
      foreignKey: 'memberAccount',
      parentField: 'account',
      also: { merchantId: 'merchantId' },
    },
    {
      resource: 'financialRecordPage',
      foreignKey: 'ownerCode',
      parentField: 'account',
      also: { merchantId: 'merchantId' },
    },
    {
      resource: 'matchRecordPage',
      foreignKey: 'payerMember',
      parentField: 'account',
      also: { depositMerchantId: 'merchantId' },
    },
    {
      resource: 'matchRecordPage',
      name: 'matchesAsPayee',
      foreignKey: 'payeeMember',
      parentField: 'account',
      also: { withdrawMerchantId: 'merchantId' },
    },
  ],
  custom: [{ name: 'adjustPoints', scope: 'row' }],
  lifecycle: memberLifecycle,
  labels: bilingual({
    'field.memberList.id': ['编号', 'ID'],
    'child.memberList.memberPaymentList': ['收付款账户', 'Payment accounts'],
    'child.memberList.financialRecordPage': ['资金记录', 'Money records'],
    'child.memberList.matchRecordPage': ['撮合记录(付款)', 'Matches (as payer)'],
    'child.memberList.matchesAsPayee': ['撮合记录(收款)', 'Matches (as payee)'],
    'field.memberList.mchNo': ['商户号', 'Merchant no.'],
    'field.memberList.merchantId': ['商户ID', 'Merchant ID'],
    'field.memberList.account': ['会员账号', 'Member account'],
    'field.memberList.realName': ['真实姓名', 'Real name'],
    'field.memberList.phone': ['手机号', 'Phone'],
    'field.memberList.idNumber': ['身份证号', 'ID number'],
    'field.memberList.level': ['信用等级', 'Credit level'],
    'field.memberList.matchLevel': ['匹配等级', 'Match level'],
    'field.memberList.creditPoints': ['信用积分', 'Credit points'],
    'field.memberList.available': ['可用余额', 'Available'],
    'field.memberList.status': ['状态', 'Status'],
    'field.memberList.financeTags': ['财务标签', 'Finance tags'],
    'field.memberList.city': ['城市', 'City'],
    'field.memberList.firstDepositAt': ['首充时间', 'First deposit at'],
    'field.memberList.firstDepositAmount': ['首充金额', 'First deposit'],
    'field.memberList.createdAt': ['注册时间', 'Registered at'],
    'action.memberList.adjustPoints': ['调整积分', 'Adjust points'],
  }),
});
