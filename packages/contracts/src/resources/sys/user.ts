/** sys/user: back-office operators. Create, password reset and role changes have their own routes. */

import { defineLifecycle } from '../../lifecycle.ts';
import { Permission } from '../../permissions.ts';
import { bilingual, defineResource } from '../../resource.ts';

/** A disabled operator cannot sign in; disabling ends their sessions at once. */
export const operatorLifecycle = defineLifecycle({
  states: {
    enabled: { color: 'green', label: ['启用', 'Enabled'] },
    disabled: { color: 'red', label: ['停用', 'Disabled'] },
  },
  transitions: {
    enable: {
      from: ['disabled'],
      to: 'enabled',
      label: ['启用', 'Enable'],
      confirm: ['确定启用该用户吗？', 'Enable this operator?'],
    },
    disable: {
      from: ['enabled'],
      to: 'disabled',
      label: ['停用', 'Disable'],
      confirm: [
        '确定停用该用户吗？其登录会话将立即结束。',
        'Disable this operator? Their sessions end at once.',
      ],
    },
  },
});

export const user = defineResource({
  name: 'user',
  group: 'sys',
  api: '/api/sys/user',
  small: true,
  fields: {
    id: { type: 'number', list: true, sort: true, filter: 'eq' },
    username: {
      type: 'string',
      list: true,
      filter: 'contains',
      sort: true,
      form: {
        required: true,
        min: 3,
        max: 32,
        pattern: '[A-Za-z0-9_.-]+',
        patternMessage: 'rule.user.username',
        readonlyOnEdit: true,
      },
    },
    // A person's name: masked unless the session unmasked (edit sends only changed fields).
    displayName: { type: 'string', mask: 'name', list: true, filter: 'contains', form: { max: 64 } },
    // The initial password, RSA-OAEP encrypted by the client (base64 of the ciphertext).
    password: {
      type: 'string',
      virtual: true,
      form: { required: true, addOnly: true, max: 2048, widget: 'password' },
    },
    status: { type: 'enum', list: true, filter: 'eq' },
    roleNames: { type: 'string', virtual: true, list: true },
    googleBound: { type: 'boolean', virtual: true, list: true },
    createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
  },
  defaultSort: { field: 'id', order: 'asc' },
  actions: ['list', 'add', 'edit', 'export'],
  labelField: 'username',
  children: [{ resource: 'login_log', foreignKey: 'username', parentField: 'username' }],
  custom: [
    { name: 'resetPassword', scope: 'row', needsCode: true },
    { name: 'assignRoles', scope: 'row' },
    {
      name: 'resetGoogle',
      scope: 'row',
      needsCode: true,
      confirm: true,
      when: { field: 'googleBound', in: [true] },
    },
    {
      name: 'bindGoogle',
      scope: 'row',
      needsCode: true,
      permission: Permission.operatorQr,
      when: { field: 'googleBound', in: [false] },
    },
    { name: 'endSessions', scope: 'row', confirm: true },
  ],
  lifecycle: operatorLifecycle,
  labels: bilingual({
    'rule.user.username': [
      '用户名只能包含字母、数字、下划线、点和连字符',
      'Use letters, digits, underscores, dots and hyphens only',
    ],
    'field.user.id': ['编号', 'ID'],
    'child.user.login_log': ['登录日志', 'Sign-ins'],
    'field.user.username': ['用户名', 'Username'],
    'field.user.displayName': ['姓名', 'Display name'],
    'field.user.password': ['初始密码', 'Initial password'],
    'field.user.status': ['状态', 'Status'],
    'field.user.roleNames': ['角色', 'Roles'],
    'field.user.googleBound': ['已绑定谷歌验证', 'Authenticator bound'],
    'field.user.createdAt': ['创建时间', 'Created at'],
    'action.user.resetPassword': ['重置密码', 'Reset password'],
    'action.user.assignRoles': ['分配角色', 'Assign roles'],
    'action.user.resetGoogle': ['重置谷歌验证', 'Reset authenticator'],
    'confirm.user.resetGoogle': ['确定重置该用户的谷歌验证吗？', "Reset this operator's authenticator?"],
    'action.user.bindGoogle': ['绑定谷歌验证', 'Bind authenticator'],
    'action.user.endSessions': ['强制下线', 'End sessions'],
    'confirm.user.endSessions': ['确定让该用户下线吗？', "End this operator's sessions?"],
  }),
});
