/**
 * payManage/thirdconfigList: the data dictionary (spec /api/pay/thirdconfig): items grouped by a
 * dictionary code, each a key, a name and a value, on or off. The page also shows the platform's
 * switches (sys DATACENTER_SWITCHES, `GET /api/pay/thirdconfig/getConfigSelectorByCode`), which live in
 * the back-office settings: one place for them.
 */
import { bilingual, defineResource } from '../../resource.ts';
import { codeRule, RULE_LABELS } from './common.ts';

export const thirdConfig = defineResource({
  name: 'thirdConfig',
  group: 'payManage',
  page: 'thirdconfigList',
  pageList: true,
  api: '/api/pay/thirdconfig',
  small: true,
  labelField: 'name',
  fields: {
    id: { type: 'number', list: true, sort: true, filter: 'eq' },
    code: {
      type: 'string',
      list: true,
      sort: true,
      filter: 'eq',
      form: { required: true, readonlyOnEdit: true, ...codeRule },
    },
    itemKey: {
      type: 'string',
      list: true,
      filter: 'eq',
      form: { required: true, readonlyOnEdit: true, ...codeRule },
    },
    name: { type: 'string', list: true, filter: 'contains', form: { required: true, min: 1, max: 64 } },
    value: { type: 'string', list: true, form: { max: 500 } },
    enabled: { type: 'boolean', list: true, filter: 'eq', form: { widget: 'switch' } },
    sort: { type: 'number', list: true, sort: true, form: { min: 0, max: 9999 } },
    remark: { type: 'text', list: true, form: { max: 500 } },
    updatedAt: { type: 'datetime', list: true, sort: true },
  },
  defaultSort: { field: 'code', order: 'asc' },
  actions: ['list', 'add', 'edit', 'remove', 'export'],
  labels: bilingual({
    ...RULE_LABELS,
    'field.thirdConfig.id': ['编号', 'ID'],
    'field.thirdConfig.code': ['字典编码', 'Dictionary code'],
    'field.thirdConfig.itemKey': ['配置键', 'Item key'],
    'field.thirdConfig.name': ['名称', 'Name'],
    'field.thirdConfig.value': ['配置值', 'Value'],
    'field.thirdConfig.enabled': ['开启', 'On'],
    'field.thirdConfig.sort': ['排序', 'Order'],
    'field.thirdConfig.remark': ['备注', 'Remark'],
    'field.thirdConfig.updatedAt': ['修改时间', 'Updated at'],
  }),
});
