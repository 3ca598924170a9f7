/** sys/resource: the catalogue of permissions (pages and actions) and their needs-a-code flag. */
import { bilingual, defineResource } from '../../resource.ts';

export const resource = defineResource({
  name: 'resource',
  group: 'sys',
  api: '/api/sys/resource',
  // One row per page and action of the product: hundreds, not more.
  small: true,
  fields: {
    id: { type: 'number', list: true, sort: true },
    permission: { type: 'string', list: true, filter: 'contains', sort: true },
    kind: {
      type: 'enum',
      list: true,
      filter: 'eq',
      options: [
        { value: 'page', color: 'blue' },
        { value: 'action', color: 'purple' },
      ],
    },
    page: { type: 'string', list: true, filter: 'eq', sort: true },
    needsCode: { type: 'boolean', list: true, filter: 'eq', form: true },
  },
  defaultSort: { field: 'id', order: 'asc' },
  pageSize: 100,
  actions: ['list', 'edit', 'export'],
  needsCode: ['edit'],
  labels: bilingual({
    'field.resource.id': ['编号', 'ID'],
    'field.resource.permission': ['权限标识', 'Permission'],
    'field.resource.kind': ['类型', 'Kind'],
    'enum.resource.kind.page': ['菜单', 'Menu'],
    'enum.resource.kind.action': ['操作', 'Action'],
    'field.resource.page': ['页面路径', 'Page path'],
    'field.resource.needsCode': ['需要谷歌验证', 'Needs a code'],
  }),
});
