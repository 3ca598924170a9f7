/**
 * financeRisk/financeTabList: the finance tags operators put on members (watch, VIP, suspected fraud...),
 * with their meaning and colour. A member's tags are the codes in members.finance_tags, which the
 * member list filters on; `assign` adds a tag to a member, `unassign` takes it off.
 */
import { bilingual, defineResource } from '../../resource.ts';

export const financeTabList = defineResource({
  name: 'financeTabList',
  group: 'financeRisk',
  api: '/api/financeRisk/financeTabList',
  small: true,
  fields: {
    id: { type: 'number', list: true },
    code: {
      type: 'string',
      list: true,
      filter: 'eq',
      form: {
        required: true,
        max: 20,
        pattern: '^[a-z][a-z0-9_]*$',
        patternMessage: 'hint.financeTabList.code',
        readonlyOnEdit: true,
      },
    },
    name: { type: 'string', list: true, filter: 'contains', form: { required: true, max: 40 } },
    meaning: { type: 'string', list: true, form: { required: true, max: 200 } },
    color: {
      type: 'enum',
      list: true,
      form: { required: true },
      options: [
        { value: 'red', color: 'red' },
        { value: 'orange', color: 'orange' },
        { value: 'gold', color: 'gold' },
        { value: 'green', color: 'green' },
        { value: 'blue', color: 'blue' },
        { value: 'purple', color: 'purple' },
      ],
    },
    members: { type: 'number', list: true, virtual: true },
    createdAt: { type: 'datetime', list: true },
  },
  defaultSort: { field: 'id', order: 'asc' },
  actions: ['list', 'add', 'edit', 'remove', 'export'],
  labelField: 'name',
  custom: [
    { name: 'assign', scope: 'row' },
    { name: 'unassign', scope: 'row' },
  ],
  labels: bilingual({
    'field.financeTabList.id': ['编号', 'ID'],
    'field.financeTabList.code': ['标签代码', 'Tag code'],
    'field.financeTabList.name': ['标签名称', 'Tag name'],
    'field.financeTabList.meaning': ['含义', 'Meaning'],
    'field.financeTabList.color': ['颜色', 'Colour'],
    'field.financeTabList.members': ['会员数', 'Members'],
    'field.financeTabList.createdAt': ['创建时间', 'Created at'],
    'enum.financeTabList.color.red': ['红', 'Red'],
    'enum.financeTabList.color.orange': ['橙', 'Orange'],
    'enum.financeTabList.color.gold': ['金', 'Gold'],
    'enum.financeTabList.color.green': ['绿', 'Green'],
    'enum.financeTabList.color.blue': ['蓝', 'Blue'],
    'enum.financeTabList.color.purple': ['紫', 'Purple'],
    'hint.financeTabList.code': [
      '小写字母开头，只含小写字母、数字和下划线',
      'A lower-case letter, then letters, digits or _',
    ],
    'action.financeTabList.assign': ['打标签', 'Tag a member'],
    'action.financeTabList.unassign': ['去标签', 'Untag a member'],
    'dialog.financeTabList.mchNo': ['商户号', 'Merchant no.'],
    'dialog.financeTabList.memberAccount': ['会员账号', 'Member account'],
    'dialog.financeTabList.done': ['会员标签：{{tags}}', "The member's tags: {{tags}}"],
  }),
});
