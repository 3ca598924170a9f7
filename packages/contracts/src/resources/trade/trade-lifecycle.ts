/**
 * The trade market's state machines (domain.md, "Trade order"). The domain's `open` is the ad's state:
 * an ad stays open while it has an amount left; each take makes a child order that starts `matched`
 * (a take of the whole remaining amount is the ad "taken whole"). So:
 * - ad: open -> closed (nothing left and every child order ended) | cancelled | timeout (its validity);
 * - order: matched -> paid -> completed; matched -> cancelled | timeout; paid -> disputed ->
 *   completed | cancelled. A paid order the seller does not confirm in time is escalated to disputed
 *   (an operator decides), never completed by itself.
 * - application: pending -> approved | rejected.
 * The seller's coins are frozen at the take and released (cancel, timeout) or transferred to the buyer
 * (complete) in the transition's own transaction.
 */
import { defineLifecycle } from '../../lifecycle.ts';

const REASON = { reason: { required: true, min: 2, max: 200 } } as const;

export const AD_STATES = ['open', 'closed', 'cancelled', 'timeout'] as const;
export type AdState = (typeof AD_STATES)[number];

export const adLifecycle = defineLifecycle({
  states: {
    open: { color: 'processing', label: ['挂单中', 'Open'] },
    closed: { color: 'green', label: ['已成交', 'Closed'] },
    cancelled: { color: 'default', label: ['已撤单', 'Cancelled'] },
    timeout: { color: 'default', label: ['已过期', 'Expired'] },
  },
  transitions: {
    cancel: {
      from: ['open'],
      to: 'cancelled',
      label: ['撤单', 'Cancel ad'],
      hint: [
        '撤单后剩余数量不再可被吃单；已成交的子订单照常进行。',
        'The amount left can no longer be taken; child orders already taken go on.',
      ],
      input: REASON,
    },
    // The ad stays open: what is left is taken by the pool's third-party market (trade-push.ts).
    forcePush: {
      from: ['open'],
      to: 'open',
      label: ['强推三方', 'Force push to market'],
      hint: [
        '剩余数量由交易池配置的三方市场承接，每笔推送不超过「单笔最大」（其余留待下一笔）；同一广告同时只有一笔推送。',
        "What is left goes to the pool's third-party market, at most the ad's Max per take a push (the rest waits for the next one); an ad has one live push at a time.",
      ],
      input: REASON,
    },
    expire: { from: ['open'], to: 'timeout', label: ['过期', 'Expire'], system: true },
    close: { from: ['open'], to: 'closed', label: ['成交完毕', 'Close'], system: true },
  },
});

export const TRADE_ORDER_STATES = [
  'matched',
  'paid',
  'completed',
  'cancelled',
  'timeout',
  'disputed',
] as const;
export type TradeOrderState = (typeof TRADE_ORDER_STATES)[number];
/** An order still holding the seller's coins frozen. */
export const OPEN_TRADE_ORDER_STATES = [
  'matched',
  'paid',
  'disputed',
] as const satisfies readonly TradeOrderState[];

const TRANSFERS: [string, string] = [
  '完成后卖方冻结的币划转给买方（扣除手续费）。',
  "Completing moves the seller's frozen coins to the buyer (minus the fee).",
];
const RELEASES: [string, string] = [
  '取消后卖方冻结的币解冻；挂单仍有效时数量退回挂单。',
  "Cancelling releases the seller's frozen coins; the amount returns to the ad while it is open.",
];

export const tradeOrderLifecycle = defineLifecycle({
  states: {
    matched: { color: 'processing', label: ['待付款', 'Matched: awaiting payment'] },
    paid: { color: 'cyan', label: ['已付款待确认', 'Paid: awaiting confirmation'] },
    completed: { color: 'green', label: ['已完成', 'Completed'] },
    cancelled: { color: 'default', label: ['已取消', 'Cancelled'] },
    timeout: { color: 'default', label: ['已超时', 'Timed out'] },
    disputed: { color: 'red', label: ['争议中', 'Disputed'] },
  },
  transitions: {
    // The buyer paid off-platform and uploaded a voucher (the market's API, the simulator).
    pay: { from: ['matched'], to: 'paid', label: ['已付款', 'Mark paid'], system: true },
    // The seller saw the money arrive.
    confirm: {
      from: ['paid'],
      to: 'completed',
      label: ['卖方确认', 'Seller confirmed'],
      system: true,
      money: true,
    },
    // An operator checked the voucher and the receipt (trade_approve_order_page).
    auditConfirm: {
      from: ['paid'],
      to: 'completed',
      label: ['审核放币', 'Confirm receipt'],
      hint: TRANSFERS,
      confirm: [
        '确认已核对付款凭证并到账？卖方的币将划转给买方。',
        "Confirm the voucher and the receipt were checked? The seller's coins go to the buyer.",
      ],
      needsCode: true,
      money: true,
    },
    cancel: {
      from: ['matched'],
      to: 'cancelled',
      label: ['取消订单', 'Cancel order'],
      hint: RELEASES,
      input: REASON,
      money: true,
    },
    // Nobody paid within the payment window (a job).
    expire: { from: ['matched'], to: 'timeout', label: ['付款超时', 'Payment timed out'], system: true },
    // Paid but not confirmed within the confirmation window (a job): an operator decides.
    escalate: {
      from: ['paid'],
      to: 'disputed',
      label: ['确认超时转争议', 'Confirmation timed out'],
      system: true,
    },
    dispute: {
      from: ['paid'],
      to: 'disputed',
      label: ['转争议', 'Open dispute'],
      input: REASON,
    },
    resolveComplete: {
      from: ['disputed'],
      to: 'completed',
      label: ['裁决放币', 'Resolve: complete'],
      hint: TRANSFERS,
      input: REASON,
      needsCode: true,
      money: true,
    },
    resolveCancel: {
      from: ['disputed'],
      to: 'cancelled',
      label: ['裁决取消', 'Resolve: cancel'],
      hint: RELEASES,
      input: REASON,
      needsCode: true,
      money: true,
    },
  },
});

export const APPLY_STATES = ['pending', 'approved', 'rejected'] as const;
export type ApplyState = (typeof APPLY_STATES)[number];

export const applyLifecycle = defineLifecycle({
  states: {
    pending: { color: 'orange', label: ['待审核', 'Pending'] },
    approved: { color: 'green', label: ['已通过', 'Approved'] },
    rejected: { color: 'red', label: ['已驳回', 'Rejected'] },
  },
  transitions: {
    approve: {
      from: ['pending'],
      to: 'approved',
      label: ['通过', 'Approve'],
      confirm: ['确认通过该申请？', 'Approve this application?'],
      needsCode: true,
    },
    reject: { from: ['pending'], to: 'rejected', label: ['驳回', 'Reject'], input: REASON },
  },
});
