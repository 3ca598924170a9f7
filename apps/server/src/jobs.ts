/** Every background job of the console (see platform/jobs); server.ts starts them, tests pick their own. */
import { adjustExpiryJob } from './modules/mch/adjust-expiry.ts';
import { depositExpiryJob } from './modules/order/timeouts.ts';
import { merchantNotifyJob } from './modules/notify/job.ts';
import { payoutJob } from './modules/upstream/payout.ts';
import { pollJob } from './modules/upstream/poll.ts';
import { idempotencyCleanUpJob, nonceCleanUpJob } from './platform/jobs/clean-up.ts';
import type { JobDef } from './platform/jobs/registry.ts';

export const allJobs: readonly JobDef[] = [
  idempotencyCleanUpJob,
  nonceCleanUpJob,
  adjustExpiryJob,
  depositExpiryJob,
  merchantNotifyJob,
  payoutJob,
  pollJob,
];
