/**
 * payManage/deposit_thirdagentpay_list: agent-pay (payout) configs of the third parties, spec
 * /api/pay/thirdagent add, edit, findByPage, removeByIds, getById: how a provider pays out (limits,
 * fixed fee per payout, automatic payout or by hand, the balance alert threshold).
 */
import { bilingual, defineResource } from '../../resource.ts';
import { LIMIT_FIELDS, limitLabels, STATUS_FIELD, statusLabels, thirdPartyField } from './common.ts';

export const thirdAgentPay = defineResource({
  name: 'thirdAgentPay',
  group: 'payManage',
  page: 'deposit_thirdagentpay_list',
  pageList: true,
  api: '/api/pay/thirdagent',
  small: true,
  fields: {
    id: { type: 'number', list: true, sort: true, filter: 'eq' },
    thirdPartyId: thirdPartyField({ direction: 'withdraw' }),
    name: { type: 'string', list: true, filter: 'contains', form: { required: true, min: 2, max: 64 } },
    ...LIMIT_FIELDS,
    fee: {
      type: 'money',
      currency: 'CNY',
      list: true,
      form: { required: true, minAmount: '0', maxAmount: '10000' },
    },
    balanceAlert: {
      type: 'money',
      currency: 'CNY',
      list: true,
      form: { minAmount: '0', maxAmount: '100000000' },
    },
    autoPayout: { type: 'boolean', list: true, filter: 'eq', form: { widget: 'switch' } },
    status: STATUS_FIELD,
    remark: { type: 'text', form: { max: 500 } },
    updatedAt: { type: 'datetime', list: true, sort: true },
  },
  defaultSort: { field: 'id', order: 'asc' },
  actions: ['list', 'add', 'edit', 'remove', 'export'],
  labels: bilingual({
    'field.thirdAgentPay.id': ['编号', 'ID'],
    'field.thirdAgentPay.thirdPartyId': ['代付三方', 'Payout provider'],
    'field.thirdAgentPay.name': ['配置名称', 'Config name'],
    ...limitLabels('thirdAgentPay'),
    'field.thirdAgentPay.fee': ['单笔手续费', 'Fee per payout'],
    'field.thirdAgentPay.balanceAlert': ['余额预警', 'Balance alert below'],
    'field.thirdAgentPay.autoPayout': ['自动代付', 'Automatic payout'],
    ...statusLabels('thirdAgentPay'),
    'field.thirdAgentPay.remark': ['备注', 'Remark'],
    'field.thirdAgentPay.updatedAt': ['修改时间', 'Updated at'],
  }),
});
