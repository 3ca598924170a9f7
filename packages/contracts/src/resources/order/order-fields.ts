/**
 * The fields every order list shares (deposits, withdrawals and the views over them) and their labels,
 * in one place: a list picks them by name, in its own column order, with its own fields between them
 * (a deposit's pay type, a withdrawal's payee), and names them in both languages with one call.
 */
import type { Bilingual } from '../../lifecycle.ts';
import { type FieldInput, OPERATOR_REF } from '../../resource.ts';
import { optionsOf } from '../mch/common.ts';
import { ORDER_FAMILY_LABELS } from './order-family.ts';

const ORDER_FIELDS = {
  id: { field: { type: 'number', list: true, sort: true }, label: ['编号', 'ID'] },
  orderNo: { field: { type: 'string', list: true, filter: 'eq' }, label: ['平台订单号', 'Order no.'] },
  mchOrderNo: {
    field: { type: 'string', list: true, filter: 'eq' },
    label: ['商户订单号', 'Merchant order no.'],
  },
  merchantId: {
    field: { type: 'ref', list: true, filter: 'eq', ref: { resource: 'mchList', labelField: 'mchNo' } },
    label: ['商户号', 'Merchant no.'],
  },
  // Normal, OTC or ZHOTC (order-family.ts): the lists hold every family, the OTC pages one each.
  family: {
    field: { type: 'enum', list: true, filter: 'eq', options: optionsOf(ORDER_FAMILY_LABELS) },
    label: ['订单类型', 'Order family'],
  },
  memberAccount: {
    field: { type: 'string', list: true, filter: 'eq' },
    label: ['会员账号', 'Member account'],
  },
  amount: { field: { type: 'money', list: true, filter: 'between' }, label: ['订单金额', 'Amount'] },
  fee: { field: { type: 'money', list: true }, label: ['手续费', 'Fee'] },
  // What the provider charges for it (the passage's rate, a payout config's fee per payout).
  channelFee: { field: { type: 'money', list: true }, label: ['通道成本', 'Channel cost'] },
  passageId: {
    field: { type: 'ref', list: true, filter: 'eq', ref: { resource: 'passage', labelField: 'name' } },
    label: ['通道', 'Passage'],
  },
  upstreamOrderNo: {
    field: { type: 'string', list: true, filter: 'eq' },
    label: ['上游单号', 'Upstream order no.'],
  },
  // The lifecycle's states are its options.
  status: { field: { type: 'enum', list: true, filter: 'in' }, label: ['状态', 'Status'] },
  failReason: { field: { type: 'text', list: true }, label: ['失败原因', 'Failure reason'] },
  createdAt: {
    field: { type: 'datetime', list: true, sort: true, filter: 'between' },
    label: ['创建时间', 'Created at'],
  },
  finishedAt: { field: { type: 'datetime', list: true }, label: ['完成时间', 'Finished at'] },
  reviewedByName: { field: { type: 'string', list: true }, label: ['审核人', 'Reviewed by'] },
  reviewedAt: { field: { type: 'datetime', list: true }, label: ['审核时间', 'Reviewed at'] },
  // The maker of a pending manual decision: the web hides its approval from them.
  manualBy: {
    field: { type: 'ref', ref: OPERATOR_REF },
    label: ['人工发起人', 'Manual request by'],
  },
  manualReason: { field: { type: 'text', list: true }, label: ['人工原因', 'Manual reason'] },
} as const satisfies Record<string, { field: FieldInput; label: Bilingual }>;

export type OrderField = keyof typeof ORDER_FIELDS;

/** The named common fields, in the order given (a list's column order). */
export function orderFields<const K extends OrderField>(...names: K[]): Record<K, FieldInput> {
  return Object.fromEntries(names.map((n) => [n, ORDER_FIELDS[n].field])) as Record<K, FieldInput>;
}

/**
 * `field.<resource>.<name>` labels of every common field, with the ones a list words its own way
 * (a withdrawal's amount, its payout passage).
 */
export function orderFieldLabels(
  resource: string,
  own: Partial<Record<OrderField, Bilingual>> = {},
): Record<string, Bilingual> {
  return Object.fromEntries([
    ...(Object.keys(ORDER_FIELDS) as OrderField[]).map((n) => [
      `field.${resource}.${n}`,
      own[n] ?? ORDER_FIELDS[n].label,
    ]),
    ...Object.entries(ORDER_FAMILY_LABELS).map(([v, pair]) => [`enum.${resource}.family.${v}`, pair]),
  ]);
}
