/**
 * Manual success and manual failure of an order (deposits and withdrawals alike): an operator requests
 * one with a reason and a code, the order waits in a pending state, and a second operator approves it
 * (the maker cannot: `manualBy`) or declines it, which sends the order back to the state it left
 * (`manualFrom`, the lifecycle's `back`).
 */
import type { Bilingual, StateInput, TransitionInput } from '../../lifecycle.ts';

export const MANUAL_STATES = {
  manual_success_pending: { color: 'orange', label: ['人工成功待复核', 'Manual success: awaiting approval'] },
  manual_fail_pending: { color: 'volcano', label: ['人工失败待复核', 'Manual failure: awaiting approval'] },
} as const satisfies Record<string, StateInput>;

type Manual = keyof typeof MANUAL_STATES;

export interface ManualOptions<S extends string> {
  successFrom: readonly S[];
  failFrom: readonly S[];
  success: S;
  failed: S;
  /** Where a declined request goes when the order has no `manualFrom` (it always has one). */
  fallback: S;
  /** What each request's approval does to the money, shown in its dialog. */
  successHint: Bilingual;
  failHint: Bilingual;
  successConfirm: Bilingual;
  failConfirm: Bilingual;
  /** The failure's approval moves money (a withdrawal's release): an Idempotency-Key is required. */
  failMovesMoney: boolean;
}

const REASON = { reason: { required: true, min: 2, max: 200 } } as const;
const CHECKER = { makerChecker: { requesterField: 'manualBy' } } as const;

export function manualDecisions<S extends string>(
  o: ManualOptions<S>,
): Record<string, TransitionInput<S | Manual>> {
  return {
    manualSuccess: {
      from: o.successFrom,
      to: 'manual_success_pending',
      label: ['人工成功', 'Manual success'],
      hint: o.successHint,
      input: REASON,
      needsCode: true,
    },
    manualFail: {
      from: o.failFrom,
      to: 'manual_fail_pending',
      label: ['人工失败', 'Manual failure'],
      hint: o.failHint,
      input: REASON,
      needsCode: true,
    },
    approveManualSuccess: {
      from: ['manual_success_pending'],
      to: o.success,
      label: ['复核通过(成功)', 'Approve success'],
      confirm: o.successConfirm,
      needsCode: true,
      ...CHECKER,
      money: true,
    },
    approveManualFail: {
      from: ['manual_fail_pending'],
      to: o.failed,
      label: ['复核通过(失败)', 'Approve failure'],
      confirm: o.failConfirm,
      needsCode: true,
      ...CHECKER,
      money: o.failMovesMoney,
    },
    // The checker disagrees: the order goes back to the state it was in when the request was made.
    declineManual: {
      from: ['manual_success_pending', 'manual_fail_pending'],
      to: o.fallback,
      back: 'manualFrom',
      label: ['复核驳回', 'Decline'],
      input: REASON,
      ...CHECKER,
    },
  };
}
