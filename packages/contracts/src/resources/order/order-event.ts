/**
 * Every transition of a deposit or withdrawal, with the order's number, merchant and amount beside it
 * (what status_history cannot filter on at 1M orders): orderRecordPage shows them all,
 * auditRecordList only the operators' decisions (approve, reject, manual requests and their approvals).
 * Written by the orders' transition hooks in the transition's transaction.
 */
import type { Bilingual } from '../../lifecycle.ts';
import { bilingual, defineResource, type EnumOption } from '../../resource.ts';
import { DIRECTION_LABELS, enumLabels } from '../mch/common.ts';
import { depositLifecycle } from './deposit-order.ts';
import { withdrawLifecycle } from './withdraw-order.ts';

const LIFECYCLES = { deposit: depositLifecycle, withdraw: withdrawLifecycle } as const;

/** The transitions that are an operator's decision on an order (auditRecordList). */
export const ORDER_DECISIONS = [
  'approve',
  'reject',
  'refund',
  'manualSuccess',
  'manualFail',
  'approveManualSuccess',
  'approveManualFail',
  'declineManual',
  'detain',
  'release',
] as const;

/** `deposit.approve`, `withdraw.release`...: what happened, named with the family. */
export const orderActionOf = (family: keyof typeof DIRECTION_LABELS, transition: string) =>
  `${family}.${transition}`;

function options(name: string) {
  const actions: EnumOption[] = [];
  const states: EnumOption[] = [];
  const pairs: Record<string, Bilingual> = {};
  const seen = new Set<string>();
  for (const family of ['deposit', 'withdraw'] as const) {
    const [fz, fe] = DIRECTION_LABELS[family];
    const life = LIFECYCLES[family];
    for (const [t, def] of Object.entries(life.transitions)) {
      const value = orderActionOf(family, t);
      actions.push({ value });
      pairs[`enum.${name}.action.${value}`] = [`${fz}·${def.label[0]}`, `${fe}: ${def.label[1]}`];
    }
    for (const [s, def] of Object.entries(
      life.states as Record<string, { label: Bilingual; color: string }>,
    )) {
      if (seen.has(s)) continue;
      seen.add(s);
      states.push({ value: s, color: def.color });
      for (const f of ['fromStatus', 'toStatus']) pairs[`enum.${name}.${f}.${s}`] = def.label;
    }
  }
  return { actions, states, pairs };
}

function orderEventResource<const N extends 'orderRecordPage' | 'auditRecordList'>(name: N) {
  const o = options(name);
  return defineResource({
    name,
    group: 'order',
    api: `/api/pay/${name}`,
    // The audit records are the status history's operator decisions.
    ...(name === 'auditRecordList' && { scope: { decision: true } }),
    fields: {
      id: { type: 'number', list: true, sort: true },
      family: {
        type: 'enum',
        list: true,
        filter: 'eq',
        options: [
          { value: 'deposit', color: 'green' },
          { value: 'withdraw', color: 'orange' },
        ],
      },
      orderNo: { type: 'string', list: true, filter: 'eq' },
      mchNo: { type: 'string', list: true, filter: 'eq' },
      amount: { type: 'money', list: true },
      action: { type: 'enum', list: true, filter: 'eq', options: o.actions },
      fromStatus: { type: 'enum', list: true, options: o.states },
      toStatus: { type: 'enum', list: true, options: o.states },
      operatorName: { type: 'string', list: true, filter: 'eq' },
      reason: { type: 'text', list: true },
      at: { type: 'datetime', list: true, sort: true, filter: 'between' },
    },
    defaultSort: { field: 'id', order: 'desc' },
    actions: ['list', 'export'],
    labels: bilingual({
      ...o.pairs,
      [`field.${name}.id`]: ['编号', 'ID'],
      [`field.${name}.family`]: ['订单类型', 'Order type'],
      ...enumLabels(name, 'family', DIRECTION_LABELS),
      [`field.${name}.orderNo`]: ['平台订单号', 'Order no.'],
      [`field.${name}.mchNo`]: ['商户号', 'Merchant no.'],
      [`field.${name}.amount`]: ['订单金额', 'Amount'],
      [`field.${name}.action`]: ['操作', 'Action'],
      [`field.${name}.fromStatus`]: ['原状态', 'From'],
      [`field.${name}.toStatus`]: ['新状态', 'To'],
      [`field.${name}.operatorName`]: ['操作人', 'Operator'],
      [`field.${name}.reason`]: ['原因', 'Reason'],
      [`field.${name}.at`]: ['时间', 'Time'],
    }),
  });
}

export const orderRecordPage = orderEventResource('orderRecordPage');
export const auditRecordList = orderEventResource('auditRecordList');
