/**
 * Retention of the raw upstream callbacks (upstream_callbacks): every callback received is kept as
 * it came, for disputes with a provider; after `upstreamCallbackRetentionDays` (a setting, default
 * 90) they go. The orders keep their own trail (status history, audit log), which this does not touch.
 */
import type { AppContext } from '../../platform/context.ts';
import { deleteBefore } from '../../platform/jobs/clean-up.ts';
import { defineJob } from '../../platform/jobs/registry.ts';
import { getSetting } from '../../platform/settings.ts';

const DAY_MS = 86_400_000;

export async function cleanUpstreamCallbacks(ctx: AppContext): Promise<number> {
  const days = await getSetting(ctx, 'upstreamCallbackRetentionDays');
  // A setting of 0 or less (or not a number) keeps everything rather than deleting every row.
  if (!Number.isInteger(days) || days <= 0) return 0;
  return deleteBefore(ctx, 'upstream_callbacks', 'id', 'at', new Date(ctx.clock.nowMs() - days * DAY_MS));
}

export const callbackRetentionJob = defineJob({
  name: 'upstream-callback-retention',
  schedule: '41 3 * * *',
  retry: { limit: 5, delaySeconds: 300, backoff: true },
  handler: async (ctx) => ({ deleted: await cleanUpstreamCallbacks(ctx) }),
});
