/**
 * Normal withdrawals (payouts through a third party's agent-pay passage): the merchant's API call
 * creates the order and freezes amount + fee at once; a review (auto-review rules or an operator)
 * approves or rejects it; an approved order is paid out by the upstream adapter (a job), whose answer
 * makes it a success (the frozen amount is debited) or a failure (unfrozen). A risk hold (detain) stops
 * it wherever it is open until an operator releases or rejects it.
 */
import { defineLifecycle } from '../../lifecycle.ts';
import { bilingual, defineResource } from '../../resource.ts';
import { MANUAL_STATES, manualDecisions } from './manual-decisions.ts';
import { familyTakes } from './order-family.ts';
import { orderFieldLabels, orderFields } from './order-fields.ts';

export const WITHDRAW_STATES = [
  'created',
  'in_review',
  'approved',
  'matching',
  'paying',
  'success',
  'failed',
  'rejected',
  'cancelled',
  'detained',
  'manual_success_pending',
  'manual_fail_pending',
] as const;
export type WithdrawState = (typeof WITHDRAW_STATES)[number];

/** States the merchant is told of: the frozen amount has been debited or released. */
export const WITHDRAW_FINAL_STATES = ['success', 'failed', 'rejected', 'cancelled'] as const;

export const withdrawLifecycle = defineLifecycle({
  // A matched order takes the normal steps only before it is matched (order-family.ts).
  allows: familyTakes,
  states: {
    created: { color: 'default', label: ['已创建', 'Created'] },
    in_review: { color: 'gold', label: ['待审核', 'In review'] },
    approved: { color: 'blue', label: ['已审核', 'Approved'] },
    matching: { color: 'geekblue', label: ['撮合中', 'Matching'] },
    paying: { color: 'processing', label: ['代付中', 'Paying out'] },
    success: { color: 'green', label: ['成功', 'Success'] },
    failed: { color: 'red', label: ['失败', 'Failed'] },
    rejected: { color: 'default', label: ['已驳回', 'Rejected'] },
    cancelled: { color: 'default', label: ['已取消', 'Cancelled'] },
    detained: { color: 'magenta', label: ['已扣留', 'Detained'] },
    ...MANUAL_STATES,
  },
  transitions: {
    // Creation done (amount frozen): the order enters the review queue.
    review: { from: ['created'], to: 'in_review', label: ['进入审核', 'To review'], system: true },
    // The auto-review rules passed it.
    autoApprove: {
      from: ['in_review'],
      to: 'approved',
      label: ['自动审核通过', 'Auto-approve'],
      system: true,
    },
    // The payout job submitted it to an agent-pay passage (upstream order number set with it).
    pay: { from: ['approved'], to: 'paying', label: ['提交代付', 'Submit payout'], system: true },
    paySuccess: {
      from: ['paying'],
      to: 'success',
      label: ['代付成功', 'Payout succeeded'],
      money: true,
      system: true,
    },
    payFail: {
      from: ['paying'],
      to: 'failed',
      label: ['代付失败', 'Payout failed'],
      money: true,
      system: true,
    },
    // A matched (P2P) withdrawal, approved, waits in the match pool (resources/match); each piece is
    // settled by its match, and the order ends when nothing remains and every piece is settled.
    enterPool: {
      from: ['approved'],
      to: 'matching',
      label: ['进入撮合池', 'Enter match pool'],
      system: true,
    },
    // An operator takes a waiting matched withdrawal out of the pool (none of its matches open): what
    // is left of it and its fee return to the merchant's balance.
    leavePool: {
      from: ['matching'],
      to: 'rejected',
      label: ['撤出撮合池', 'Leave the pool'],
      hint: [
        '撤出后剩余未撮合金额及手续费退回商户可用余额；已确认的撮合不受影响。',
        "What is left unmatched and the fee return to the merchant's balance; confirmed matches stay.",
      ],
      input: { reason: { required: true, min: 2, max: 200 } },
      needsCode: true,
      money: true,
    },
    // Some of it was paid through confirmed matches: it ends for what they settled, with the fee in
    // proportion; what is left unmatched and the rest of the fee return to the merchant.
    finishPartly: {
      from: ['matching'],
      to: 'success',
      label: ['按已结算金额完成', 'Finish with what was settled'],
      hint: [
        '按已确认撮合的金额完成，手续费按比例收取；剩余未撮合金额及其余手续费退回商户可用余额。',
        "It ends for its confirmed matches, the fee in proportion; what is left unmatched and the rest of the fee return to the merchant's balance.",
      ],
      input: { reason: { required: true, min: 2, max: 200 } },
      needsCode: true,
      money: true,
      // Who may take an order out of the pool may end it so.
      permission: 'order.orderTransferList.leavePool',
    },
    matchSettled: {
      from: ['matching'],
      to: 'success',
      label: ['撮合完成', 'Match settled'],
      money: true,
      system: true,
    },
    approve: {
      from: ['in_review'],
      to: 'approved',
      label: ['审核通过', 'Approve'],
      confirm: ['确认通过该提现申请？将提交代付。', 'Approve this withdrawal? It will be paid out.'],
      needsCode: true,
    },
    // From approved too: a reservation withdrawal waiting for its time can be cancelled this way.
    reject: {
      from: ['in_review', 'approved', 'detained'],
      to: 'rejected',
      label: ['驳回', 'Reject'],
      hint: [
        '驳回后冻结金额退回商户可用余额。',
        "Rejecting returns the frozen amount to the merchant's balance.",
      ],
      input: { reason: { required: true, min: 2, max: 200 } },
      needsCode: true,
      money: true,
    },
    // The merchant or member called it off (not an operator's refusal: that is `reject`); recorded as
    // a cancellation (financeRisk/orderCancelRecordList, the auto-blacklist's cancellation rules).
    // Not from `paying` (with the upstream already) nor `matching`: a pooled withdrawal leaves the pool
    // by `leavePool`, refused while a match piece is open, which returns only the unmatched rest.
    cancel: {
      from: ['in_review', 'approved', 'detained'],
      to: 'cancelled',
      label: ['取消', 'Cancel'],
      hint: [
        '取消后冻结金额及手续费退回商户可用余额，并记入订单取消记录。',
        "Cancelling returns the frozen amount and fee to the merchant's balance and is recorded as a cancellation.",
      ],
      input: { reason: { required: true, min: 2, max: 200 } },
      needsCode: true,
      money: true,
    },
    // A risk hold. Not from `paying`: the payout is with the upstream already and a hold cannot stop it.
    detain: {
      from: ['in_review', 'approved'],
      to: 'detained',
      label: ['扣留', 'Detain'],
      hint: [
        '扣留后订单暂停处理，直到放行（回到扣留前的状态）或驳回。',
        'A detained order waits until it is released (back to where it was) or rejected.',
      ],
      input: { reason: { required: true, min: 2, max: 200 } },
      needsCode: true,
    },
    release: {
      from: ['detained'],
      to: 'in_review',
      back: 'detainedFrom',
      label: ['放行', 'Release'],
      input: { reason: { required: true, min: 2, max: 200 } },
      needsCode: true,
    },
    // Manual decisions (the payout's answer is wrong or missing): one operator requests, another approves.
    ...manualDecisions<WithdrawState>({
      successFrom: ['approved', 'paying'],
      failFrom: ['approved', 'paying'],
      success: 'success',
      failed: 'failed',
      fallback: 'approved',
      successHint: [
        '人工置为成功需另一位操作员复核，复核通过后扣除冻结金额。',
        'A manual success needs a second operator; the frozen amount is debited once it is approved.',
      ],
      failHint: [
        '人工置为失败需另一位操作员复核，复核通过后冻结金额退回商户。',
        'A manual failure needs a second operator; once approved the frozen amount returns to the merchant.',
      ],
      successConfirm: [
        '确认人工成功？冻结金额将被扣除。',
        'Approve the manual success? The frozen amount is debited.',
      ],
      failConfirm: [
        '确认人工置为失败？冻结金额将退回商户。',
        'Approve the manual failure? The frozen amount returns to the merchant.',
      ],
      failMovesMoney: true,
    }),
  },
});

export const WITHDRAW_CURRENCY = 'CNY';

export const orderTransferList = defineResource({
  name: 'orderTransferList',
  group: 'order',
  api: '/api/pay/transferOrder',
  fields: {
    ...orderFields('id', 'orderNo', 'family', 'mchOrderNo', 'merchantId', 'memberAccount'),
    ...orderFields('amount', 'fee', 'channelFee'),
    bankName: { type: 'string', list: true },
    accountName: { type: 'string', list: true, mask: 'name' },
    accountNo: { type: 'string', list: true, mask: 'bankCard' },
    ...orderFields('passageId', 'upstreamOrderNo', 'status', 'failReason', 'createdAt'),
    // A reservation withdrawal is paid out no earlier than this (thirdwithdraw_list: those with one).
    scheduledAt: { type: 'datetime', list: true, filter: 'between' },
    // Open past this, it has timed out: the merchant's withdrawal timeout (else the platform's) after
    // creation or the reserved time. `overdue` selects the open ones past it now (the header's badge).
    dueAt: { type: 'datetime', list: true },
    overdue: { type: 'boolean', virtual: true, filter: 'eq' },
    // Set by the payout job when only passages whose payout config pays by hand could take it: it
    // waits for an operator's `payOut` (the job leaves it alone).
    payoutHeld: { type: 'boolean', list: true },
    ...orderFields('reviewedByName', 'reviewedAt', 'finishedAt', 'manualBy', 'manualReason'),
  },
  // Newest first by creation time: every filter's index ends in created_at (order schema.ts).
  defaultSort: { field: 'createdAt', order: 'desc' },
  actions: ['list', 'export'],
  lifecycle: withdrawLifecycle,
  // The provider's raw callbacks about the order (upstream-callback.ts).
  children: [
    { resource: 'withdrawCallbacks', foreignKey: 'orderNo', parentField: 'orderNo' },
    // What the merchant was told of the order, and each attempt's answer (the notification's drawer).
    { resource: 'mchNotify', foreignKey: 'orderNo', parentField: 'orderNo' },
  ],
  // Submits an approved withdrawal to a payout passage now, those that pay out by hand included.
  custom: [{ name: 'payOut', scope: 'row', confirm: true, when: { field: 'status', in: ['approved'] } }],
  labels: bilingual({
    ...orderFieldLabels('orderTransferList', {
      amount: ['提现金额', 'Amount'],
      passageId: ['代付通道', 'Payout passage'],
    }),
    'child.orderTransferList.withdrawCallbacks': ['上游回调', 'Upstream callbacks'],
    'child.orderTransferList.mchNotify': ['商户回调', 'Merchant callbacks'],
    'field.orderTransferList.bankName': ['收款银行', 'Bank'],
    'field.orderTransferList.accountName': ['收款人', 'Account holder'],
    'field.orderTransferList.accountNo': ['收款账号', 'Account no.'],
    'field.orderTransferList.scheduledAt': ['预约时间', 'Scheduled at'],
    'field.orderTransferList.dueAt': ['超时时间', 'Times out at'],
    'field.orderTransferList.overdue': ['已超时未完成', 'Timed out, still open'],
    'field.orderTransferList.payoutHeld': ['待人工出款', 'Awaits manual payout'],
    'action.orderTransferList.payOut': ['立即出款', 'Pay out now'],
    'confirm.orderTransferList.payOut': [
      '立即提交代付？可使用需人工出款的通道。',
      'Submit the payout now? Passages that pay out by hand may take it.',
    ],
  }),
});
