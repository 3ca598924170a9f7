import { describe, expect, it } from 'vitest';
import { DASHBOARD_LISTS, dashboardParts } from './dashboard.ts';
import { isKnownPermission } from './permissions.ts';

describe("the dashboard's parts follow the lists an operator may open", () => {
  it('names only permissions of the catalogue', () => {
    for (const permission of Object.values(DASHBOARD_LISTS)) expect(isKnownPermission(permission)).toBe(true);
  });

  it('shows everything to an operator who may open every list', () => {
    expect(dashboardParts(() => true)).toEqual({
      deposits: true,
      withdrawals: true,
      queues: {
        depositsInAudit: true,
        withdrawalsInReview: true,
        withdrawalsOverdue: true,
        withdrawalsDetained: true,
        failedCallbacks: true,
      },
      passages: true,
    });
  });

  it('shows nothing to an operator who may open none of them', () => {
    expect(dashboardParts(() => false)).toEqual({
      deposits: false,
      withdrawals: false,
      queues: null,
      passages: false,
    });
  });

  it('shows the callbacks queue alone to an operator who may open the callbacks only', () => {
    const parts = dashboardParts((p) => p === DASHBOARD_LISTS.callbacks);
    expect(parts.deposits || parts.withdrawals || parts.passages).toBe(false);
    expect(parts.queues).toEqual({
      depositsInAudit: false,
      withdrawalsInReview: false,
      withdrawalsOverdue: false,
      withdrawalsDetained: false,
      failedCallbacks: true,
    });
  });
});
