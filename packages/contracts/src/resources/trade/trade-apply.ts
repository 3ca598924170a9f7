/**
 * Applications of traders to post ads (tradeManage/buyorderApplyPage, sellorderApplyPage): to become
 * an advertiser on a side, or to post ads above the rule's large amount (up to `amount`). An operator
 * approves or rejects; the logs (tradeBuyApplyLogPage, tradeSellApplyLogPage) are the decided ones.
 */
import type { Bilingual } from '../../lifecycle.ts';
import { bilingual, defineResource, OPERATOR_REF } from '../../resource.ts';
import { defineView } from '../../view.ts';
import { enumLabels, optionsOf } from '../mch/common.ts';
import { TRADER_FIELDS } from './trade-ads.ts';
import { applyLifecycle } from './trade-lifecycle.ts';
import {
  APPLY_KIND_LABELS,
  fieldLabels,
  TRADE_COIN,
  TRADE_SIDE_LABELS,
  type TradeSide,
  traderEnumLabels,
} from './trade-vocab.ts';

const APPLY_LABELS: Record<string, Bilingual> = {
  id: ['编号', 'ID'],
  applyNo: ['申请单号', 'Application no.'],
  side: ['方向', 'Side'],
  kind: ['申请类型', 'Applies for'],
  poolId: ['交易池', 'Pool'],
  ownerType: ['交易者类型', 'Trader type'],
  ownerCode: ['申请人', 'Applicant'],
  merchantId: ['商户', 'Merchant'],
  amount: ['申请额度', 'Limit asked'],
  note: ['申请说明', 'Note'],
  status: ['状态', 'Status'],
  reason: ['审核意见', 'Decision note'],
  decidedBy: ['审核人', 'Decided by'],
  decidedAt: ['审核时间', 'Decided at'],
  createdAt: ['申请时间', 'Applied at'],
};

function applyLabels(page: string): Record<string, Bilingual> {
  return {
    ...fieldLabels(page, APPLY_LABELS),
    ...traderEnumLabels(page),
    ...enumLabels(page, 'kind', APPLY_KIND_LABELS),
  };
}

function applyResource<const N extends string>(name: N, side: TradeSide) {
  return defineResource({
    name,
    group: 'tradeManage',
    api: `/api/trade/apply/${side}`,
    fields: {
      id: { type: 'number', list: true, sort: true },
      applyNo: { type: 'string', list: true, filter: 'eq' },
      side: { type: 'enum', list: false, options: optionsOf(TRADE_SIDE_LABELS) },
      kind: { type: 'enum', list: true, filter: 'eq', options: optionsOf(APPLY_KIND_LABELS) },
      poolId: {
        type: 'ref',
        list: true,
        filter: 'eq',
        ref: { resource: 'trade_pool_config_page', labelField: 'name' },
      },
      ...TRADER_FIELDS,
      amount: { type: 'money', list: true, currency: TRADE_COIN },
      note: { type: 'string', list: true },
      status: { type: 'enum', list: true, filter: 'in' },
      reason: { type: 'text', list: true },
      decidedBy: { type: 'ref', list: true, ref: OPERATOR_REF },
      decidedAt: { type: 'datetime', list: true },
      createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
    },
    defaultSort: { field: 'createdAt', order: 'desc' },
    labelField: 'applyNo',
    actions: ['list', 'export'],
    lifecycle: applyLifecycle,
    labels: bilingual(applyLabels(name)),
  });
}

export const buyorderApplyPage = applyResource('buyorderApplyPage', 'buy');
export const sellorderApplyPage = applyResource('sellorderApplyPage', 'sell');

function applyLog<const N extends string>(base: typeof buyorderApplyPage, page: N, side: TradeSide) {
  return defineView(base, {
    group: 'tradeManage',
    page,
    api: `/api/trade/applyLog/${side}`,
    labels: bilingual(applyLabels(page)),
    readOnly: true,
  });
}

/** The decided applications of each side (server scope: approved or rejected). */
export const tradeBuyApplyLogPage = applyLog(buyorderApplyPage, 'tradeBuyApplyLogPage', 'buy');
export const tradeSellApplyLogPage = applyLog(sellorderApplyPage, 'tradeSellApplyLogPage', 'sell');

export const APPLY_PAGES = [
  [buyorderApplyPage, tradeBuyApplyLogPage, 'buy'],
  [sellorderApplyPage, tradeSellApplyLogPage, 'sell'],
] as const;
