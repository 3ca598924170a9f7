/**
 * The delivery job. pg-boss schedules at most once a minute, finer than the first retry (15 s): so
 * each run makes a pass every PASS_SECONDS for RUN_SECONDS, and a due callback waits at most about
 * 20 s. One run at a time across instances (the runner's `stately` queues); attempts claim their
 * notification anyway (deliver.ts), so an overlap would not send twice.
 */
import { defineJob } from '../../platform/jobs/registry.ts';
import { deliverDue } from './deliver.ts';

const PASS_SECONDS = 5;
const RUN_SECONDS = 45;

export const merchantNotifyJob = defineJob({
  name: 'merchant-notify',
  schedule: '* * * * *',
  retry: { limit: 3, delaySeconds: 5, backoff: true },
  handler: async (ctx) => {
    const totals = { delivered: 0, retry: 0, failed: 0, skipped: 0 };
    const end = Date.now() + RUN_SECONDS * 1000;
    // A stopping server ends its pool: no pass after that.
    while (!(ctx.pool as { ending?: boolean }).ending) {
      const pass = await deliverDue(ctx);
      for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += pass[k];
      if (Date.now() + PASS_SECONDS * 1000 > end) break;
      await new Promise((r) => setTimeout(r, PASS_SECONDS * 1000));
    }
    return totals;
  },
});
