/**
 * payManage/findMatchPoolPage: the live match pool. A matched withdrawal enters it when approved, with
 * its whole amount; each match takes a piece of `remaining` (never more: the engine's guarded UPDATE
 * under a row lock), a timeout or cancellation gives it back. An operator may raise an entry's priority.
 */
import { bilingual, defineResource } from '../../resource.ts';

export const findMatchPoolPage = defineResource({
  name: 'findMatchPoolPage',
  group: 'payManage',
  api: '/api/pay/matchPool',
  fields: {
    id: { type: 'number', list: true, sort: true },
    withdrawOrderNo: { type: 'string', list: true, filter: 'eq' },
    merchantId: { type: 'ref', list: true, filter: 'eq', ref: { resource: 'mchList', labelField: 'mchNo' } },
    poolGroup: { type: 'string', list: true, filter: 'eq' },
    memberAccount: { type: 'string', list: true, filter: 'eq' },
    matchLevel: { type: 'number', list: true },
    payeeBank: { type: 'string', list: true },
    payeeName: { type: 'string', list: true, mask: 'name' },
    payeeAccountNo: { type: 'string', list: true, mask: 'bankCard' },
    amount: { type: 'money', list: true, filter: 'between', currency: 'CNY' },
    remaining: { type: 'money', list: true, sort: true, currency: 'CNY' },
    priority: { type: 'number', list: true, sort: true, form: { required: true, min: 0, max: 100 } },
    enteredAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
  },
  defaultSort: { field: 'enteredAt', order: 'desc' },
  labelField: 'withdrawOrderNo',
  actions: ['list', 'edit', 'export'],
  needsCode: ['edit'],
  labels: bilingual({
    'field.findMatchPoolPage.id': ['编号', 'ID'],
    'field.findMatchPoolPage.withdrawOrderNo': ['提现订单号', 'Withdrawal order no.'],
    'field.findMatchPoolPage.merchantId': ['商户号', 'Merchant no.'],
    'field.findMatchPoolPage.poolGroup': ['撮合分组', 'Pool group'],
    'field.findMatchPoolPage.memberAccount': ['会员账号', 'Member account'],
    'field.findMatchPoolPage.matchLevel': ['匹配等级', 'Match level'],
    'field.findMatchPoolPage.payeeBank': ['收款银行', 'Payee bank'],
    'field.findMatchPoolPage.payeeName': ['收款人', 'Payee name'],
    'field.findMatchPoolPage.payeeAccountNo': ['收款账号', 'Payee account no.'],
    'field.findMatchPoolPage.amount': ['提现金额', 'Amount'],
    'field.findMatchPoolPage.remaining': ['剩余待撮合', 'Remaining'],
    'field.findMatchPoolPage.priority': ['优先级', 'Priority'],
    'field.findMatchPoolPage.enteredAt': ['入池时间', 'Entered at'],
  }),
});
