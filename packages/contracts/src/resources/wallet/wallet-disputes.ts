/**
 * wallet/disputeOrderPage: a case on a wallet trade order the market holds `disputed`. Opened by the
 * buyer or the seller (the wallet app) or an operator, with evidence (vouchers, chat excerpts: files
 * stored outside the database by their SHA-256). Each stage has a deadline from the wallet's settings
 * (the seller answers in 30 min, an operator decides in 2 h); a job marks a case past it `overdue`
 * (highlighted, counted in the header bell). An operator claims it; the ruling is a transition
 * (release to the buyer, return to the seller, or split) that runs the market's resolution in the
 * same transaction; above the configured amount a second operator approves the proposal.
 */
import { type Bilingual, defineLifecycle, type TransitionInput } from '../../lifecycle.ts';
import { bilingual, defineResource, OPERATOR_REF } from '../../resource.ts';
import { enumLabels, optionsOf } from '../mch/common.ts';

export const DISPUTE_STATES = [
  'awaiting_seller',
  'awaiting_operator',
  'pending_approval',
  'resolved',
] as const;
export type DisputeState = (typeof DISPUTE_STATES)[number];
export const DISPUTE_OPENERS = ['buyer', 'seller', 'operator'] as const;
export const DISPUTE_RESOLUTIONS = ['release_buyer', 'return_seller', 'split'] as const;
export type DisputeResolution = (typeof DISPUTE_RESOLUTIONS)[number];
export const EVIDENCE_KINDS = ['voucher', 'chat', 'file'] as const;

const OPENER_LABELS = {
  buyer: ['买家', 'Buyer'],
  seller: ['卖家', 'Seller'],
  operator: ['客服', 'Operator'],
} as const;
export const RESOLUTION_LABELS = {
  release_buyer: ['放币给买家', 'Release to buyer'],
  return_seller: ['退回卖家', 'Return to seller'],
  split: ['按比例分配', 'Split'],
} as const satisfies Record<DisputeResolution, readonly [string, string]>;
const EVIDENCE_KIND_LABELS = {
  voucher: ['付款凭证', 'Payment voucher'],
  chat: ['聊天记录', 'Chat excerpt'],
  file: ['其他文件', 'Other file'],
} as const;

const REASON = { reason: { required: true, min: 2, max: 200 } } as const;
const OPEN: DisputeState[] = ['awaiting_seller', 'awaiting_operator'];
const HINTS: Record<DisputeResolution, Bilingual> = {
  release_buyer: [
    '卖家冻结的币划转给买家(扣除手续费)。',
    "The seller's frozen coins go to the buyer (minus the fee).",
  ],
  return_seller: ['卖家冻结的币解冻退回卖家。', "The seller's frozen coins are released back to the seller."],
  split: [
    '卖家冻结的币解冻，再将填写的数量(USDT)从卖家划给买家。',
    "The seller's coins are released, then the amount entered (USDT) goes from the seller to the buyer.",
  ],
};
const TRANSITION_NAMES: Record<DisputeResolution, [string, string]> = {
  release_buyer: ['releaseToBuyer', 'proposeRelease'],
  return_seller: ['returnToSeller', 'proposeReturn'],
  split: ['split', 'proposeSplit'],
};

/** Per resolution: the direct ruling (small cases) and the proposal a checker approves (large ones). */
function rulings(): Record<string, TransitionInput<DisputeState>> {
  const out: Record<string, TransitionInput<DisputeState>> = {};
  for (const r of DISPUTE_RESOLUTIONS) {
    const [direct, propose] = TRANSITION_NAMES[r];
    const input = r === 'split' ? { ...REASON, amount: { currency: 'USDT' } } : REASON;
    const [zh, en] = RESOLUTION_LABELS[r];
    out[direct] = {
      from: OPEN,
      to: 'resolved',
      label: [`裁决:${zh}`, `Rule: ${en.toLowerCase()}`],
      hint: HINTS[r],
      input,
      needsCode: true,
      money: true,
      when: { field: 'needsApproval', in: [false] },
    };
    out[propose] = {
      from: OPEN,
      to: 'pending_approval',
      label: [`提议:${zh}`, `Propose: ${en.toLowerCase()}`],
      hint: [
        `金额超过复核线，需另一名客服复核。${HINTS[r][0]}`,
        `Above the approval amount: another operator approves. ${HINTS[r][1]}`,
      ],
      input,
      needsCode: true,
      when: { field: 'needsApproval', in: [true] },
    };
  }
  return out;
}

/** Ruling transition name -> its resolution (the server's hooks and the tests). */
export const RULING_OF: Record<string, DisputeResolution> = Object.fromEntries(
  DISPUTE_RESOLUTIONS.flatMap((r) => TRANSITION_NAMES[r].map((n) => [n, r])),
);

export const disputeLifecycle = defineLifecycle({
  states: {
    awaiting_seller: { color: 'orange', label: ['待卖家响应', 'Awaiting seller'] },
    awaiting_operator: { color: 'blue', label: ['待客服裁决', 'Awaiting operator'] },
    pending_approval: { color: 'purple', label: ['裁决待复核', 'Ruling awaiting approval'] },
    resolved: { color: 'green', label: ['已裁决', 'Resolved'] },
  },
  transitions: {
    // The seller answered in the wallet app: the case goes to an operator.
    answer: {
      from: ['awaiting_seller'],
      to: 'awaiting_operator',
      label: ['卖家已响应', 'Seller answered'],
      system: true,
    },
    ...rulings(),
    approve: {
      from: ['pending_approval'],
      to: 'resolved',
      label: ['复核通过', 'Approve ruling'],
      confirm: ['确认执行该裁决？资金将按提议划转。', 'Carry out this ruling? The coins move as proposed.'],
      needsCode: true,
      money: true,
      makerChecker: { requesterField: 'proposedBy' },
    },
    decline: {
      from: ['pending_approval'],
      to: 'awaiting_operator',
      label: ['复核驳回', 'Decline ruling'],
      input: REASON,
      makerChecker: { requesterField: 'proposedBy' },
    },
  },
});

export const disputeOrderPage = defineResource({
  name: 'disputeOrderPage',
  group: 'wallet',
  api: '/api/wallet/dispute',
  fields: {
    id: { type: 'number', list: true, sort: true },
    disputeNo: { type: 'string', list: true, filter: 'eq' },
    orderNo: { type: 'string', list: true, filter: 'eq' },
    tradeOrderId: { type: 'number', list: false, filter: 'eq' },
    buyerCode: { type: 'string', list: true, filter: 'eq' },
    sellerCode: { type: 'string', list: true, filter: 'eq' },
    amount: { type: 'money', list: true, currency: 'USDT' },
    fiatAmount: { type: 'money', list: true, currency: 'CNY' },
    openedBy: { type: 'enum', list: true, filter: 'eq', options: optionsOf(OPENER_LABELS) },
    reason: { type: 'text', list: true },
    status: { type: 'enum', list: true, filter: 'in' },
    overdue: { type: 'boolean', list: true, filter: 'eq' },
    dueAt: { type: 'datetime', list: true, sort: true },
    claimedBy: { type: 'ref', list: true, filter: 'eq', ref: OPERATOR_REF },
    needsApproval: { type: 'boolean', list: true },
    resolution: { type: 'enum', list: true, filter: 'eq', options: optionsOf(RESOLUTION_LABELS) },
    splitAmount: { type: 'money', list: true, currency: 'USDT' },
    proposedBy: { type: 'ref', list: true, ref: OPERATOR_REF },
    decidedBy: { type: 'ref', list: true, ref: OPERATOR_REF },
    resolvedAt: { type: 'datetime', list: true },
    createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
  },
  defaultSort: { field: 'id', order: 'desc' },
  labelField: 'disputeNo',
  actions: ['list', 'export'],
  custom: [
    {
      name: 'claim',
      scope: 'row',
      confirm: true,
      when: { field: 'status', in: ['awaiting_seller', 'awaiting_operator', 'pending_approval'] },
    },
    // Hand the case to another operator who holds the dispute permission (a reason; audited).
    { name: 'assign', scope: 'row', when: { field: 'status', in: ['awaiting_seller', 'awaiting_operator'] } },
    // An operator's own evidence file (the parties' checks and store; audited).
    {
      name: 'addEvidence',
      scope: 'row',
      when: { field: 'status', in: ['awaiting_seller', 'awaiting_operator', 'pending_approval'] },
    },
  ],
  lifecycle: disputeLifecycle,
  children: [
    { resource: 'disputeEvidence', foreignKey: 'disputeId' },
    { resource: 'disputePayee', foreignKey: 'tradeOrderId', parentField: 'tradeOrderId' },
  ],
  labels: bilingual({
    'field.disputeOrderPage.id': ['编号', 'ID'],
    'field.disputeOrderPage.disputeNo': ['申诉单号', 'Dispute no.'],
    'field.disputeOrderPage.orderNo': ['交易单号', 'Trade order no.'],
    'field.disputeOrderPage.tradeOrderId': ['交易订单', 'Trade order'],
    'field.disputeOrderPage.buyerCode': ['买家', 'Buyer'],
    'field.disputeOrderPage.sellerCode': ['卖家', 'Seller'],
    'field.disputeOrderPage.amount': ['数量(USDT)', 'Amount (USDT)'],
    'field.disputeOrderPage.fiatAmount': ['金额(元)', 'Amount (CNY)'],
    'field.disputeOrderPage.openedBy': ['发起方', 'Opened by'],
    ...enumLabels('disputeOrderPage', 'openedBy', OPENER_LABELS),
    'field.disputeOrderPage.reason': ['申诉原因', 'Reason'],
    'field.disputeOrderPage.status': ['状态', 'Status'],
    'field.disputeOrderPage.overdue': ['已超时', 'Overdue'],
    'field.disputeOrderPage.dueAt': ['本阶段截止', 'Stage due at'],
    'field.disputeOrderPage.claimedBy': ['处理客服', 'Claimed by'],
    'field.disputeOrderPage.needsApproval': ['需复核', 'Needs approval'],
    'field.disputeOrderPage.resolution': ['裁决结果', 'Resolution'],
    ...enumLabels('disputeOrderPage', 'resolution', RESOLUTION_LABELS),
    'field.disputeOrderPage.splitAmount': ['分给买家(USDT)', 'To buyer (USDT)'],
    'field.disputeOrderPage.proposedBy': ['提议人', 'Proposed by'],
    'field.disputeOrderPage.decidedBy': ['裁决人', 'Decided by'],
    'field.disputeOrderPage.resolvedAt': ['裁决时间', 'Resolved at'],
    'field.disputeOrderPage.createdAt': ['发起时间', 'Opened at'],
    'action.disputeOrderPage.claim': ['认领', 'Claim'],
    'confirm.disputeOrderPage.claim': ['由我处理该申诉？', 'Take this dispute on yourself?'],
    'child.disputeOrderPage.disputeEvidence': ['证据', 'Evidence'],
    'child.disputeOrderPage.disputePayee': ['买家被告知的收款方式', 'Where the buyer was told to pay'],
    'action.disputeOrderPage.assign': ['指派', 'Assign'],
    'disputeOrderPage.assignTitle': ['指派申诉给客服', 'Assign the dispute to an operator'],
    'disputeOrderPage.assignee': ['客服', 'Operator'],
    'disputeOrderPage.assignReason': ['原因', 'Reason'],
    'action.disputeOrderPage.addEvidence': ['上传证据', 'Add evidence'],
    'disputeOrderPage.evidenceTitle': ['上传客服证据', "Add an operator's evidence"],
    'disputeOrderPage.evidenceKind': ['证据类型', 'Kind'],
    // The evidence dialog's kinds (the page loads this definition's labels, not the child list's).
    ...enumLabels('disputeOrderPage', 'evidenceKind', EVIDENCE_KIND_LABELS),
    'disputeOrderPage.evidenceFile': [
      '文件(PNG/JPEG/PDF，聊天记录为文本)',
      'File (PNG/JPEG/PDF; a chat excerpt as text)',
    ],
    'disputeOrderPage.evidencePick': ['选择文件', 'Choose a file'],
    'disputeOrderPage.evidenceRequired': ['请选择一个文件', 'Choose a file'],
    'disputeOrderPage.evidenceNote': ['说明', 'Note'],
    'disputeOrderPage.evidenceAdded': ['证据已保存', 'Evidence saved'],
  }),
});

/** The evidence of a dispute (its detail's child list): the file's type, size and SHA-256, who added it. */
export const disputeEvidence = defineResource({
  name: 'disputeEvidence',
  group: 'wallet',
  page: 'disputeOrderPage',
  api: '/api/wallet/disputeEvidence',
  fields: {
    id: { type: 'number', list: true, sort: true },
    disputeId: { type: 'number', list: true, filter: 'eq' },
    kind: { type: 'enum', list: true, filter: 'eq', options: optionsOf(EVIDENCE_KIND_LABELS) },
    addedBy: { type: 'enum', list: true, options: optionsOf(OPENER_LABELS) },
    fileType: { type: 'string', list: true },
    fileSize: { type: 'number', list: true },
    fileHash: { type: 'string', list: true },
    note: { type: 'text', list: true },
    createdAt: { type: 'datetime', list: true, sort: true },
  },
  defaultSort: { field: 'id', order: 'asc' },
  actions: ['list'],
  labels: bilingual({
    'field.disputeEvidence.id': ['编号', 'ID'],
    'field.disputeEvidence.disputeId': ['申诉', 'Dispute'],
    'field.disputeEvidence.kind': ['证据类型', 'Kind'],
    ...enumLabels('disputeEvidence', 'kind', EVIDENCE_KIND_LABELS),
    'field.disputeEvidence.addedBy': ['提交方', 'Added by'],
    ...enumLabels('disputeEvidence', 'addedBy', OPENER_LABELS),
    'field.disputeEvidence.fileType': ['文件类型', 'File type'],
    'field.disputeEvidence.fileSize': ['大小(字节)', 'Size (bytes)'],
    'field.disputeEvidence.fileHash': ['SHA-256', 'SHA-256'],
    'field.disputeEvidence.note': ['说明', 'Note'],
    'field.disputeEvidence.createdAt': ['提交时间', 'Added at'],
  }),
});
