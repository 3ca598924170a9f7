/**
 * Pending balance adjustments that no second operator decided within the setting
 * `adjustApprovalExpiryHours` expire (a job; see jobs.ts). Each one is mchAdjust's system transition
 * `expire` in its own transaction: the guarded status change, the release of a held amount, the status
 * history and the audit row together, so an approval racing the expiry wins or loses whole.
 */
import { mchAdjust } from '@payops/contracts';
import { and, eq, lt } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { expireDue } from '../../platform/jobs/expire-due.ts';
import { defineJob } from '../../platform/jobs/registry.ts';
import { getSetting } from '../../platform/settings.ts';
import { merchantAdjustments } from './schema.ts';

/** Expires pending adjustments created before `before` (a batch at most); answers the ids it expired. */
export function expirePendingAdjustments(ctx: AppContext, before: Date): Promise<number[]> {
  return expireDue(ctx, {
    def: mchAdjust,
    table: merchantAdjustments,
    key: merchantAdjustments.id,
    due: and(eq(merchantAdjustments.status, 'pending'), lt(merchantAdjustments.createdAt, before)),
    order: merchantAdjustments.id,
    batch: 200,
  });
}

export const adjustExpiryJob = defineJob({
  name: 'adjustment-approval-expiry',
  schedule: '*/5 * * * *',
  retry: { limit: 5, delaySeconds: 30, backoff: true },
  handler: async (ctx) => {
    const hours = await getSetting(ctx, 'adjustApprovalExpiryHours');
    const expired = await expirePendingAdjustments(ctx, new Date(ctx.clock.nowMs() - hours * 3_600_000));
    return { expired: expired.length };
  },
});
