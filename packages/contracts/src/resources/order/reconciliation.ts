/**
 * order/reconciliationPage: upstream statements (one per third party and business day, uploaded as
 * CSV/xlsx or fetched from the provider) and their lines, each classified against the platform's own
 * orders by upstream order number. An operator resolves every difference with a note; where money
 * must move the line's action requests the order's own manual decision (maker-checker), it never
 * moves money itself. A statement closes only when no line is open.
 */
import { defineLifecycle } from '../../lifecycle.ts';
import { bilingual, defineResource } from '../../resource.ts';
import { enumLabels, optionsOf } from '../mch/common.ts';
import { THIRD_PARTY_REF } from '../payManage/third-party-ref.ts';

export const STATEMENT_STATES = ['importing', 'open', 'closed', 'failed'] as const;
export const STATEMENT_SOURCES = ['upload', 'fetch'] as const;
export const LINE_CATEGORIES = [
  'matched',
  'amount_differs',
  'status_differs',
  // Both say success with the same amount, but the provider charged other than the order's channel cost.
  'fee_differs',
  'only_upstream',
  'only_here',
] as const;
export type LineCategory = (typeof LINE_CATEGORIES)[number];
export const LINE_RESOLUTIONS = ['none', 'open', 'resolved'] as const;
/** A status as both sides are compared: the statement's words and our order states map onto these. */
export const RECON_STATUSES = ['success', 'failed', 'pending'] as const;
export type ReconStatus = (typeof RECON_STATUSES)[number];

const SOURCE_LABELS = { upload: ['上传', 'Upload'], fetch: ['上游拉取', 'Fetched'] } as const;
export const CATEGORY_LABELS = {
  matched: ['一致', 'Matched'],
  amount_differs: ['金额不符', 'Amount differs'],
  status_differs: ['状态不符', 'Status differs'],
  fee_differs: ['手续费不符', 'Fee differs'],
  only_upstream: ['仅上游有', 'Only upstream'],
  only_here: ['仅本平台有', 'Only here'],
} as const;
const CATEGORY_COLORS: Record<LineCategory, string> = {
  matched: 'green',
  amount_differs: 'orange',
  status_differs: 'volcano',
  fee_differs: 'gold',
  only_upstream: 'purple',
  only_here: 'blue',
};
const RECON_STATUS_LABELS = {
  success: ['成功', 'Success'],
  failed: ['失败', 'Failed'],
  pending: ['处理中', 'Pending'],
} as const;
const FAMILY_LABELS = { deposit: ['充值', 'Deposit'], withdraw: ['提现', 'Withdrawal'] } as const;

export const statementLifecycle = defineLifecycle({
  states: {
    importing: { color: 'processing', label: ['导入中', 'Importing'] },
    open: { color: 'gold', label: ['待处理', 'Open'] },
    closed: { color: 'green', label: ['已关账', 'Closed'] },
    failed: { color: 'red', label: ['导入失败', 'Import failed'] },
  },
  transitions: {
    // The import run: every line written and classified, in one transaction.
    finish: { from: ['importing'], to: 'open', label: ['导入完成', 'Imported'], system: true },
    fail: { from: ['importing'], to: 'failed', label: ['导入失败', 'Import failed'], system: true },
    // The day is reconciled: refused while any line is open (the server says how many).
    close: {
      from: ['open'],
      to: 'closed',
      label: ['关账', 'Close the day'],
      confirm: ['确认该日对账完成并关账？', 'Close this day as reconciled?'],
    },
  },
});

const count = { type: 'number', list: true } as const;

export const reconciliationPage = defineResource({
  name: 'reconciliationPage',
  group: 'order',
  api: '/api/pay/reconciliation',
  fields: {
    id: { type: 'number', list: true, sort: true },
    thirdPartyId: {
      type: 'ref',
      list: true,
      filter: 'eq',
      ref: THIRD_PARTY_REF,
    },
    day: { type: 'date', list: true, filter: 'between', sort: true },
    source: { type: 'enum', list: true, filter: 'eq', options: optionsOf(SOURCE_LABELS) },
    fileName: { type: 'string', list: true },
    linesTotal: count,
    processed: count,
    matched: count,
    amountDiffers: count,
    statusDiffers: count,
    feeDiffers: count,
    onlyUpstream: count,
    onlyHere: count,
    openLines: count,
    status: { type: 'enum', list: true, filter: 'eq' },
    error: { type: 'text', list: true },
    fileHash: { type: 'string' },
    createdByName: { type: 'string', list: true },
    createdAt: { type: 'datetime', list: true, sort: true },
    closedAt: { type: 'datetime', list: true },
  },
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list', 'export'],
  custom: [
    { name: 'upload', scope: 'toolbar' },
    { name: 'fetch', scope: 'toolbar' },
  ],
  lifecycle: statementLifecycle,
  // The lines show in the detail drawer as their own list, with filters and row actions (the web page).
  labels: bilingual({
    'field.reconciliationPage.id': ['编号', 'ID'],
    'field.reconciliationPage.thirdPartyId': ['三方', 'Third party'],
    'field.reconciliationPage.day': ['业务日', 'Business day'],
    'field.reconciliationPage.source': ['来源', 'Source'],
    ...enumLabels('reconciliationPage', 'source', SOURCE_LABELS),
    'field.reconciliationPage.fileName': ['文件名', 'File name'],
    'field.reconciliationPage.linesTotal': ['行数', 'Lines'],
    'field.reconciliationPage.processed': ['已处理', 'Processed'],
    'field.reconciliationPage.matched': ['一致', 'Matched'],
    'field.reconciliationPage.amountDiffers': ['金额不符', 'Amount differs'],
    'field.reconciliationPage.statusDiffers': ['状态不符', 'Status differs'],
    'field.reconciliationPage.feeDiffers': ['手续费不符', 'Fee differs'],
    'field.reconciliationPage.onlyUpstream': ['仅上游有', 'Only upstream'],
    'field.reconciliationPage.onlyHere': ['仅本平台有', 'Only here'],
    'field.reconciliationPage.openLines': ['待处理差异', 'Open differences'],
    'field.reconciliationPage.status': ['状态', 'Status'],
    'field.reconciliationPage.error': ['失败原因', 'Failure reason'],
    'field.reconciliationPage.fileHash': ['文件摘要', 'File hash'],
    'field.reconciliationPage.createdByName': ['操作人', 'Imported by'],
    'field.reconciliationPage.createdAt': ['导入时间', 'Imported at'],
    'field.reconciliationPage.closedAt': ['关账时间', 'Closed at'],
    'action.reconciliationPage.upload': ['上传对账单', 'Upload statement'],
    'action.reconciliationPage.fetch': ['从上游拉取', 'Fetch from upstream'],
  }),
});

const NOTE = { reason: { required: true, min: 2, max: 200 } } as const;
/** The lines with an order of ours: only they can request its manual decision. */
const HAS_ORDER = { field: 'category', in: ['amount_differs', 'status_differs', 'only_here'] } as const;

export const lineLifecycle = defineLifecycle({
  field: 'resolution',
  states: {
    none: { color: 'default', label: ['无需处理', 'Nothing to do'] },
    open: { color: 'orange', label: ['待处理', 'Open'] },
    resolved: { color: 'green', label: ['已处理', 'Resolved'] },
  },
  transitions: {
    resolve: {
      from: ['open'],
      to: 'resolved',
      label: ['备注并处理', 'Resolve with a note'],
      hint: [
        '说明差异的原因和处理结果；不涉及资金变动。',
        'Say why the line differs and what was done; no money moves.',
      ],
      input: NOTE,
    },
    // Money must move: the order's own manual decision is requested (a second operator approves it).
    requestSuccess: {
      from: ['open'],
      to: 'resolved',
      label: ['申请人工成功', 'Request manual success'],
      hint: [
        '为对应订单发起人工成功申请（需另一位操作员复核后入账），并将本行标记为已处理。',
        "Requests the order's manual success (credited once a second operator approves) and resolves this line.",
      ],
      input: NOTE,
      needsCode: true,
      when: HAS_ORDER,
    },
    requestFail: {
      from: ['open'],
      to: 'resolved',
      label: ['申请人工失败', 'Request manual failure'],
      hint: [
        '为对应订单发起人工失败申请（需另一位操作员复核），并将本行标记为已处理。',
        "Requests the order's manual failure (a second operator approves it) and resolves this line.",
      ],
      input: NOTE,
      needsCode: true,
      when: HAS_ORDER,
    },
  },
});

export const reconciliationLines = defineResource({
  name: 'reconciliationLines',
  group: 'order',
  page: 'reconciliationPage',
  api: '/api/pay/reconciliation/lines',
  fields: {
    id: { type: 'number', list: true, sort: true },
    statementId: { type: 'number', filter: 'eq' },
    lineNo: { type: 'number', list: true, sort: true },
    category: {
      type: 'enum',
      list: true,
      filter: 'eq',
      options: LINE_CATEGORIES.map((value) => ({ value, color: CATEGORY_COLORS[value] })),
    },
    resolution: { type: 'enum', list: true, filter: 'eq' },
    upstreamOrderNo: { type: 'string', list: true, filter: 'eq' },
    upstreamAmount: { type: 'money', list: true },
    upstreamStatus: { type: 'enum', list: true, options: optionsOf(RECON_STATUS_LABELS) },
    orderFamily: { type: 'enum', list: true, options: optionsOf(FAMILY_LABELS) },
    orderNo: { type: 'string', list: true, filter: 'eq' },
    ourAmount: { type: 'money', list: true },
    ourStatus: { type: 'enum', list: true, options: optionsOf(RECON_STATUS_LABELS) },
    // What the provider says it charged (the statement's fee column), and the order's channel cost.
    upstreamFee: { type: 'money', list: true },
    ourFee: { type: 'money', list: true },
    orderState: { type: 'string', list: true },
    note: { type: 'text', list: true },
    resolvedByName: { type: 'string', list: true },
    resolvedAt: { type: 'datetime', list: true },
  },
  defaultSort: { field: 'id', order: 'asc' },
  actions: ['list', 'export'],
  lifecycle: lineLifecycle,
  labels: bilingual({
    'field.reconciliationLines.id': ['编号', 'ID'],
    'field.reconciliationLines.statementId': ['对账单', 'Statement'],
    'field.reconciliationLines.lineNo': ['行号', 'Line'],
    'field.reconciliationLines.category': ['对账结果', 'Result'],
    ...enumLabels('reconciliationLines', 'category', CATEGORY_LABELS),
    'field.reconciliationLines.resolution': ['处理状态', 'Resolution'],
    'field.reconciliationLines.upstreamOrderNo': ['上游单号', 'Upstream order no.'],
    'field.reconciliationLines.upstreamAmount': ['上游金额', 'Upstream amount'],
    'field.reconciliationLines.upstreamStatus': ['上游状态', 'Upstream status'],
    ...enumLabels('reconciliationLines', 'upstreamStatus', RECON_STATUS_LABELS),
    'field.reconciliationLines.orderFamily': ['订单类型', 'Order type'],
    ...enumLabels('reconciliationLines', 'orderFamily', FAMILY_LABELS),
    'field.reconciliationLines.orderNo': ['平台订单号', 'Order no.'],
    'field.reconciliationLines.ourAmount': ['平台金额', 'Our amount'],
    'field.reconciliationLines.ourStatus': ['平台状态', 'Our status'],
    ...enumLabels('reconciliationLines', 'ourStatus', RECON_STATUS_LABELS),
    'field.reconciliationLines.upstreamFee': ['上游手续费', 'Upstream fee'],
    'field.reconciliationLines.ourFee': ['通道成本', 'Channel cost'],
    'field.reconciliationLines.orderState': ['订单状态', 'Order state'],
    'field.reconciliationLines.note': ['处理备注', 'Note'],
    'field.reconciliationLines.resolvedByName': ['处理人', 'Resolved by'],
    'field.reconciliationLines.resolvedAt': ['处理时间', 'Resolved at'],
  }),
});
