/**
 * Query polls for orders whose callback never came: deposits awaiting payment and payouts in flight
 * longer than POLL_AFTER_MS are asked about by the adapter's query, and the answer goes through the
 * same path as a callback (apply.ts: guarded transitions, one effect). A provider that cannot answer
 * is asked again at the next run; errors are counted per order, never fail the batch. A payout the
 * provider never received (claimed, then the process died before the call) fails and is released.
 */
import { orderTransferList, systemText } from '@payops/contracts';
import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { defineJob } from '../../platform/jobs/registry.ts';
import { runSystemTransition } from '../../platform/transitions/index.ts';
import { thirdParties } from '../mch/passage.schema.ts';
import { depositOrders, withdrawOrders } from '../order/schema.ts';
import { accessOf, adapterFor } from './adapter.ts';
import { type Applied, applyUpstreamState, guarded } from './apply.ts';
import { endpointsOf } from './endpoints.ts';
import { UpstreamError, type UpstreamKind } from './types.ts';

export const POLL_AFTER_MS = 60_000;

interface Polled {
  id: number;
  orderNo: string;
  thirdPartyId: number | null;
  upstreamOrderNo: string | null;
}

async function pollOne(ctx: AppContext, o: Polled, kind: UpstreamKind): Promise<Applied | 'error'> {
  if (o.thirdPartyId === null) return 'pending';
  const [tp] = await ctx.db.select().from(thirdParties).where(eq(thirdParties.id, o.thirdPartyId));
  const adapter = tp && adapterFor(tp.interfaceType);
  if (!tp || !adapter) return 'pending';
  try {
    const access = accessOf(ctx, tp, await endpointsOf(ctx, tp));
    const state = await adapter.queryOrder(access, o.orderNo, kind, ctx.clock.now());
    if (state.orderNo !== o.orderNo || state.kind !== kind) return 'error';
    return await applyUpstreamState(ctx, tp.id, state);
  } catch (e) {
    // A payout claimed (paying) whose create never reached the provider (a crash between the claim
    // and the call): nothing was paid out, so it fails and its amount is released.
    if (
      e instanceof UpstreamError &&
      e.kind === 'not_found' &&
      kind === 'payout' &&
      o.upstreamOrderNo === null
    ) {
      return guarded(() =>
        runSystemTransition(ctx, orderTransferList, 'payFail', o.id, {
          reason: systemText('neverReceived'),
          values: { failReason: systemText('neverReceived') },
        }),
      );
    }
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
    .select({
      id: depositOrders.id,
      orderNo: depositOrders.orderNo,
      thirdPartyId: depositOrders.thirdPartyId,
      upstreamOrderNo: depositOrders.upstreamOrderNo,
    })
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
    .select({
      id: withdrawOrders.id,
      orderNo: withdrawOrders.orderNo,
      thirdPartyId: withdrawOrders.thirdPartyId,
      upstreamOrderNo: withdrawOrders.upstreamOrderNo,
    })
    .from(withdrawOrders)
    .where(and(eq(withdrawOrders.status, 'paying'), lte(withdrawOrders.updatedAt, before)))
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
