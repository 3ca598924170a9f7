/**
 * member/memberPaymentList: members' payment accounts, masked: recorded when a registered member's
 * withdrawal first pays to one (server member/payment-accounts.ts); enable/disable, and the black-list
 * switch the risk pages use. A withdrawal to a disabled or blacklisted account is refused.
 */
import { bilingual, defineResource } from '../../resource.ts';
import { enumLabels, optionsOf, PAY_TYPE_LABELS } from '../mch/common.ts';

export const memberPaymentList = defineResource({
  name: 'memberPaymentList',
  group: 'member',
  api: '/api/member/memberPaymentList',
  fields: {
    id: { type: 'number', list: true, sort: true },
    merchantId: {
      type: 'ref',
      list: true,
      filter: 'eq',
      ref: { resource: 'mchList', labelField: 'mchNo' },
    },
    memberAccount: { type: 'string', list: true, filter: 'eq' },
    payType: { type: 'enum', list: true, filter: 'eq', options: optionsOf(PAY_TYPE_LABELS) },
    // Cards, phones and wallet ids alike keep only their first three and last four characters.
    accountNo: { type: 'string', list: true, mask: 'phone', filter: 'eq' },
    holderName: { type: 'string', list: true, mask: 'name' },
    bankName: { type: 'string', list: true },
    enabled: { type: 'boolean', list: true },
    blacklisted: { type: 'boolean', list: true },
    createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
  },
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list', 'export'],
  custom: [
    { name: 'enable', scope: 'row', confirm: true, when: { field: 'enabled', in: [false] } },
    { name: 'disable', scope: 'row', confirm: true, when: { field: 'enabled', in: [true] } },
    { name: 'blacklist', scope: 'row', confirm: true, when: { field: 'blacklisted', in: [false] } },
    { name: 'unblacklist', scope: 'row', confirm: true, when: { field: 'blacklisted', in: [true] } },
  ],
  labels: bilingual({
    'field.memberPaymentList.id': ['编号', 'ID'],
    'field.memberPaymentList.merchantId': ['商户号', 'Merchant no.'],
    'field.memberPaymentList.memberAccount': ['会员账号', 'Member account'],
    'field.memberPaymentList.payType': ['账户类型', 'Account type'],
    ...enumLabels('memberPaymentList', 'payType', PAY_TYPE_LABELS),
    'field.memberPaymentList.accountNo': ['账号', 'Account no.'],
    'field.memberPaymentList.holderName': ['户名', 'Holder'],
    'field.memberPaymentList.bankName': ['开户行', 'Bank'],
    'field.memberPaymentList.enabled': ['启用', 'Enabled'],
    'field.memberPaymentList.blacklisted': ['黑名单', 'Blacklisted'],
    'field.memberPaymentList.createdAt': ['添加时间', 'Added at'],
    'action.memberPaymentList.enable': ['启用', 'Enable'],
    'confirm.memberPaymentList.enable': ['确定启用该收付款账户吗？', 'Enable this payment account?'],
    'action.memberPaymentList.disable': ['停用', 'Disable'],
    'confirm.memberPaymentList.disable': ['确定停用该收付款账户吗？', 'Disable this payment account?'],
    'action.memberPaymentList.blacklist': ['拉黑', 'Blacklist'],
    'confirm.memberPaymentList.blacklist': [
      '确定将该账户加入黑名单吗？新的提现将被拒绝，已审核待出款的提现将被风控拦截。',
      'Blacklist this account? New withdrawals to it are refused, and approved ones are held at payout.',
    ],
    'action.memberPaymentList.unblacklist': ['移出黑名单', 'Remove from black list'],
    'confirm.memberPaymentList.unblacklist': [
      '确定将该账户移出黑名单吗？',
      'Remove this account from the black list?',
    ],
  }),
});
