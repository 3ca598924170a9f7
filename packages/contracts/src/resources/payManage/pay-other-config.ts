/**
 * payManage/pay_otherconfig_all: the pay parameters of each pay type (deposit, withdrawal, WeChat,
 * Alipay, USDT): amount limits, the fee rate and hint shown to payers, on/off; spec
 * /api/pay/payotherconfig add, all, allCodeEnum, addOrEdit. And payManage/config: the quick amounts
 * offered per pay type (spec fastAmount). One row per pay type in each. The merchant API refuses an
 * order outside an enabled row's range and answers the rows in force to merchants
 * (server modules/payManage/pay-parameters.ts).
 */
import { bilingual, defineResource } from '../../resource.ts';
import { enumLabels, optionsOf } from '../mch/common.ts';
import { PAY_OTHER_LABELS } from './common.ts';

const amount = { minAmount: '0', maxAmount: '100000000' };
const codeField = {
  type: 'enum',
  list: true,
  filter: 'eq',
  options: optionsOf(PAY_OTHER_LABELS),
  form: { required: true, readonlyOnEdit: true },
} as const;

export const payOtherConfig = defineResource({
  name: 'payOtherConfig',
  group: 'payManage',
  page: 'pay_otherconfig_all',
  pageList: true,
  api: '/api/pay/payotherconfig',
  small: true,
  labelField: 'code',
  fields: {
    id: { type: 'number', list: true, sort: true },
    code: codeField,
    minAmount: { type: 'money', currency: 'CNY', list: true, form: { required: true, ...amount } },
    maxAmount: { type: 'money', currency: 'CNY', list: true, form: { required: true, ...amount } },
    feeRate: {
      type: 'money',
      display: 'percent',
      list: true,
      form: { required: true, minAmount: '0', maxAmount: '0.2' },
    },
    feeHint: { type: 'string', list: true, form: { max: 200 } },
    enabled: { type: 'boolean', list: true, filter: 'eq', form: { widget: 'switch' } },
    updatedAt: { type: 'datetime', list: true },
  },
  defaultSort: { field: 'id', order: 'asc' },
  actions: ['list', 'add', 'edit', 'export'],
  labels: bilingual({
    'field.payOtherConfig.id': ['编号', 'ID'],
    'field.payOtherConfig.code': ['支付类型', 'Pay type'],
    ...enumLabels('payOtherConfig', 'code', PAY_OTHER_LABELS),
    'field.payOtherConfig.minAmount': ['最低金额', 'Minimum amount'],
    'field.payOtherConfig.maxAmount': ['最高金额', 'Maximum amount'],
    'field.payOtherConfig.feeRate': ['手续费率', 'Fee rate'],
    'field.payOtherConfig.feeHint': ['手续费提示', 'Fee hint'],
    'field.payOtherConfig.enabled': ['启用', 'Enabled'],
    'field.payOtherConfig.updatedAt': ['修改时间', 'Updated at'],
  }),
});

export const fastAmount = defineResource({
  name: 'fastAmount',
  group: 'payManage',
  page: 'config',
  pageList: true,
  api: '/api/pay/fastAmount',
  small: true,
  labelField: 'code',
  fields: {
    id: { type: 'number', list: true, sort: true },
    code: codeField,
    /** Amounts separated by commas, e.g. `100,200,500`; the server checks each and sorts them. */
    amounts: {
      type: 'string',
      list: true,
      form: {
        required: true,
        max: 500,
        pattern: '\\s*\\d{1,9}(\\.\\d{1,2})?(\\s*,\\s*\\d{1,9}(\\.\\d{1,2})?){0,19}\\s*',
        patternMessage: 'rule.fastAmount.amounts',
      },
    },
    enabled: { type: 'boolean', list: true, filter: 'eq', form: { widget: 'switch' } },
    updatedAt: { type: 'datetime', list: true },
  },
  defaultSort: { field: 'id', order: 'asc' },
  actions: ['list', 'add', 'edit', 'remove', 'export'],
  labels: bilingual({
    'rule.fastAmount.amounts': [
      '请输入以逗号分隔的金额（最多20个，最多2位小数），如 100,200,500',
      'Enter up to 20 amounts separated by commas (at most 2 decimals), e.g. 100,200,500',
    ],
    'field.fastAmount.id': ['编号', 'ID'],
    'field.fastAmount.code': ['支付类型', 'Pay type'],
    ...enumLabels('fastAmount', 'code', PAY_OTHER_LABELS),
    'field.fastAmount.amounts': ['快捷金额', 'Quick amounts'],
    'field.fastAmount.enabled': ['启用', 'Enabled'],
    'field.fastAmount.updatedAt': ['修改时间', 'Updated at'],
  }),
});
