/**
 * Deposits nobody paid before `expiresAt` time out (a job; see jobs.ts). Each is the system transition
 * `expire` in its own transaction (guarded: a payment callback racing the expiry wins or loses whole;
 * a late payment can still revive a timed-out order through `pay`).
 */
import { ErrorCode, orderDepositList } from '@payops/contracts';
import { and, asc, inArray, lte } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { defineJob } from '../../platform/jobs/registry.ts';
import { runSystemTransition } from '../../platform/transitions/index.ts';
import { depositOrders } from './schema.ts';

const BATCH = 500;

/** Expires the open deposits due at `now` (a batch at most); answers the ids it expired. */
export async function expireDueDeposits(ctx: AppContext, now: Date): Promise<number[]> {
  const due = await ctx.db
    .select({ id: depositOrders.id })
    .from(depositOrders)
    .where(
      and(inArray(depositOrders.status, ['created', 'pending_payment']), lte(depositOrders.expiresAt, now)),
    )
    .orderBy(asc(depositOrders.expiresAt))
    .limit(BATCH);
  const expired: number[] = [];
  for (const { id } of due) {
    try {
      await runSystemTransition(ctx, orderDepositList, 'expire', id, { reason: 'timeout' });
      expired.push(id);
    } catch (e) {
      // Paid, failed or cancelled meanwhile: nothing left to expire.
      if (e instanceof AppError && e.code === ErrorCode.conflict) continue;
      throw e;
    }
  }
  return expired;
}

export const depositExpiryJob = defineJob({
  name: 'deposit-order-expiry',
  schedule: '* * * * *',
  retry: { limit: 5, delaySeconds: 15, backoff: true },
  handler: async (ctx) => ({ expired: (await expireDueDeposits(ctx, ctx.clock.now())).length }),
});
