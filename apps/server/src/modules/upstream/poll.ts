/**
 * Query polls for orders whose callback never came: deposits awaiting payment and payouts in flight
 * longer than POLL_AFTER_MS are asked about by the adapter's query, and the answer goes through the
 * same path as a callback (apply.ts: guarded transitions, one effect). A provider that cannot answer
 * is asked again at the next run; errors are logged per order, never fail the batch.
 */
import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { defineJob } from '../../platform/jobs/registry.ts';
import { thirdParties } from '../mch/passage.schema.ts';
import { depositOrders, withdrawOrders } from '../order/schema.ts';
import { accessOf, adapterFor } from './adapter.ts';
import { type Applied, applyUpstreamState } from './apply.ts';
import type { UpstreamKind } from './types.ts';

export const POLL_AFTER_MS = 60_000;

interface Polled {
  orderNo: string;
  thirdPartyId: number | null;
}

async function pollOne(ctx: AppContext, o: Polled, kind: UpstreamKind): Promise<Applied | 'error'> {
  if (o.thirdPartyId === null) return 'pending';
  const [tp] = await ctx.db.select().from(thirdParties).where(eq(thirdParties.id, o.thirdPartyId));
  const adapter = tp && adapterFor(tp.interfaceType);
  if (!tp || !adapter) return 'pending';
  try {
    const state = await adapter.queryOrder(accessOf(ctx, tp), o.orderNo, kind, ctx.clock.now());
    if (state.orderNo !== o.orderNo || state.kind !== kind) return 'error';
    return await applyUpstreamState(ctx, tp.id, state);
  } catch {
    return 'error';
  }
}

async function pollEach(ctx: AppContext, rows: Polled[], kind: UpstreamKind) {
  const counts: Record<string, number> = {};
  for (const o of rows) {
    const r = await pollOne(ctx, o, kind);
    counts[r] = (counts[r] ?? 0) + 1;
  }
  return counts;
}

export async function pollDeposits(ctx: AppContext, limit = 100) {
  const before = new Date(ctx.clock.now().getTime() - POLL_AFTER_MS);
  const rows = await ctx.db
    .select({ orderNo: depositOrders.orderNo, thirdPartyId: depositOrders.thirdPartyId })
    .from(depositOrders)
    .where(
      and(
        eq(depositOrders.status, 'pending_payment'),
        isNotNull(depositOrders.upstreamOrderNo),
        lte(depositOrders.createdAt, before),
      ),
    )
    .orderBy(asc(depositOrders.id))
    .limit(limit);
  return pollEach(ctx, rows, 'payment');
}

export async function pollPayouts(ctx: AppContext, limit = 100) {
  const before = new Date(ctx.clock.now().getTime() - POLL_AFTER_MS);
  const rows = await ctx.db
    .select({ orderNo: withdrawOrders.orderNo, thirdPartyId: withdrawOrders.thirdPartyId })
    .from(withdrawOrders)
    .where(
      and(
        eq(withdrawOrders.status, 'paying'),
        isNotNull(withdrawOrders.upstreamOrderNo),
        lte(withdrawOrders.updatedAt, before),
      ),
    )
    .orderBy(asc(withdrawOrders.id))
    .limit(limit);
  return pollEach(ctx, rows, 'payout');
}

export const pollJob = defineJob({
  name: 'upstream-poll',
  schedule: '*/2 * * * *',
  retry: { limit: 1, delaySeconds: 60, backoff: false },
  handler: async (ctx) => ({ deposits: await pollDeposits(ctx), payouts: await pollPayouts(ctx) }),
});
