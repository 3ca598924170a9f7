/**
 * mch/merchantTimeoutConfigPage: per-merchant timeouts in minutes, each empty for the default: a
 * deposit's payment window (default: the orderTimeoutMinutes back-office setting), when an open
 * withdrawal counts as timed out in the header badge (same default), and a match's window for its
 * payer (default: the match rule's pay minutes).
 */
import { bilingual, defineResource } from '../../resource.ts';

const minutes = { min: 1, max: 1440 };

export const merchantTimeoutConfigPage = defineResource({
  name: 'merchantTimeoutConfigPage',
  group: 'mch',
  api: '/api/mch/merchantTimeoutConfigPage',
  fields: {
    id: { type: 'number', list: true, sort: true },
    mchNo: { type: 'string', list: true, filter: 'eq' },
    name: { type: 'string', list: true, filter: 'contains' },
    depositTimeout: { type: 'number', list: true, form: minutes },
    withdrawTimeout: { type: 'number', list: true, form: minutes },
    matchTimeout: { type: 'number', list: true, form: minutes },
    updatedAt: { type: 'datetime', list: true },
  },
  defaultSort: { field: 'id', order: 'asc' },
  actions: ['list', 'edit'],
  labels: bilingual({
    'field.merchantTimeoutConfigPage.id': ['编号', 'ID'],
    'field.merchantTimeoutConfigPage.mchNo': ['商户号', 'Merchant no.'],
    'field.merchantTimeoutConfigPage.name': ['商户名称', 'Merchant name'],
    'field.merchantTimeoutConfigPage.depositTimeout': [
      '充值超时(分钟，空=默认)',
      'Deposit timeout (min, empty = default)',
    ],
    'field.merchantTimeoutConfigPage.withdrawTimeout': [
      '提现超时(分钟，空=默认)',
      'Withdrawal timeout (min, empty = default)',
    ],
    'field.merchantTimeoutConfigPage.matchTimeout': [
      '匹配超时(分钟，空=默认)',
      'Match timeout (min, empty = default)',
    ],
    'field.merchantTimeoutConfigPage.updatedAt': ['修改时间', 'Updated at'],
  }),
});
