/** The wallet disputes' SLA: every minute, open cases past their stage deadline are marked overdue. */
import { defineJob } from '../../platform/jobs/registry.ts';
import { markOverdue } from './dispute.service.ts';

export const walletDisputeSlaJob = defineJob({
  name: 'wallet-dispute-sla',
  schedule: '* * * * *',
  retry: { limit: 5, delaySeconds: 15, backoff: true },
  handler: async (ctx) => ({ overdue: await markOverdue(ctx) }),
});
