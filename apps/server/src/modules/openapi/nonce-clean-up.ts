/**
 * Deletes merchant API nonces that can no longer be replayed, and the call counters of past minutes
 * (a scheduled job, like the sign-in nonces').
 */
import { defineJob } from '../../platform/jobs/registry.ts';
import { deleteOldRateWindows } from './rate.ts';
import { deleteOldNonces } from './verify.ts';

export const openapiNonceCleanUpJob = defineJob({
  name: 'openapi-nonce-clean-up',
  schedule: '*/5 * * * *',
  retry: { limit: 5, delaySeconds: 30, backoff: true },
  handler: async (ctx) => ({
    deleted: await deleteOldNonces(ctx),
    rateWindows: await deleteOldRateWindows(ctx),
  }),
});
