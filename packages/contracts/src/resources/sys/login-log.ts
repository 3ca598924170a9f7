/** sys/login_log: every sign-in attempt, with its result, address and factor. Read-only. */
import { bilingual, defineResource } from '../../resource.ts';
import { enumLabels, optionsOf } from '../mch/common.ts';

/** Why a sign-in attempt ended as it did (the server's login service writes one of these). */
export const LOGIN_REASON_LABELS = {
  ok: ['登录成功', 'Signed in'],
  unknown_user: ['用户不存在', 'Unknown user'],
  bad_password: ['密码错误', 'Wrong password'],
  // A replayed, expired or garbled password ciphertext (the transport's nonce): a replay is logged too.
  bad_ciphertext: ['密码密文无效或已使用', 'Password ciphertext invalid or used before'],
  locked: ['账号已锁定', 'Locked'],
  disabled: ['账号已停用', 'Disabled'],
  need_code: ['验证码缺失或错误', 'Code missing or wrong'],
  code_locked: ['验证码错误次数过多', 'Too many wrong codes'],
} as const satisfies Record<string, readonly [string, string]>;
export type LoginReason = keyof typeof LOGIN_REASON_LABELS;

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
    reason: { type: 'enum', list: true, options: optionsOf(LOGIN_REASON_LABELS) },
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
    ...enumLabels('login_log', 'reason', LOGIN_REASON_LABELS),
    'field.login_log.factor': ['认证方式', 'Factor'],
    'enum.login_log.factor.password': ['密码', 'Password'],
    'enum.login_log.factor.password+totp': ['密码+谷歌验证', 'Password + authenticator'],
    'field.login_log.userAgent': ['浏览器', 'User agent'],
  }),
});
