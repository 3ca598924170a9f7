/**
 * Pending balance adjustments that no second operator decided within the setting
 * `adjustApprovalExpiryHours` are rejected by the system (a job; see jobs.ts). Each one is a guarded
 * UPDATE (still pending) in its own transaction, so an approval racing the expiry wins or loses
 * whole; a hold the maker's request put on the funds (a ledger entry of a still-pending adjustment)
 * is reversed in the same transaction, so nothing stays frozen.
 */
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { defineJob } from '../../platform/jobs/registry.ts';
import { ledgerPostings, reverseEntry } from '../../platform/ledger/index.ts';
import { getSetting } from '../../platform/settings.ts';
import { merchantAdjustments } from './schema.ts';

/** Shown as the checker of an adjustment the system let expire. */
export const EXPIRED_BY = 'system: expired';
const BATCH = 200;

/** Rejects pending adjustments created before `before`; answers the ids it expired. */
export async function expirePendingAdjustments(ctx: AppContext, before: Date): Promise<number[]> {
  const candidates = await ctx.db
    .select({ id: merchantAdjustments.id })
    .from(merchantAdjustments)
    .where(and(eq(merchantAdjustments.status, 'pending'), lt(merchantAdjustments.createdAt, before)))
    .orderBy(asc(merchantAdjustments.id))
    .limit(BATCH);
  const expired: number[] = [];
  for (const { id } of candidates) {
    const done = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(merchantAdjustments)
        .set({ status: 'rejected', checkerId: null, checkerName: EXPIRED_BY, decidedAt: ctx.clock.now() })
        .where(and(eq(merchantAdjustments.id, id), eq(merchantAdjustments.status, 'pending')))
        .returning({ id: merchantAdjustments.id });
      if (!row) return false;
      const holds = await tx
        .selectDistinct({ entryId: ledgerPostings.entryId })
        .from(ledgerPostings)
        .where(
          and(
            eq(ledgerPostings.refType, 'merchant_adjustment'),
            eq(ledgerPostings.refId, `ADJ${id}`),
            isNull(ledgerPostings.reversesEntryId),
            sql`NOT EXISTS (SELECT 1 FROM ledger_postings r WHERE r.reverses_entry_id = ${ledgerPostings.entryId})`,
          ),
        );
      for (const h of holds) {
        await reverseEntry(tx, h.entryId, { note: EXPIRED_BY, at: ctx.clock.now() });
      }
      return true;
    });
    if (done) expired.push(id);
  }
  return expired;
}

export const adjustExpiryJob = defineJob({
  name: 'adjustment-approval-expiry',
  schedule: '*/5 * * * *',
  retry: { limit: 5, delaySeconds: 30, backoff: true },
  handler: async (ctx) => {
    const hours = await getSetting(ctx, 'adjustApprovalExpiryHours');
    const expired = await expirePendingAdjustments(ctx, new Date(ctx.clock.nowMs() - hours * 3_600_000));
    return { expired: expired.length };
  },
});
