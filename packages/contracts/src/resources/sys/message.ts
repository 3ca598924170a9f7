/** sys/message: system messages to operators: drafted, published once, read state per operator. */
import { defineLifecycle } from '../../lifecycle.ts';
import { bilingual, defineResource, OPERATOR_REF } from '../../resource.ts';

/** A draft is edited freely; publishing is once and final (what everyone read never changes). */
export const messageLifecycle = defineLifecycle({
  states: {
    draft: { color: 'default', label: ['草稿', 'Draft'] },
    published: { color: 'green', label: ['已发布', 'Published'] },
  },
  transitions: {
    publish: {
      from: ['draft'],
      to: 'published',
      label: ['发布', 'Publish'],
      confirm: [
        '发布后所有人可见且不能再修改，确定发布吗？',
        'Once published it is visible to everyone and cannot be changed. Publish?',
      ],
    },
  },
  editableIn: ['draft'],
});

export const message = defineResource({
  name: 'message',
  group: 'sys',
  api: '/api/sys/message',
  // Announcements to staff: a few per week.
  small: true,
  fields: {
    id: { type: 'number', list: true, sort: true },
    title: { type: 'string', list: true, filter: 'contains', form: { required: true, max: 200 } },
    content: { type: 'text', form: { required: true, max: 4000, widget: 'textarea' } },
    status: { type: 'enum', list: true, filter: 'eq' },
    createdBy: { type: 'ref', list: true, ref: OPERATOR_REF },
    createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
    publishedAt: { type: 'datetime', list: true, sort: true },
  },
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list', 'add', 'edit', 'remove'],
  lifecycle: messageLifecycle,
  labels: bilingual({
    'field.message.id': ['编号', 'ID'],
    'field.message.title': ['标题', 'Title'],
    'field.message.content': ['内容', 'Content'],
    'field.message.status': ['状态', 'Status'],
    'field.message.createdBy': ['创建人', 'Created by'],
    'field.message.createdAt': ['创建时间', 'Created at'],
    'field.message.publishedAt': ['发布时间', 'Published at'],
  }),
});
