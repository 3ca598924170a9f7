/**
 * Deposits nobody paid before `expiresAt` time out (a job; see jobs.ts). Each is the system transition
 * `expire` in its own transaction (guarded: a payment callback racing the expiry wins or loses whole;
 * a late payment can still revive a timed-out order through `pay`).
 */
import { orderDepositList, systemText } from '@payops/contracts';
import { and, inArray, lte } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { expireDue } from '../../platform/jobs/expire-due.ts';
import { defineJob } from '../../platform/jobs/registry.ts';
import { depositOrders } from './schema.ts';

/** Expires the open deposits due at `now` (a batch at most); answers the ids it expired. */
export function expireDueDeposits(ctx: AppContext, now: Date): Promise<number[]> {
  return expireDue(ctx, {
    def: orderDepositList,
    table: depositOrders,
    key: depositOrders.id,
    due: and(
      inArray(depositOrders.status, ['created', 'pending_payment']),
      lte(depositOrders.expiresAt, now),
    ),
    order: depositOrders.expiresAt,
    batch: 500,
    reason: systemText('timeout'),
  });
}

export const depositExpiryJob = defineJob({
  name: 'deposit-order-expiry',
  schedule: '* * * * *',
  retry: { limit: 5, delaySeconds: 15, backoff: true },
  handler: async (ctx) => ({ expired: (await expireDueDeposits(ctx, ctx.clock.now())).length }),
});
