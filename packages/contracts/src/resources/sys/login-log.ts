/** sys/login_log: every sign-in attempt, with its result, address and factor. Read-only. */
import { bilingual, defineResource } from '../../resource.ts';

export const loginLog = defineResource({
  name: 'login_log',
  group: 'sys',
  api: '/api/sys/login_log',
  fields: {
    id: { type: 'number', list: true, sort: true },
    at: { type: 'datetime', list: true, sort: true, filter: 'between' },
    username: { type: 'string', list: true, filter: 'eq' },
    ip: { type: 'string', list: true, filter: 'eq' },
    result: {
      type: 'enum',
      list: true,
      filter: 'eq',
      options: [
        { value: 'success', color: 'green' },
        { value: 'failure', color: 'red' },
      ],
    },
    reason: { type: 'string', list: true },
    factor: {
      type: 'enum',
      list: true,
      options: [{ value: 'password' }, { value: 'password+totp', color: 'blue' }],
    },
    userAgent: { type: 'string', list: true },
  },
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list', 'export'],
  labels: bilingual({
    'field.login_log.id': ['编号', 'ID'],
    'field.login_log.at': ['登录时间', 'Time'],
    'field.login_log.username': ['用户名', 'Username'],
    'field.login_log.ip': ['IP地址', 'IP address'],
    'field.login_log.result': ['结果', 'Result'],
    'enum.login_log.result.success': ['成功', 'Success'],
    'enum.login_log.result.failure': ['失败', 'Failure'],
    'field.login_log.reason': ['原因', 'Reason'],
    'field.login_log.factor': ['认证方式', 'Factor'],
    'enum.login_log.factor.password': ['密码', 'Password'],
    'enum.login_log.factor.password+totp': ['密码+谷歌验证', 'Password + authenticator'],
    'field.login_log.userAgent': ['浏览器', 'User agent'],
  }),
});
