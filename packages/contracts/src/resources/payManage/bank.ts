/**
 * payManage/thirdbank_list: the banks the platform pays to and from (spec /api/pay/thirdbank), with
 * each third party's own code for the bank: one `PROVIDER=code` pair a line, the provider named by
 * its third-party code (the server checks that each exists).
 */
import { bilingual, defineResource } from '../../resource.ts';
import { STATUS_FIELD, statusLabels } from './common.ts';

export const thirdBank = defineResource({
  name: 'thirdBank',
  group: 'payManage',
  page: 'thirdbank_list',
  pageList: true,
  api: '/api/pay/thirdbank',
  small: true,
  fields: {
    id: { type: 'number', list: true, sort: true, filter: 'eq' },
    bankCode: {
      type: 'string',
      list: true,
      sort: true,
      filter: 'eq',
      form: { required: true, pattern: '[A-Z][A-Z0-9]{1,15}', patternMessage: 'rule.thirdBank.bankCode' },
    },
    name: { type: 'string', list: true, filter: 'contains', form: { required: true, min: 2, max: 64 } },
    thirdCodes: {
      type: 'text',
      list: true,
      form: {
        max: 2000,
        widget: 'textarea',
        pattern: '(\\s*[A-Za-z][A-Za-z0-9_-]{1,31}=[A-Za-z0-9_.-]{1,32}\\s*)*',
        patternMessage: 'rule.thirdBank.thirdCodes',
      },
    },
    status: STATUS_FIELD,
    sort: { type: 'number', list: true, sort: true, form: { min: 0, max: 9999 } },
    updatedAt: { type: 'datetime', list: true },
  },
  defaultSort: { field: 'sort', order: 'asc' },
  actions: ['list', 'add', 'edit', 'remove', 'export'],
  labels: bilingual({
    'rule.thirdBank.bankCode': [
      '请输入2-16位大写字母或数字，字母开头（如 ICBC）',
      'Enter 2 to 16 upper-case letters or digits, starting with a letter (e.g. ICBC)',
    ],
    'rule.thirdBank.thirdCodes': [
      '每行一项：三方编码=银行编码（如 FASTPAY=1002）',
      'One pair a line: provider code=bank code (e.g. FASTPAY=1002)',
    ],
    'field.thirdBank.id': ['编号', 'ID'],
    'field.thirdBank.bankCode': ['银行编码', 'Bank code'],
    'field.thirdBank.name': ['银行名称', 'Bank name'],
    'field.thirdBank.thirdCodes': ['三方银行编码', 'Provider bank codes'],
    ...statusLabels('thirdBank'),
    'field.thirdBank.sort': ['排序', 'Order'],
    'field.thirdBank.updatedAt': ['修改时间', 'Updated at'],
  }),
});
