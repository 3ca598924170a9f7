/**
 * The market jobs: every minute, open ads past their pool's pushMinutes are pushed, pending pushes
 * sent, failed ones with tries left sent again, accepted ones asked about (a fill there completes the
 * child order here); each night, yesterday is reconciled with every market pushed to. Each step is
 * safe to run twice: guarded transitions, the market's one order per reference, upserted runs.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { defineJob } from '../../platform/jobs/registry.ts';
import { pollAccepted, pushDueAds, retryFailed, sendPending } from './trade-push.service.ts';
import { marketsOfDay, runRecDay } from './trade-rec.service.ts';

export async function runPushes(ctx: AppContext) {
  const pushed = await pushDueAds(ctx);
  const retried = await retryFailed(ctx);
  const sent = await sendPending(ctx);
  const decided = await pollAccepted(ctx);
  return { pushed, retried, sent, decided };
}

/** The business day before `now` in the platform's zone (YYYY-MM-DD). */
export async function dayBefore(ctx: AppContext, now: Date): Promise<string> {
  const { rows } = await ctx.db.execute<{ day: string }>(
    sql`SELECT ((${now}::timestamptz AT TIME ZONE ${ctx.config.timeZone})::date - 1)::text AS day`,
  );
  return rows[0]!.day;
}

export async function reconcileDay(ctx: AppContext, day: string) {
  const runs: number[] = [];
  for (const marketId of await marketsOfDay(ctx, day)) runs.push(...(await runRecDay(ctx, day, marketId)));
  return { day, runs: runs.length };
}

export const tradePushJob = defineJob({
  name: 'trade-push',
  schedule: '* * * * *',
  retry: { limit: 3, delaySeconds: 20, backoff: true },
  handler: (ctx) => runPushes(ctx),
});

export const tradeRecJob = defineJob({
  name: 'trade-reconciliation',
  schedule: '20 1 * * *',
  retry: { limit: 3, delaySeconds: 300, backoff: true },
  handler: async (ctx) => reconcileDay(ctx, await dayBefore(ctx, ctx.clock.now())),
});
