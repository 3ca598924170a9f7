/**
 * The matches (order/findTransferMatchByPage: the matches of a withdrawal, filtered by its order no):
 * one row per piece of a matched deposit paid into one withdrawing member's account, with its
 * voucher (the file is served behind this page's permission, never a public URL), who confirmed it
 * and its deadline. The lifecycle is match-lifecycle.ts.
 */

import type { Bilingual } from '../../lifecycle.ts';
import { bilingual, defineResource, type FieldInput, OPERATOR_REF } from '../../resource.ts';
import { enumLabels, optionsOf } from '../mch/common.ts';
import { type CONFIRMED_BY, matchLifecycle } from './match-lifecycle.ts';

const CONFIRMED_BY_LABELS = {
  receiver: ['收款方', 'Receiver'],
  email: ['邮件', 'Email'],
  operator: ['操作员', 'Operator'],
} as const satisfies Record<(typeof CONFIRMED_BY)[number], Bilingual>;

const mch = { resource: 'mchList', labelField: 'mchNo' } as const;

export const MATCH_FIELDS = {
  id: { type: 'number', list: true, sort: true },
  matchNo: { type: 'string', list: true, filter: 'eq' },
  depositOrderNo: { type: 'string', list: true, filter: 'eq' },
  depositMerchantId: { type: 'ref', list: true, filter: 'eq', ref: mch },
  payerMember: { type: 'string', list: true, filter: 'eq' },
  payerName: { type: 'string', list: true, mask: 'name' },
  withdrawOrderNo: { type: 'string', list: true, filter: 'eq' },
  withdrawMerchantId: { type: 'ref', list: true, filter: 'eq', ref: mch },
  payeeMember: { type: 'string', list: true, filter: 'eq' },
  payeeBank: { type: 'string', list: true },
  payeeName: { type: 'string', list: true, mask: 'name' },
  payeeAccountNo: { type: 'string', list: true, mask: 'bankCard' },
  amount: { type: 'money', list: true, filter: 'between', currency: 'CNY' },
  depositFee: { type: 'money', list: true, currency: 'CNY' },
  status: { type: 'enum', list: true, filter: 'in' },
  voucherType: { type: 'string', list: true },
  voucherSize: { type: 'number', list: true },
  voucherHash: { type: 'string', list: true },
  confirmedBy: { type: 'enum', list: true, filter: 'eq', options: optionsOf(CONFIRMED_BY_LABELS) },
  emailOrderId: { type: 'number', list: true },
  deadline: { type: 'datetime', list: true },
  reason: { type: 'text', list: true },
  manualBy: { type: 'ref', ref: OPERATOR_REF },
  manualReason: { type: 'text', list: true },
  createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
  paidAt: { type: 'datetime', list: true },
  confirmedAt: { type: 'datetime', list: true },
} as const satisfies Record<string, FieldInput>;

export const MATCH_LABELS: Record<string, Bilingual> = {
  id: ['编号', 'ID'],
  matchNo: ['撮合单号', 'Match no.'],
  depositOrderNo: ['充值订单号', 'Deposit order no.'],
  depositMerchantId: ['充值商户', 'Depositing merchant'],
  payerMember: ['付款会员', 'Payer member'],
  payerName: ['付款人', 'Payer name'],
  withdrawOrderNo: ['提现订单号', 'Withdrawal order no.'],
  withdrawMerchantId: ['提现商户', 'Withdrawing merchant'],
  payeeMember: ['收款会员', 'Payee member'],
  payeeBank: ['收款银行', 'Payee bank'],
  payeeName: ['收款人', 'Payee name'],
  payeeAccountNo: ['收款账号', 'Payee account no.'],
  amount: ['撮合金额', 'Matched amount'],
  depositFee: ['充值手续费', 'Deposit fee'],
  status: ['状态', 'Status'],
  voucherType: ['凭证类型', 'Voucher type'],
  voucherSize: ['凭证大小(字节)', 'Voucher size (bytes)'],
  voucherHash: ['凭证SHA-256', 'Voucher SHA-256'],
  confirmedBy: ['确认方式', 'Confirmed by'],
  emailOrderId: ['邮件订单', 'Email order'],
  deadline: ['截止时间', 'Deadline'],
  reason: ['原因', 'Reason'],
  manualBy: ['人工发起人', 'Manual request by'],
  manualReason: ['人工原因', 'Manual reason'],
  createdAt: ['撮合时间', 'Matched at'],
  paidAt: ['付款时间', 'Paid at'],
  confirmedAt: ['确认时间', 'Confirmed at'],
};

/** `field.<page>.<name>` and the confirmed-by options of a page over the matches. */
export function matchLabels(page: string): Record<string, Bilingual> {
  return {
    ...Object.fromEntries(Object.entries(MATCH_LABELS).map(([k, v]) => [`field.${page}.${k}`, v])),
    ...enumLabels(page, 'confirmedBy', CONFIRMED_BY_LABELS),
  };
}

export const findTransferMatchByPage = defineResource({
  name: 'findTransferMatchByPage',
  group: 'order',
  api: '/api/pay/match',
  fields: MATCH_FIELDS,
  defaultSort: { field: 'createdAt', order: 'desc' },
  labelField: 'matchNo',
  actions: ['list', 'export'],
  // An operator's manual match between a waiting deposit and a pool entry (a second one approves it).
  custom: [{ name: 'manualMatch', scope: 'toolbar', needsCode: true }],
  lifecycle: matchLifecycle,
  labels: bilingual({
    ...matchLabels('findTransferMatchByPage'),
    'action.findTransferMatchByPage.manualMatch': ['人工撮合', 'Manual match'],
    // The detail drawer's voucher and the manual match dialog (apps/web modules/match).
    'voucher.findTransferMatchByPage.title': ['付款凭证', 'Payment voucher'],
    'voucher.findTransferMatchByPage.none': [
      '付款方尚未上传凭证',
      'The payer has not uploaded a voucher yet',
    ],
    'voucher.findTransferMatchByPage.failed': ['凭证加载失败', 'The voucher could not be loaded'],
    'voucher.findTransferMatchByPage.pdf': ['下载PDF凭证', 'Download the PDF voucher'],
    'manual.findTransferMatchByPage.hint': [
      '将一笔待撮合的充值整单匹配到撮合池中的一笔提现，需另一位操作员复核后生效。',
      'Matches a waiting deposit, whole, into one withdrawal of the pool; a second operator must approve it.',
    ],
    'manual.findTransferMatchByPage.depositOrderNo': ['充值订单号', 'Deposit order no.'],
    'manual.findTransferMatchByPage.poolId': ['撮合池编号', 'Pool entry ID'],
    'manual.findTransferMatchByPage.required': ['必填', 'Required'],
    'manual.findTransferMatchByPage.done': ['已提交，待复核', 'Proposed: awaiting approval'],
  }),
});
