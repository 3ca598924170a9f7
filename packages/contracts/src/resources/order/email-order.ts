/**
 * order/emailOrderList: bank notification emails, read from the configured mailboxes (IMAP) or
 * uploaded as .eml files by an operator, each parsed by its bank's template into an email order:
 * amount, payee account tail, payer name, time. An order that fits exactly one waiting match
 * confirms it (`matched`, with the match); one that fits none or several stays `unmatched` (the
 * header badge counts these); a mailbox email no template can read is kept as `failed_parse` with
 * the reason (an upload of one is refused instead); one whose payer the risk lists refuse is
 * `blocked` (financeRisk/blackBlockEmailLog). A message is stored once (its Message-ID).
 */
import { defineLifecycle } from '../../lifecycle.ts';
import { bilingual, defineResource, type FieldInput, type RefInput } from '../../resource.ts';
import { enumLabels, optionsOf } from '../mch/common.ts';
import { EMAIL_BANK_FIELD, EMAIL_BANK_LABELS, fieldLabelsOf } from '../payManage/email-config.ts';

export const emailOrderLifecycle = defineLifecycle({
  states: {
    matched: { color: 'green', label: ['已匹配', 'Matched'] },
    unmatched: { color: 'orange', label: ['匹配失败', 'Unmatched'] },
    failed_parse: { color: 'red', label: ['解析失败', 'Unreadable'] },
    // The payer (or the match's member) is on a deposit black list or frozen (blackBlockEmailLog).
    blocked: { color: 'magenta', label: ['风控拦截', 'Refused by risk'] },
  },
  transitions: {
    // The operator's `bind` row action (a match chosen by hand, reason and code): its status change.
    bound: { from: ['unmatched'], to: 'matched', label: ['人工绑定', 'Bound by hand'], system: true },
  },
});

export const EMAIL_SOURCE_LABELS = {
  imap: ['邮箱读取', 'Mailbox'],
  upload: ['人工上传', 'Uploaded'],
} as const satisfies Record<string, readonly [string, string]>;

/** Why an email order is unmatched or unreadable (stored as the code, shown in the operator's language). */
export const EMAIL_REASON_LABELS = {
  noMatch: [
    '没有符合的待确认撮合单（卡尾号、金额、付款人、时间）',
    'No waiting match fits (account tail, amount, payer, time)',
  ],
  several: ['有多个符合的撮合单，请人工绑定', 'Several waiting matches fit: bind it by hand'],
  malformed: ['不是有效的邮件（缺少发件人或正文）', 'Not a valid email (no sender or no text)'],
  unknownBank: [
    '未知银行：发件人没有对应的通知模板',
    'Unknown bank: no notification template for the sender',
  ],
  amount: ['银行模板未读到金额', 'The bank template found no amount'],
  accountTail: ['银行模板未读到收款卡尾号', 'The bank template found no account tail'],
  payerName: ['银行模板未读到付款人', 'The bank template found no payer name'],
  paidAt: ['银行模板未读到有效的到账时间', 'The bank template found no valid time'],
  riskBlocked: [
    '付款人或会员在风控名单中，已拦截（见邮件订单拦截记录）',
    'The payer or member is on a risk list: refused (see the email block log)',
  ],
} as const satisfies Record<string, readonly [string, string]>;
export type EmailReason = keyof typeof EMAIL_REASON_LABELS;

const ORDER_LABELS = {
  id: ['编号', 'ID'],
  mailboxId: ['邮箱', 'Mailbox'],
  bank: ['银行', 'Bank'],
  source: ['来源', 'Source'],
  amount: ['到账金额', 'Amount'],
  accountTail: ['收款卡尾号', 'Account tail'],
  payerName: ['付款人', 'Payer'],
  paidAt: ['到账时间', 'Paid at'],
  status: ['状态', 'Status'],
  reason: ['原因', 'Reason'],
  subject: ['邮件主题', 'Subject'],
  messageId: ['邮件ID', 'Message ID'],
  createdAt: ['接收时间', 'Received at'],
} as const satisfies Record<string, readonly [string, string]>;

/** What an area's email order confirms: its column, the referenced resource and their labels. */
interface EmailLink<L extends string> {
  field: L;
  ref: { resource: string; labelField: string };
  label: readonly [string, string];
  /** The reasons worded for the area (the matching's by default). */
  reasons?: Partial<Record<EmailReason, readonly [string, string]>>;
}

/**
 * An area's manual bind of an unmatched email order (row action `bind`, reason and code): the record
 * it may be bound to (the link field's, in `waiting`: the filters of the dialog's choice, which the
 * server checks again) and the dialog's words.
 */
export interface EmailBind {
  waiting: NonNullable<RefInput['filters']>;
  action: readonly [string, string];
  title: readonly [string, string];
  hint: readonly [string, string];
}

/**
 * An email-order definition of one area: the same fields, states, upload and labels; the order
 * confirms what `link` names (a match, or a wallet trade order). `bind` adds the matching's manual
 * bind (row action and its `bound` transition).
 */
/** Each email-order definition's bind: its link field and the waiting records' filters. */
const binds = new WeakMap<object, { field: string; waiting: EmailBind['waiting'] }>();

/** The bind of an email-order definition (emailOrderDef's), or undefined when it has none. */
export function emailBindOf(def: object) {
  return binds.get(def);
}

export function emailOrderDef<L extends string>(o: {
  name: string;
  group: string;
  api: string;
  mailboxes: string;
  link: EmailLink<L>;
  bind?: EmailBind;
}) {
  const n = o.name;
  const link = { [o.link.field]: { type: 'ref', list: true, filter: 'eq', ref: o.link.ref } } as Record<
    L,
    FieldInput
  >;
  const def = defineResource({
    name: n,
    group: o.group,
    page: n,
    api: o.api,
    fields: {
      id: { type: 'number', list: true, sort: true, filter: 'eq' },
      mailboxId: {
        type: 'ref',
        list: true,
        filter: 'eq',
        ref: { resource: o.mailboxes, labelField: 'name' },
      },
      bank: EMAIL_BANK_FIELD,
      source: { type: 'enum', list: true, filter: 'eq', options: optionsOf(EMAIL_SOURCE_LABELS) },
      amount: { type: 'money', list: true, currency: 'CNY' },
      accountTail: { type: 'string', list: true, filter: 'eq' },
      payerName: { type: 'string', list: true, mask: 'name' },
      paidAt: { type: 'datetime', list: true },
      status: { type: 'enum', list: true, filter: 'eq' },
      ...link,
      reason: { type: 'enum', list: true, options: optionsOf(EMAIL_REASON_LABELS) },
      subject: { type: 'text', list: true },
      messageId: { type: 'string', list: true, filter: 'eq' },
      createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
    },
    defaultSort: { field: 'id', order: 'desc' },
    actions: ['list', 'export'],
    custom: [
      { name: 'upload', scope: 'toolbar' },
      // An unmatched email order bound by hand to the payer-paid match it pays (which it confirms).
      ...(o.bind
        ? [
            {
              name: 'bind',
              scope: 'row',
              needsCode: true,
              when: { field: 'status', in: ['unmatched'] },
            } as const,
          ]
        : []),
    ],
    lifecycle: o.bind ? emailOrderLifecycle : emailStatesOnly,
    labels: bilingual({
      ...fieldLabelsOf(n, ORDER_LABELS),
      [`field.${n}.${o.link.field}`]: o.link.label,
      ...enumLabels(n, 'bank', EMAIL_BANK_LABELS),
      ...enumLabels(n, 'source', EMAIL_SOURCE_LABELS),
      ...enumLabels(n, 'reason', { ...EMAIL_REASON_LABELS, ...o.link.reasons }),
      [`action.${n}.upload`]: ['上传邮件(.eml)', 'Upload email (.eml)'],
      [`${n}.uploadTitle`]: ['上传银行通知邮件', 'Upload a bank notification email'],
      [`${n}.uploadFile`]: ['邮件文件(.eml)', 'Email file (.eml)'],
      [`${n}.uploadMailbox`]: ['所属邮箱', 'Mailbox'],
      [`${n}.uploadPick`]: ['选择文件', 'Choose a file'],
      [`${n}.uploadRequired`]: ['请选择一个 .eml 文件', 'Choose an .eml file'],
      [`${n}.uploaded`]: ['已生成邮件订单 #{{id}}：{{status}}', 'Email order #{{id}} created: {{status}}'],
      ...(o.bind ? bindLabels(n, o.bind, o.link.label) : {}),
    }),
  });
  if (o.bind) binds.set(def, { field: o.link.field, waiting: o.bind.waiting });
  return def;
}

const bindLabels = (n: string, b: EmailBind, target: readonly [string, string]) => ({
  [`action.${n}.bind`]: b.action,
  [`${n}.bindTitle`]: b.title,
  [`${n}.bindHint`]: b.hint,
  [`${n}.bindTarget`]: target,
  [`${n}.bindReason`]: ['原因', 'Reason'] as const,
});

/** The states without the manual bind (an area whose orders are not bound by hand). */
const emailStatesOnly = defineLifecycle({ states: emailOrderLifecycle.states, transitions: {} });

export const emailOrder = emailOrderDef({
  name: 'emailOrderList',
  group: 'order',
  api: '/api/pay/emailOrder',
  mailboxes: 'emailConfigList',
  link: {
    field: 'matchId',
    ref: { resource: 'findTransferMatchByPage', labelField: 'matchNo' },
    label: ['匹配单号', 'Match'],
  },
  bind: {
    waiting: { status: 'payer_paid' },
    action: ['绑定撮合单', 'Bind to a match'],
    title: ['将邮件订单绑定到撮合单', 'Bind the email order to a match'],
    hint: [
      '绑定后该撮合单按邮件到账确认，双方结算。只能选择付款方已付款的撮合单。',
      'The match is then confirmed by this email and both sides are settled. Only payer-paid matches can be chosen.',
    ],
  },
});
