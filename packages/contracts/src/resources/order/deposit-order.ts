/**
 * Normal deposits (a third-party passage): a merchant's API call creates the order, the upstream
 * provider is asked for a pay URL, its callback says the member paid, and an operator's receipt audit
 * (or a rule) makes it a success, which alone credits the merchant (amount minus fee, one transaction).
 *
 * The system transitions are run by the upstream adapter and the jobs (`runSystemTransition`); the
 * others are operators' row actions on /order/orderDepositList and its views.
 */
import { defineLifecycle } from '../../lifecycle.ts';
import { bilingual, defineResource } from '../../resource.ts';
import { enumLabels, optionsOf, PAY_TYPE_LABELS } from '../mch/common.ts';
import { MANUAL_STATES, manualDecisions } from './manual-decisions.ts';
import { familyTakes } from './order-family.ts';
import { orderFieldLabels, orderFields } from './order-fields.ts';

export const DEPOSIT_STATES = [
  'created',
  'pending_payment',
  'paid',
  'in_audit',
  'success',
  'timeout',
  'cancelled',
  'failed',
  'refunded',
  'manual_success_pending',
  'manual_fail_pending',
] as const;
export type DepositState = (typeof DEPOSIT_STATES)[number];

/** States after which nothing more happens to the order but a refund: the merchant is told of them. */
export const DEPOSIT_FINAL_STATES = ['success', 'timeout', 'cancelled', 'failed', 'refunded'] as const;

/**
 * A matched (P2P) deposit's own steps, run by the match engine only (resources/match): matched to one or
 * more withdrawals, the payer's voucher, and the end once every piece ended. Its money moves per piece
 * (the match's settlement), never on these transitions; normal deposits never take them.
 */
const MATCH_DEPOSIT_TRANSITIONS = {
  matchFound: { from: ['created'], to: 'pending_payment', label: ['已撮合', 'Matched'], system: true },
  matchPaid: {
    from: ['pending_payment'],
    to: 'paid',
    label: ['已上传凭证', 'Voucher uploaded'],
    system: true,
  },
  matchSettled: {
    from: ['pending_payment', 'paid'],
    to: 'success',
    label: ['撮合完成', 'Match settled'],
    system: true,
  },
  matchExpired: {
    from: ['pending_payment', 'paid'],
    to: 'timeout',
    label: ['撮合超时', 'Match timed out'],
    system: true,
  },
  matchCancelled: {
    from: ['pending_payment', 'paid'],
    to: 'cancelled',
    label: ['撮合取消', 'Match cancelled'],
    system: true,
  },
} as const;

export const depositLifecycle = defineLifecycle({
  // A matched order takes the normal steps only before it is matched (order-family.ts).
  allows: familyTakes,
  states: {
    created: { color: 'default', label: ['已创建', 'Created'] },
    pending_payment: { color: 'processing', label: ['待支付', 'Awaiting payment'] },
    paid: { color: 'cyan', label: ['已支付', 'Paid'] },
    in_audit: { color: 'gold', label: ['待审核', 'In audit'] },
    success: { color: 'green', label: ['成功', 'Success'] },
    timeout: { color: 'default', label: ['已超时', 'Timed out'] },
    cancelled: { color: 'default', label: ['已取消', 'Cancelled'] },
    failed: { color: 'red', label: ['失败', 'Failed'] },
    refunded: { color: 'purple', label: ['已退款', 'Refunded'] },
    ...MANUAL_STATES,
  },
  transitions: {
    // The upstream accepted the order and answered a pay URL (set with the transition).
    submit: {
      from: ['created'],
      to: 'pending_payment',
      label: ['提交上游', 'Submit upstream'],
      system: true,
    },
    // The upstream's callback (or a poll) says the member paid; a late payment revives a timed-out order.
    pay: {
      from: ['created', 'pending_payment', 'timeout'],
      to: 'paid',
      label: ['上游已支付', 'Paid upstream'],
      system: true,
    },
    // A paid order waits for the receipt audit.
    audit: { from: ['paid'], to: 'in_audit', label: ['进入审核', 'To audit'], system: true },
    // The upstream refused the order or reported it failed.
    fail: {
      from: ['created', 'pending_payment'],
      to: 'failed',
      label: ['上游失败', 'Failed upstream'],
      system: true,
    },
    // Nobody paid within the merchant's timeout (a job).
    expire: {
      from: ['created', 'pending_payment'],
      to: 'timeout',
      label: ['超时', 'Time out'],
      system: true,
    },
    approve: {
      from: ['in_audit'],
      to: 'success',
      label: ['审核通过', 'Approve'],
      confirm: [
        '确认已收到款项？商户将按扣除手续费后的金额入账。',
        'Confirm the payment was received? The merchant is credited the amount minus the fee.',
      ],
      needsCode: true,
      money: true,
    },
    reject: {
      from: ['in_audit'],
      to: 'failed',
      label: ['审核驳回', 'Reject'],
      input: { reason: { required: true, min: 2, max: 200 } },
      needsCode: true,
    },
    cancel: {
      from: ['created', 'pending_payment'],
      to: 'cancelled',
      label: ['取消', 'Cancel'],
      input: { reason: { required: true, min: 2, max: 200 } },
    },
    refund: {
      from: ['success'],
      to: 'refunded',
      label: ['退款', 'Refund'],
      hint: [
        '退款将从商户可用余额扣回入账金额，并退还手续费。',
        "A refund takes the credited amount back from the merchant's available balance and returns the fee.",
      ],
      input: { reason: { required: true, min: 2, max: 200 } },
      needsCode: true,
      money: true,
    },
    ...MATCH_DEPOSIT_TRANSITIONS,
    // Manual decisions (the upstream is wrong or silent): one operator requests, another approves.
    ...manualDecisions<DepositState>({
      successFrom: ['pending_payment', 'paid', 'in_audit', 'timeout', 'failed'],
      failFrom: ['created', 'pending_payment', 'paid', 'in_audit'],
      success: 'success',
      failed: 'failed',
      fallback: 'in_audit',
      successHint: [
        '人工置为成功需另一位操作员复核，复核通过后商户入账。',
        'A manual success needs a second operator; the merchant is credited once it is approved.',
      ],
      failHint: [
        '人工置为失败需另一位操作员复核。',
        'A manual failure needs a second operator to approve it.',
      ],
      successConfirm: [
        '确认人工成功？商户将按扣除手续费后的金额入账。',
        'Approve the manual success? The merchant is credited the amount minus the fee.',
      ],
      failConfirm: ['确认人工置为失败？', 'Approve the manual failure?'],
      failMovesMoney: false,
    }),
  },
});

export const DEPOSIT_CURRENCY = 'CNY';

export const orderDepositList = defineResource({
  name: 'orderDepositList',
  group: 'order',
  api: '/api/pay/depositOrder',
  fields: {
    ...orderFields('id', 'orderNo', 'family', 'mchOrderNo', 'merchantId', 'memberAccount'),
    payType: { type: 'enum', list: true, filter: 'eq', options: optionsOf(PAY_TYPE_LABELS) },
    ...orderFields('amount', 'fee', 'channelFee', 'passageId', 'upstreamOrderNo', 'status', 'failReason'),
    clientIp: { type: 'string', list: true },
    ...orderFields('createdAt'),
    paidAt: { type: 'datetime', list: true },
    ...orderFields('finishedAt'),
    expiresAt: { type: 'datetime', list: true },
    ...orderFields('reviewedByName', 'reviewedAt', 'manualBy', 'manualReason'),
  },
  // Newest first by creation time: every filter's index ends in created_at (order schema.ts).
  defaultSort: { field: 'createdAt', order: 'desc' },
  actions: ['list', 'export'],
  lifecycle: depositLifecycle,
  // The provider's raw callbacks about the order (upstream-callback.ts).
  children: [
    { resource: 'depositCallbacks', foreignKey: 'orderNo', parentField: 'orderNo' },
    // What the merchant was told of the order, and each attempt's answer (the notification's drawer).
    { resource: 'mchNotify', foreignKey: 'orderNo', parentField: 'orderNo' },
  ],
  labels: bilingual({
    ...orderFieldLabels('orderDepositList'),
    'child.orderDepositList.depositCallbacks': ['上游回调', 'Upstream callbacks'],
    'child.orderDepositList.mchNotify': ['商户回调', 'Merchant callbacks'],
    'field.orderDepositList.payType': ['支付方式', 'Pay type'],
    ...enumLabels('orderDepositList', 'payType', PAY_TYPE_LABELS),
    'field.orderDepositList.clientIp': ['下单IP', 'Client IP'],
    'field.orderDepositList.paidAt': ['支付时间', 'Paid at'],
    'field.orderDepositList.expiresAt': ['过期时间', 'Expires at'],
  }),
});
