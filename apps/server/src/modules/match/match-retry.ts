/**
 * Matched deposits the pool could not cover when they were placed wait (state `created`); a job tries
 * them again, oldest first, each in its own transaction (one per match, as at placement), so a
 * withdrawal entering the pool later still finds its payer. A deposit matched meanwhile (an operator's
 * manual match) or expired is skipped by the engine's own state check; a frozen payer waits. While
 * the MATCH switch is off the job pairs nothing (an operator's manual match still may).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { defineJob } from '../../platform/jobs/registry.ts';
import { depositOrders } from '../order/schema.ts';
import { switchOn } from '../payManage/switches.ts';
import { matchDeposit, memberOf } from './match-engine.ts';

export async function matchWaitingDeposits(ctx: AppContext, batch = 200): Promise<number> {
  if (!(await switchOn(ctx, 'MATCH'))) return 0;
  const waiting = await ctx.db
    .select({ id: depositOrders.id })
    .from(depositOrders)
    .where(and(eq(depositOrders.family, 'match'), eq(depositOrders.status, 'created')))
    .orderBy(asc(depositOrders.createdAt))
    .limit(batch);
  let matched = 0;
  for (const { id } of waiting) {
    const done = await ctx.db.transaction(async (tx) => {
      const [d] = await tx
        .select()
        .from(depositOrders)
        .where(eq(depositOrders.id, id))
        .for('update', { skipLocked: true });
      if (d?.status !== 'created') return false;
      const payer = await memberOf(tx, d.merchantId, d.memberAccount);
      if (payer?.status !== 'normal') return false;
      const found = await matchDeposit(ctx, tx, { deposit: d, payer, now: ctx.clock.now() });
      return 'matchIds' in found;
    });
    if (done) matched++;
  }
  return matched;
}

export const matchRetryJob = defineJob({
  name: 'match-retry',
  schedule: '* * * * *',
  retry: { limit: 3, delaySeconds: 15, backoff: true },
  handler: async (ctx) => ({ matched: await matchWaitingDeposits(ctx) }),
});
