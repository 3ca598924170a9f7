import { describe, expect, it } from 'vitest';
import { actionApplies } from './lifecycle.ts';
import type { ResourceDef } from './resource.ts';
import { orderDepositList } from './resources/order/deposit-order.ts';
import { MATCH_STEPS } from './resources/order/order-family.ts';
import { orderTransferList } from './resources/order/withdraw-order.ts';

/** The names of the row actions a row shows, as the web decides them. */
function shown(def: ResourceDef, row: Record<string, unknown>): string[] {
  return Object.values(def.actions)
    .filter((a) => a.transition && actionApplies(def.lifecycle, a, row, 1))
    .map((a) => a.name);
}

describe("an order's family decides its buttons as the server decides its steps", () => {
  it('offers a paid normal deposit the manual success, a paid matched deposit none of the normal money steps', () => {
    expect(shown(orderDepositList, { family: 'normal', status: 'paid' })).toContain('manualSuccess');
    const matched = shown(orderDepositList, { family: 'match', status: 'paid' });
    expect(matched).not.toContain('manualSuccess');
    expect(matched).not.toContain('manualFail');
  });

  it('offers a matched withdrawal in review its review, and none of the normal steps once it is pooled', () => {
    const inReview = shown(orderTransferList, { family: 'match', status: 'in_review' });
    expect(inReview.length).toBeGreaterThan(0);
    expect(shown(orderTransferList, { family: 'normal', status: 'in_review' })).toEqual(inReview);
    const statuses = orderTransferList.lifecycle!.states.map((s) => s.value);
    for (const status of statuses.filter((s) => !['created', 'in_review', 'detained'].includes(s))) {
      // Its own match steps only (an operator takes a pooled withdrawal out of the pool).
      const normal = shown(orderTransferList, { family: 'match', status }).filter(
        (a) => !MATCH_STEPS.includes(a),
      );
      expect(normal).toEqual([]);
    }
  });
});
