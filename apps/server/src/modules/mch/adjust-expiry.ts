/**
 * Pending balance adjustments that no second operator decided within the setting
 * `adjustApprovalExpiryHours` expire (a job; see jobs.ts). Each one is mchAdjust's system transition
 * `expire` in its own transaction: the guarded status change, the release of a held amount, the status
 * history and the audit row together, so an approval racing the expiry wins or loses whole.
 */
import { ErrorCode, mchAdjust } from '@payops/contracts';
import { and, asc, eq, lt } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { defineJob } from '../../platform/jobs/registry.ts';
import { getSetting } from '../../platform/settings.ts';
import { runSystemTransition } from '../../platform/transitions/index.ts';
import { merchantAdjustments } from './schema.ts';

const BATCH = 200;

/** Expires pending adjustments created before `before`; answers the ids it expired. */
export async function expirePendingAdjustments(ctx: AppContext, before: Date): Promise<number[]> {
  const candidates = await ctx.db
    .select({ id: merchantAdjustments.id })
    .from(merchantAdjustments)
    .where(and(eq(merchantAdjustments.status, 'pending'), lt(merchantAdjustments.createdAt, before)))
    .orderBy(asc(merchantAdjustments.id))
    .limit(BATCH);
  const expired: number[] = [];
  for (const { id } of candidates) {
    try {
      await runSystemTransition(ctx, mchAdjust, 'expire', id);
      expired.push(id);
    } catch (e) {
      // Decided meanwhile (approved or rejected by an operator): nothing left to expire.
      if (e instanceof AppError && e.code === ErrorCode.conflict) continue;
      throw e;
    }
  }
  return expired;
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
