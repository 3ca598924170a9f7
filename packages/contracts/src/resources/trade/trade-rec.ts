/**
 * Trade reconciliation (tradeManage/trade_rec_page): per business day × pool × third-party market, the
 * orders pushed there (ours) against the market's statement of that day (theirs): counts and filled
 * amounts on each side, and every order that differs as an item (tradeRecItems, in the run's detail
 * drawer). A job runs yesterday; an operator re-runs a day. An item is explained with a reason
 * (audited); a re-run keeps what was explained.
 */
import type { Bilingual } from '../../lifecycle.ts';
import { defineLifecycle } from '../../lifecycle.ts';
import { bilingual, defineResource, OPERATOR_REF } from '../../resource.ts';
import { enumLabels, optionsOf } from '../mch/common.ts';
import { fieldLabels, TRADE_COIN } from './trade-vocab.ts';

export const REC_RESULTS = {
  matched: ['一致', 'Matched'],
  differs: ['有差异', 'Differences'],
  explained: ['差异已说明', 'Explained'],
} as const satisfies Record<string, Bilingual>;

export const REC_KINDS = {
  status_differs: ['状态不符', 'Status differs'],
  amount_differs: ['数量不符', 'Amount differs'],
  only_remote: ['仅三方有', 'Only at the market'],
  only_local: ['仅本平台有', 'Only here'],
} as const satisfies Record<string, Bilingual>;
export type RecKind = keyof typeof REC_KINDS;

const pool = { resource: 'trade_pool_config_page', labelField: 'name' } as const;
const market = { resource: 'thirdParty', labelField: 'name' } as const;
const count = { type: 'number', list: true } as const;
const coins = { type: 'money', list: true, currency: TRADE_COIN } as const;

export const trade_rec_page = defineResource({
  name: 'trade_rec_page',
  group: 'tradeManage',
  api: '/api/trade/rec',
  fields: {
    id: { type: 'number', list: true, sort: true },
    day: { type: 'date', list: true, filter: 'between', sort: true },
    poolId: { type: 'ref', list: true, filter: 'eq', ref: pool },
    marketId: { type: 'ref', list: true, filter: 'eq', ref: market },
    localCount: count,
    localAmount: coins,
    remoteCount: count,
    remoteAmount: coins,
    differences: count,
    openDifferences: count,
    result: { type: 'enum', list: true, filter: 'eq', options: optionsOf(REC_RESULTS) },
    runAt: { type: 'datetime', list: true },
  },
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list', 'export'],
  custom: [{ name: 'rerun', scope: 'row', confirm: true }],
  labels: bilingual({
    ...fieldLabels('trade_rec_page', {
      id: ['编号', 'ID'],
      day: ['业务日', 'Business day'],
      poolId: ['交易池', 'Pool'],
      marketId: ['三方市场', 'Market'],
      localCount: ['本平台笔数', 'Our orders'],
      localAmount: ['本平台成交数量', 'Our filled amount'],
      remoteCount: ['三方笔数', 'Market orders'],
      remoteAmount: ['三方成交数量', 'Market filled amount'],
      differences: ['差异笔数', 'Differences'],
      openDifferences: ['待说明', 'Unexplained'],
      result: ['对账结果', 'Result'],
      runAt: ['对账时间', 'Run at'],
    }),
    ...enumLabels('trade_rec_page', 'result', REC_RESULTS),
    'action.trade_rec_page.rerun': ['重新对账', 'Re-run the day'],
    'confirm.trade_rec_page.rerun': [
      '重新拉取三方对账单并对该日重新对账？已说明的差异保留。',
      "Fetch the market's statement again and re-run this day? Explained differences stay explained.",
    ],
    'trade.rec.items': ['差异明细', 'Differences'],
  }),
});

export const recItemLifecycle = defineLifecycle({
  states: {
    open: { color: 'orange', label: ['待说明', 'Open'] },
    explained: { color: 'green', label: ['已说明', 'Explained'] },
  },
  transitions: {
    explain: {
      from: ['open'],
      to: 'explained',
      label: ['说明差异', 'Explain'],
      hint: ['说明差异的原因；不涉及资金变动。', 'Say why the order differs; no money moves.'],
      input: { reason: { required: true, min: 2, max: 200 } },
    },
  },
});

export const tradeRecItems = defineResource({
  name: 'tradeRecItems',
  group: 'tradeManage',
  page: 'trade_rec_page',
  api: '/api/trade/rec/items',
  fields: {
    id: { type: 'number', list: true, sort: true },
    runId: { type: 'number', filter: 'eq' },
    kind: { type: 'enum', list: true, filter: 'eq', options: optionsOf(REC_KINDS) },
    orderNo: { type: 'string', list: true, filter: 'eq' },
    pushNo: { type: 'string', list: true },
    remoteNo: { type: 'string', list: true, filter: 'eq' },
    localStatus: { type: 'string', list: true },
    remoteStatus: { type: 'string', list: true },
    localAmount: coins,
    remoteAmount: coins,
    status: { type: 'enum', list: true, filter: 'eq' },
    reason: { type: 'text', list: true },
    explainedBy: { type: 'ref', list: true, ref: OPERATOR_REF },
    explainedAt: { type: 'datetime', list: true },
  },
  defaultSort: { field: 'id', order: 'asc' },
  actions: ['list', 'export'],
  lifecycle: recItemLifecycle,
  labels: bilingual({
    ...fieldLabels('tradeRecItems', {
      id: ['编号', 'ID'],
      runId: ['对账编号', 'Run'],
      kind: ['差异类型', 'Difference'],
      orderNo: ['平台订单号', 'Order no.'],
      pushNo: ['推送单号', 'Push no.'],
      remoteNo: ['三方单号', 'Remote order no.'],
      localStatus: ['平台状态', 'Our state'],
      remoteStatus: ['三方状态', 'Market state'],
      localAmount: ['平台数量', 'Our amount'],
      remoteAmount: ['三方数量', 'Market amount'],
      status: ['处理状态', 'Resolution'],
      reason: ['说明', 'Explanation'],
      explainedBy: ['说明人', 'Explained by'],
      explainedAt: ['说明时间', 'Explained at'],
    }),
    ...enumLabels('tradeRecItems', 'kind', REC_KINDS),
  }),
});
