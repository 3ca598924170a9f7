/** The risk jobs: expired freezes and list entries move to `expired` (system transitions, audited). */
import { RISK_LIST_PAGES } from '@payops/contracts';
import { and, eq, isNotNull, lte } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { expireDue } from '../../platform/jobs/expire-due.ts';
import { defineJob } from '../../platform/jobs/registry.ts';
import { expireFreezes } from './freezes.ts';
import { riskListEntries } from './risk.schema.ts';

/** Expires list entries past their time, list by list (each page's own transition). */
export async function expireListEntries(ctx: AppContext): Promise<number> {
  let n = 0;
  for (const [def, list] of RISK_LIST_PAGES) {
    const ids = await expireDue(ctx, {
      def,
      table: riskListEntries,
      key: riskListEntries.id,
      due: and(
        eq(riskListEntries.list, list),
        eq(riskListEntries.status, 'active'),
        isNotNull(riskListEntries.expiresAt),
        lte(riskListEntries.expiresAt, ctx.clock.now()),
      ),
      order: riskListEntries.id,
      batch: 200,
    });
    n += ids.length;
  }
  return n;
}

export const riskExpiryJob = defineJob({
  name: 'risk-expiry',
  schedule: '* * * * *',
  retry: { limit: 5, delaySeconds: 30, backoff: true },
  handler: async (ctx) => ({
    freezes: (await expireFreezes(ctx)).length,
    entries: await expireListEntries(ctx),
  }),
});
