/**
 * payManage/emailConfigList and emailAssignList: the bank-notification mailboxes the platform reads
 * (IMAP: host, port, TLS, user, folder, and which bank's notification template applies), and which
 * operator and merchant each mailbox is assigned to. The mailbox password is write-only: typed in
 * the add or edit form (`password`), sealed at rest, never answered; the list shows whether one is
 * set. `lastPolledAt`/`lastError` are the poller's (modules/email/poller.ts).
 */
import { bilingual, defineResource, type FieldInput, OPERATOR_REF } from '../../resource.ts';
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

/** Which area a mailbox serves: the matching's deposits (payManage) or the wallet's trades (/wallet). */
export const EMAIL_SCOPES = ['matching', 'wallet'] as const;
export type EmailScope = (typeof EMAIL_SCOPES)[number];

const CONFIG_LABELS = {
  id: ['编号', 'ID'],
  name: ['邮箱名称', 'Mailbox name'],
  bank: ['银行', 'Bank'],
  host: ['IMAP服务器', 'IMAP host'],
  port: ['端口', 'Port'],
  tls: ['TLS加密', 'TLS'],
  username: ['邮箱账号', 'User name'],
  password: ['邮箱密码', 'Password'],
  folder: ['文件夹', 'Folder'],
  lastPolledAt: ['最近读取时间', 'Last polled at'],
  lastError: ['最近错误', 'Last error'],
  createdAt: ['创建时间', 'Created at'],
} as const satisfies Record<string, readonly [string, string]>;

const fieldLabelsOf = (page: string, labels: Record<string, readonly [string, string]>) =>
  Object.fromEntries(Object.entries(labels).map(([k, v]) => [`field.${page}.${k}`, v]));

/**
 * A mailbox-config definition of one area (the same fields, rules and labels; the server binds each
 * to its scope): its email orders' resource is its child list, the matching's assignments too.
 */
export function emailConfigDef(o: {
  name: string;
  group: string;
  api: string;
  orders: string;
  assign?: string;
}) {
  const n = o.name;
  return defineResource({
    name: n,
    group: o.group,
    page: n,
    api: o.api,
    // Tens of mailboxes at most: filters need no index.
    small: true,
    fields: {
      id: { type: 'number', list: true, sort: true },
      name: { type: 'string', list: true, filter: 'contains', form: { required: true, min: 2, max: 64 } },
      bank: { ...EMAIL_BANK_FIELD, form: { required: true } },
      host: {
        type: 'string',
        list: true,
        form: { required: true, max: 253, pattern: HOST_PATTERN, patternMessage: `rule.${n}.host` },
      },
      port: { type: 'number', list: true, form: { required: true, min: 1, max: 65535 } },
      tls: { type: 'boolean', list: true, form: { widget: 'switch' } },
      username: {
        type: 'string',
        list: true,
        filter: 'contains',
        form: { required: true, min: 1, max: 128 },
      },
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
      ...(o.assign ? [{ resource: o.assign, foreignKey: 'mailboxId' }] : []),
      { resource: o.orders, foreignKey: 'mailboxId' },
    ],
    labels: bilingual({
      ...RULE_LABELS,
      [`rule.${n}.host`]: ['请输入邮件服务器域名或IP地址', 'Enter the mail server host name or IP address'],
      ...fieldLabelsOf(n, CONFIG_LABELS),
      ...enumLabels(n, 'bank', EMAIL_BANK_LABELS),
      ...statusLabels(n),
      ...(o.assign ? { [`child.${n}.${o.assign}`]: ['分配', 'Assignments'] as const } : {}),
      [`child.${n}.${o.orders}`]: ['邮件订单', 'Email orders'],
    }),
  });
}

export { fieldLabelsOf };

export const emailConfig = emailConfigDef({
  name: 'emailConfigList',
  group: 'payManage',
  api: '/api/merchant/emailConfig',
  orders: 'emailOrderList',
  assign: 'emailAssignList',
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
      ref: OPERATOR_REF,
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
