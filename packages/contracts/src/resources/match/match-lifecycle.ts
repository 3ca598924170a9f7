/**
 * The lifecycle of one match (one piece of a matched deposit paid to one withdrawing member):
 * matched -> payer_paid (the payer's voucher) -> confirmed (by the receiving member through the
 * merchant API, by a bank email order, or by an operator after the receipt audit). Confirming settles
 * both sides in the same transaction; a timeout, a cancellation or an unmatch returns the amount to the
 * pool. An operator's manual match starts `proposed` and needs a second operator (maker-checker), as do
 * the force-confirm and the unmatch (manual-decisions.ts).
 */
import { defineLifecycle } from '../../lifecycle.ts';
import { MANUAL_STATES, manualDecisions } from '../order/manual-decisions.ts';

export const MATCH_STATES = [
  'proposed',
  'matched',
  'payer_paid',
  'confirmed',
  'timeout',
  'cancelled',
  'disputed',
  'manual_success_pending',
  'manual_fail_pending',
] as const;
export type MatchState = (typeof MATCH_STATES)[number];

/** A match still holding its amount out of the pool (not settled, not returned). */
export const OPEN_MATCH_STATES = [
  'proposed',
  'matched',
  'payer_paid',
  'disputed',
  'manual_success_pending',
  'manual_fail_pending',
] as const satisfies readonly MatchState[];

/** How a match was confirmed. */
export const CONFIRMED_BY = ['receiver', 'email', 'operator'] as const;
export type ConfirmedBy = (typeof CONFIRMED_BY)[number];

const REASON = { reason: { required: true, min: 2, max: 200 } } as const;
const SETTLES: [string, string] = [
  '确认后双方结算：提现商户的冻结金额扣除，充值商户入账（扣除手续费）。',
  "Confirming settles both sides: the withdrawing merchant's frozen amount is debited, the depositing merchant credited (minus the fee).",
];

const manual = manualDecisions<MatchState>({
  successFrom: ['matched', 'payer_paid', 'disputed'],
  failFrom: ['matched', 'payer_paid', 'disputed'],
  success: 'confirmed',
  failed: 'cancelled',
  fallback: 'matched',
  successHint: [
    '强制确认需另一位操作员复核，复核通过后双方结算。',
    'A force-confirm needs a second operator; both sides are settled once it is approved.',
  ],
  failHint: [
    '解除匹配需另一位操作员复核，复核通过后金额退回撮合池。',
    'An unmatch needs a second operator; once approved the amount returns to the match pool.',
  ],
  successConfirm: ['确认强制确认？双方将结算。', 'Approve the force-confirm? Both sides are settled.'],
  failConfirm: ['确认解除匹配？金额退回撮合池。', 'Approve the unmatch? The amount returns to the pool.'],
  failMovesMoney: false,
});

export const matchLifecycle = defineLifecycle({
  states: {
    proposed: { color: 'orange', label: ['人工撮合待复核', 'Manual match: awaiting approval'] },
    matched: { color: 'processing', label: ['已匹配', 'Matched'] },
    payer_paid: { color: 'cyan', label: ['付款方已付款', 'Payer paid'] },
    confirmed: { color: 'green', label: ['已确认', 'Confirmed'] },
    timeout: { color: 'default', label: ['已超时', 'Timed out'] },
    cancelled: { color: 'default', label: ['已取消', 'Cancelled'] },
    disputed: { color: 'red', label: ['争议中', 'Disputed'] },
    ...MANUAL_STATES,
  },
  transitions: {
    approveMatch: {
      from: ['proposed'],
      to: 'matched',
      label: ['复核通过(撮合)', 'Approve match'],
      confirm: [
        '确认该人工撮合？付款方将按此付款。',
        'Approve this manual match? The payer will pay accordingly.',
      ],
      needsCode: true,
      makerChecker: { requesterField: 'manualBy' },
    },
    declineMatch: {
      from: ['proposed'],
      to: 'cancelled',
      label: ['复核驳回(撮合)', 'Decline match'],
      input: REASON,
      needsCode: true,
      makerChecker: { requesterField: 'manualBy' },
    },
    // The payer's voucher arrived (merchant API): the receiver now checks the account.
    pay: { from: ['matched'], to: 'payer_paid', label: ['上传凭证', 'Voucher uploaded'], system: true },
    // The receiving member confirmed through the merchant API.
    confirm: {
      from: ['payer_paid'],
      to: 'confirmed',
      label: ['收款方确认', 'Receiver confirmed'],
      system: true,
      money: true,
    },
    // A bank notification email (an email order) showed the money arrived.
    confirmEmail: {
      from: ['payer_paid'],
      to: 'confirmed',
      label: ['邮件确认', 'Email confirmed'],
      system: true,
      money: true,
    },
    // An operator saw the voucher and the receipt (the receipt audit).
    auditConfirm: {
      from: ['payer_paid'],
      to: 'confirmed',
      label: ['审核确认到账', 'Confirm receipt'],
      hint: SETTLES,
      confirm: [
        '确认已核对凭证并到账？双方将结算。',
        'Confirm the voucher and the receipt were checked? Both sides are settled.',
      ],
      needsCode: true,
      money: true,
    },
    // Nobody paid, or nobody confirmed, in time (a job): the amount returns to the pool.
    expire: { from: ['matched', 'payer_paid'], to: 'timeout', label: ['超时', 'Time out'], system: true },
    dispute: {
      from: ['matched', 'payer_paid'],
      to: 'disputed',
      label: ['转争议', 'Dispute'],
      input: REASON,
      needsCode: true,
    },
    resolveConfirm: {
      from: ['disputed'],
      to: 'confirmed',
      label: ['争议确认', 'Resolve: confirm'],
      hint: SETTLES,
      input: REASON,
      needsCode: true,
      money: true,
    },
    resolveCancel: {
      from: ['disputed'],
      to: 'cancelled',
      label: ['争议取消', 'Resolve: cancel'],
      hint: ['取消后金额退回撮合池。', 'Cancelling returns the amount to the match pool.'],
      input: REASON,
      needsCode: true,
    },
    ...manual,
    manualSuccess: { ...manual.manualSuccess!, label: ['强制确认', 'Force confirm'] },
    manualFail: { ...manual.manualFail!, label: ['解除匹配', 'Unmatch'] },
  },
});
