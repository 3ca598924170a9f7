/**
 * Matches nobody paid (or nobody confirmed) before their deadline time out (a job, every minute): each
 * is the system transition `expire` in its own transaction, which returns its amount to the pool and
 * closes its orders (match-hooks.ts). A confirmation racing the expiry wins or loses whole.
 */
import { findTransferMatchByPage, systemText } from '@payops/contracts';
import { and, inArray, lte } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { expireDue } from '../../platform/jobs/expire-due.ts';
import { defineJob } from '../../platform/jobs/registry.ts';
import { matches } from './match.schema.ts';

export function expireDueMatches(ctx: AppContext, now: Date): Promise<number[]> {
  return expireDue(ctx, {
    def: findTransferMatchByPage,
    table: matches,
    key: matches.id,
    due: and(inArray(matches.status, ['matched', 'payer_paid']), lte(matches.deadline, now)),
    order: matches.deadline,
    batch: 500,
    reason: systemText('timeout'),
  });
}

export const matchExpiryJob = defineJob({
  name: 'match-expiry',
  schedule: '* * * * *',
  retry: { limit: 5, delaySeconds: 15, backoff: true },
  handler: async (ctx) => ({ expired: (await expireDueMatches(ctx, ctx.clock.now())).length }),
});
