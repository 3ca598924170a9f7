/**
 * payManage/emailConfigList and emailAssignList: the bank-notification mailboxes the platform reads
 * (IMAP: host, port, TLS, user, folder, and which bank's notification template applies), and which
 * operator and merchant each mailbox is assigned to. The mailbox password is write-only: typed in
 * the add or edit form (`password`), sealed at rest, never answered; the list shows whether one is
 * set. `lastPolledAt`/`lastError` are the poller's (modules/email/poller.ts).
 */
import { bilingual, defineResource, type FieldInput } from '../../resource.ts';
import { enumLabels, optionsOf } from '../mch/common.ts';
import { RULE_LABELS, STATUS_FIELD, statusLabels } from './common.ts';

/** The banks whose notification emails the platform reads (a template each, modules/email). */
export const EMAIL_BANK_LABELS = {
  ICBC: ['工商银行', 'ICBC'],
  CCB: ['建设银行', 'CCB'],
  CMB: ['招商银行', 'CMB'],
} as const satisfies Record<string, readonly [string, string]>;
export type EmailBank = keyof typeof EMAIL_BANK_LABELS;
export const EMAIL_BANKS = Object.keys(EMAIL_BANK_LABELS) as EmailBank[];

export const EMAIL_BANK_FIELD = {
  type: 'enum',
  list: true,
  filter: 'eq',
  options: optionsOf(EMAIL_BANK_LABELS),
} as const satisfies FieldInput;

const HOST_PATTERN = '[A-Za-z0-9][A-Za-z0-9.-]{0,252}';

export const emailConfig = defineResource({
  name: 'emailConfigList',
  group: 'payManage',
  page: 'emailConfigList',
  api: '/api/merchant/emailConfig',
  // Tens of mailboxes at most: filters need no index.
  small: true,
  fields: {
    id: { type: 'number', list: true, sort: true },
    name: { type: 'string', list: true, filter: 'contains', form: { required: true, min: 2, max: 64 } },
    bank: { ...EMAIL_BANK_FIELD, form: { required: true } },
    host: {
      type: 'string',
      list: true,
      form: { required: true, max: 253, pattern: HOST_PATTERN, patternMessage: 'rule.emailConfigList.host' },
    },
    port: { type: 'number', list: true, form: { required: true, min: 1, max: 65535 } },
    tls: { type: 'boolean', list: true, form: { widget: 'switch' } },
    username: { type: 'string', list: true, filter: 'contains', form: { required: true, min: 1, max: 128 } },
    /** Write-only: required when adding (the server says so), left empty on edit to keep the old one. */
    password: { type: 'string', virtual: true, form: { min: 1, max: 256, widget: 'password' } },
    folder: { type: 'string', list: true, form: { required: true, min: 1, max: 128 } },
    status: STATUS_FIELD,
    lastPolledAt: { type: 'datetime', list: true, sort: true },
    lastError: { type: 'text', list: true },
    createdAt: { type: 'datetime', list: true },
  },
  defaultSort: { field: 'id', order: 'asc' },
  actions: ['list', 'add', 'edit', 'remove', 'export'],
  children: [
    { resource: 'emailAssignList', foreignKey: 'mailboxId' },
    { resource: 'emailOrderList', foreignKey: 'mailboxId' },
  ],
  labels: bilingual({
    ...RULE_LABELS,
    'rule.emailConfigList.host': [
      '请输入邮件服务器域名或IP地址',
      'Enter the mail server host name or IP address',
    ],
    'field.emailConfigList.id': ['编号', 'ID'],
    'field.emailConfigList.name': ['邮箱名称', 'Mailbox name'],
    'field.emailConfigList.bank': ['银行', 'Bank'],
    ...enumLabels('emailConfigList', 'bank', EMAIL_BANK_LABELS),
    'field.emailConfigList.host': ['IMAP服务器', 'IMAP host'],
    'field.emailConfigList.port': ['端口', 'Port'],
    'field.emailConfigList.tls': ['TLS加密', 'TLS'],
    'field.emailConfigList.username': ['邮箱账号', 'User name'],
    'field.emailConfigList.password': ['邮箱密码', 'Password'],
    'field.emailConfigList.folder': ['文件夹', 'Folder'],
    ...statusLabels('emailConfigList'),
    'field.emailConfigList.lastPolledAt': ['最近读取时间', 'Last polled at'],
    'field.emailConfigList.lastError': ['最近错误', 'Last error'],
    'field.emailConfigList.createdAt': ['创建时间', 'Created at'],
    'child.emailConfigList.emailAssignList': ['分配', 'Assignments'],
    'child.emailConfigList.emailOrderList': ['邮件订单', 'Email orders'],
  }),
});

export const emailAssign = defineResource({
  name: 'emailAssignList',
  group: 'payManage',
  page: 'emailAssignList',
  api: '/api/merchant/emailAssign',
  small: true,
  fields: {
    id: { type: 'number', list: true, sort: true },
    mailboxId: {
      type: 'ref',
      list: true,
      filter: 'eq',
      ref: { resource: 'emailConfigList', labelField: 'name' },
      form: { required: true },
    },
    operatorId: {
      type: 'ref',
      list: true,
      filter: 'eq',
      ref: { resource: 'user', labelField: 'username' },
      form: { required: true },
    },
    merchantId: {
      type: 'ref',
      list: true,
      filter: 'eq',
      ref: { resource: 'mchList', labelField: 'name' },
      form: { required: true },
    },
    remark: { type: 'string', list: true, form: { max: 200 } },
    createdAt: { type: 'datetime', list: true },
  },
  defaultSort: { field: 'id', order: 'asc' },
  actions: ['list', 'add', 'edit', 'remove', 'export'],
  labels: bilingual({
    'field.emailAssignList.id': ['编号', 'ID'],
    'field.emailAssignList.mailboxId': ['邮箱', 'Mailbox'],
    'field.emailAssignList.operatorId': ['负责操作员', 'Operator'],
    'field.emailAssignList.merchantId': ['商户', 'Merchant'],
    'field.emailAssignList.remark': ['备注', 'Remark'],
    'field.emailAssignList.createdAt': ['创建时间', 'Created at'],
  }),
});
