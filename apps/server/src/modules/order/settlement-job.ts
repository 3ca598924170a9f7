/**
 * The daily settlement statements (settlement.service.ts): every hour (so the run after midnight in
 * any platform time zone closes yesterday), the days from the earliest provisional statement (or
 * the first day without one) through today are computed in one statement; settled ones stay as they
 * are. Safe to run twice: the same upsert of the same figures.
 */
import { defineJob } from '../../platform/jobs/registry.ts';
import { computeDue } from './settlement.service.ts';

export const settlementJob = defineJob({
  name: 'merchant-settlement',
  schedule: '7 * * * *',
  retry: { limit: 3, delaySeconds: 60, backoff: true },
  handler: (ctx) => computeDue(ctx),
});
