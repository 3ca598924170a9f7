/**
 * member/memberList: members per merchant. Personal data is masked on the server unless the session
 * has unmasked; balances and credit points come from the ledger (points adjust with a reason, audited).
 */
import { bilingual, defineResource } from '../../resource.ts';

export const memberList = defineResource({
  name: 'memberList',
  group: 'member',
  api: '/api/member/memberList',
  fields: {
    id: { type: 'number', list: true, sort: true },
    mchNo: { type: 'string', list: true, filter: 'eq' },
    account: { type: 'string', list: true, filter: 'eq' },
    realName: { type: 'string', list: true, mask: 'name' },
    phone: { type: 'string', list: true, mask: 'phone', filter: 'eq' },
    idNumber: { type: 'string', list: true, mask: 'idNumber' },
    level: { type: 'number', list: true, filter: 'eq', sort: true },
    matchLevel: { type: 'number', list: true },
    creditPoints: { type: 'money', list: true, virtual: true },
    available: { type: 'money', list: true, virtual: true },
    status: {
      type: 'enum',
      list: true,
      filter: 'eq',
      options: [
        { value: 'normal', color: 'green' },
        { value: 'frozen', color: 'red' },
      ],
    },
    financeTags: { type: 'string', list: true, filter: 'contains' },
    city: { type: 'string', list: true },
    firstDepositAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
    firstDepositAmount: { type: 'money', list: true },
    createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
  },
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list', 'export'],
  custom: [
    { name: 'freeze', scope: 'row', confirm: true },
    { name: 'unfreeze', scope: 'row', confirm: true },
    { name: 'adjustPoints', scope: 'row' },
  ],
  labels: bilingual({
    'field.memberList.id': ['编号', 'ID'],
    'field.memberList.mchNo': ['商户号', 'Merchant no.'],
    'field.memberList.account': ['会员账号', 'Member account'],
    'field.memberList.realName': ['真实姓名', 'Real name'],
    'field.memberList.phone': ['手机号', 'Phone'],
    'field.memberList.idNumber': ['身份证号', 'ID number'],
    'field.memberList.level': ['信用等级', 'Credit level'],
    'field.memberList.matchLevel': ['匹配等级', 'Match level'],
    'field.memberList.creditPoints': ['信用积分', 'Credit points'],
    'field.memberList.available': ['可用余额', 'Available'],
    'field.memberList.status': ['状态', 'Status'],
    'enum.memberList.status.normal': ['正常', 'Normal'],
    'enum.memberList.status.frozen': ['冻结', 'Frozen'],
    'field.memberList.financeTags': ['财务标签', 'Finance tags'],
    'field.memberList.city': ['城市', 'City'],
    'field.memberList.firstDepositAt': ['首充时间', 'First deposit at'],
    'field.memberList.firstDepositAmount': ['首充金额', 'First deposit'],
    'field.memberList.createdAt': ['注册时间', 'Registered at'],
    'action.memberList.freeze': ['冻结', 'Freeze'],
    'confirm.memberList.freeze': [
      '确定冻结该会员吗？冻结后不能充值、提现和匹配。',
      'Freeze this member? They cannot deposit, withdraw or match while frozen.',
    ],
    'action.memberList.unfreeze': ['解冻', 'Unfreeze'],
    'confirm.memberList.unfreeze': ['确定解冻该会员吗？', 'Unfreeze this member?'],
    'action.memberList.adjustPoints': ['调整积分', 'Adjust points'],
  }),
});
