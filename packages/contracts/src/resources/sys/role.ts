/** sys/role: roles and the resources (pages and actions) each grants. */
import { bilingual, defineResource } from '../../resource.ts';

export const role = defineResource({
  name: 'role',
  group: 'sys',
  api: '/api/sys/role',
  small: true,
  fields: {
    id: { type: 'number', list: true, sort: true },
    code: {
      type: 'string',
      list: true,
      filter: 'eq',
      form: {
        required: true,
        min: 2,
        max: 32,
        pattern: '[A-Za-z][A-Za-z0-9_]*',
        patternMessage: 'rule.role.code',
        readonlyOnEdit: true,
      },
    },
    name: { type: 'string', list: true, filter: 'contains', form: { required: true, max: 64 } },
    remark: { type: 'text', list: true, form: { max: 500 } },
    createdAt: { type: 'datetime', list: true, sort: true },
  },
  defaultSort: { field: 'id', order: 'asc' },
  actions: ['list', 'add', 'edit', 'remove'],
  custom: [{ name: 'saveResources', scope: 'row' }],
  labels: bilingual({
    'rule.role.code': [
      '角色编码须以字母开头，只能包含字母、数字和下划线',
      'Start with a letter; use letters, digits and underscores only',
    ],
    'field.role.id': ['编号', 'ID'],
    'field.role.code': ['角色编码', 'Code'],
    'field.role.name': ['角色名称', 'Name'],
    'field.role.remark': ['备注', 'Remark'],
    'field.role.createdAt': ['创建时间', 'Created at'],
    'action.role.saveResources': ['分配权限', 'Permissions'],
  }),
});
