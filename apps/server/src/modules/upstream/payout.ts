/**
 * Payouts of approved withdrawals (a job): each due order (no schedule, or its reservation time has
 * come) is claimed by `pay` (approved -> paying, with the first ranked passage), so two workers never
 * pay it out twice; then, outside any transaction, the adapter's payout on the ranked withdraw
 * passages in turn (the provider knows the order by the platform's order number, so a retry is the
 * same payout). Accepted: the upstream order no and the passage that took it are kept on the order
 * with the decision log row; none took it (or no passage could): `payFail` with the reason (the
 * frozen amount is returned by the orders module's effect). The provider's callback, or the query
 * poll (poll.ts), then runs paySuccess / payFail.
 *
 * When only passages whose provider pays out by hand (payout-configs.ts) could take it, the job
 * holds the order (`payoutHeld`, nothing else changes) and leaves it to an operator's `payOut`, which
 * runs this same path with those passages allowed.
 */
import { orderTransferList } from '@payops/contracts';
import { and, asc, eq, isNull, lte, or } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { defineJob } from '../../platform/jobs/registry.ts';
import { runSystemTransition } from '../../platform/transitions/index.ts';
import { type WithdrawOrder, withdrawOrders } from '../order/schema.ts';
import { payoutBlocked } from '../risk/hooks.ts';
import { callbackUrl } from './adapter.ts';
import { decisionOf, failUnplaced, isConflict, logDecision, tryPassages } from './attempts.ts';
import { channelFeeOf, routePassages } from './routing.ts';

export type PayoutResult = 'paying' | 'failed' | 'skipped' | 'held';

export async function payOut(
  ctx: AppContext,
  order: WithdrawOrder,
  opts: { manual?: boolean } = {},
): Promise<PayoutResult> {
  // The risk lists' last look (issue 13): listed since approval -> detained, never paid.
  if (await payoutBlocked(ctx, order)) return 'skipped';
  const now = ctx.clock.now();
  const routing = await routePassages(ctx, {
    direction: 'withdraw',
    merchantId: order.merchantId,
    payType: order.payType,
    amount: order.amount,
    now,
    manual: opts.manual === true,
  });
  const first = routing.ranked[0];
  if (!first && routing.skipped.some((c) => c.verdict === 'manual_payout')) {
    await ctx.db
      .update(withdrawOrders)
      .set({ payoutHeld: true })
      .where(and(eq(withdrawOrders.id, order.id), eq(withdrawOrders.status, 'approved')));
    return 'held';
  }
  try {
    await runSystemTransition(ctx, orderTransferList, 'pay', order.id, {
      values: {
        payoutHeld: false,
        // The first ranked passage's, corrected below when another one takes it: the rollups
        // recompute an order's day on its transitions, and the success may come before that update.
        ...(first
          ? {
              passageId: first.passage.id,
              thirdPartyId: first.thirdParty.id,
              channelFee: channelFeeOf(order.amount, first),
            }
          : {}),
      },
    });
  } catch (e) {
    if (isConflict(e)) return 'skipped'; // another worker, an operator's hold, a rejection got there first
    throw e;
  }
  const attempted = await tryPassages(ctx, routing, (adapter, access) =>
    adapter.createPayout(
      access,
      {
        orderNo: order.orderNo,
        amount: order.amount,
        bankCode: order.bankCode,
        bankName: order.bankName,
        accountName: order.accountName,
        accountNo: order.accountNo,
        notifyUrl: callbackUrl(ctx, access.code),
      },
      now,
    ),
  );
  const decision = decisionOf(order, 'withdraw', attempted, now);
  if (attempted.chosen) {
    const { ranked, answer } = attempted.chosen;
    await ctx.db.transaction(async (tx) => {
      await logDecision(tx, { ...decision, result: 'routed', passageId: ranked.passage.id });
      // Not a status change: where the order went.
      await tx
        .update(withdrawOrders)
        .set({
          upstreamOrderNo: answer.upstreamOrderNo,
          passageId: ranked.passage.id,
          thirdPartyId: ranked.thirdParty.id,
          channelFee: channelFeeOf(order.amount, ranked),
        })
        .where(
          and(
            eq(withdrawOrders.id, order.id),
            // The callback may have come first and set the same upstream no (it does not know the passage).
            or(
              isNull(withdrawOrders.upstreamOrderNo),
              eq(withdrawOrders.upstreamOrderNo, answer.upstreamOrderNo),
            ),
          ),
        );
    });
    return 'paying';
  }
  await failUnplaced(ctx, decision, routing, { def: orderTransferList, name: 'payFail', id: order.id });
  return 'failed';
}

/**
 * Hands the held withdrawals back to the payout job, which judges each again (holding it anew when
 * it still needs an operator): after a payout config changed, one may now pay out automatically.
 */
export async function releaseHeldPayouts(ctx: AppContext): Promise<void> {
  await ctx.db
    .update(withdrawOrders)
    .set({ payoutHeld: false })
    .where(and(eq(withdrawOrders.status, 'approved'), eq(withdrawOrders.payoutHeld, true)));
}

/** The approved withdrawals that are due and not held for an operator, oldest first. */
export async function duePayouts(ctx: AppContext, limit: number): Promise<WithdrawOrder[]> {
  return ctx.db
    .select()
    .from(withdrawOrders)
    .where(
      and(
        eq(withdrawOrders.status, 'approved'),
        eq(withdrawOrders.payoutHeld, false),
        or(isNull(withdrawOrders.scheduledAt), lte(withdrawOrders.scheduledAt, ctx.clock.now())),
      ),
    )
    .orderBy(asc(withdrawOrders.id))
    .limit(limit);
}

export async function runPayouts(ctx: AppContext, limit = 50): Promise<Record<PayoutResult, number>> {
  const counts: Record<PayoutResult, number> = { paying: 0, failed: 0, skipped: 0, held: 0 };
  for (const order of await duePayouts(ctx, limit)) counts[await payOut(ctx, order)]++;
  return counts;
}

export const payoutJob = defineJob({
  name: 'upstream-payouts',
  schedule: '* * * * *',
  retry: { limit: 2, delaySeconds: 30, backoff: true },
  handler: (ctx) => runPayouts(ctx),
});
