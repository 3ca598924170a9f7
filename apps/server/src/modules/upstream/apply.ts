/**
 * What an upstream's word (a verified callback, or a query answer) does to the order it names, by
 * the lifecycles' system transitions only (their effects are the orders module's hooks):
 *   deposit paid   -> `pay` then `audit`, in ONE transaction (the order lands in in_audit);
 *   deposit failed -> `fail` with the upstream's reason;
 *   payout paid    -> `paySuccess`; payout failed -> `payFail`;
 *   pending        -> nothing.
 * A word the order has already taken (a duplicate, a late retry) is refused by the guarded
 * transitions and answered `duplicate`: one effect however many times, however concurrently, it comes.
 */
import { orderDepositList, orderTransferList, systemText } from '@payops/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { dec } from '../../platform/ledger/money.ts';
import { runSystemTransition } from '../../platform/transitions/index.ts';
import { depositOrders, withdrawOrders } from '../order/schema.ts';
import { isConflict } from './attempts.ts';
import { CallbackRefused, type UpstreamOrderState } from './types.ts';

export type Applied = 'applied' | 'duplicate' | 'pending';

/** Runs a guarded transition: `duplicate` when the order has already moved on. */
export async function guarded(run: () => Promise<unknown>): Promise<Applied> {
  try {
    await run();
    return 'applied';
  } catch (e) {
    if (isConflict(e)) return 'duplicate';
    throw e;
  }
}

interface Known {
  thirdPartyId: number | null;
  upstreamOrderNo: string | null;
  amount: string;
}

/** The word must be about this order as the platform placed it: same provider, upstream no, amount. */
function check(order: Known, thirdPartyId: number, s: UpstreamOrderState): void {
  if (order.thirdPartyId !== null && order.thirdPartyId !== thirdPartyId)
    throw new CallbackRefused('otherThirdParty');
  if (order.upstreamOrderNo !== null && order.upstreamOrderNo !== s.upstreamOrderNo)
    throw new CallbackRefused('upstreamOrderNoMismatch');
  if (!dec(order.amount).eq(dec(s.amount))) throw new CallbackRefused('amountMismatch');
}

export async function applyUpstreamState(
  ctx: AppContext,
  thirdPartyId: number,
  s: UpstreamOrderState,
): Promise<Applied> {
  if (s.status === 'pending') return 'pending';
  const failReason = (s.message ?? systemText('upstreamFailed')).slice(0, 200);
  const now = ctx.clock.now();
  if (s.kind === 'payment') {
    const [order] = await ctx.db.select().from(depositOrders).where(eq(depositOrders.orderNo, s.orderNo));
    if (!order) throw new CallbackRefused('orderNotFound');
    check(order, thirdPartyId, s);
    if (s.status === 'failed') {
      return guarded(() =>
        runSystemTransition(ctx, orderDepositList, 'fail', order.id, {
          reason: failReason,
          values: { failReason },
        }),
      );
    }
    return guarded(() =>
      ctx.db.transaction(async (tx) => {
        await runSystemTransition(ctx, orderDepositList, 'pay', order.id, {
          values: { paidAt: now, upstreamOrderNo: s.upstreamOrderNo, thirdPartyId },
          tx,
        });
        await runSystemTransition(ctx, orderDepositList, 'audit', order.id, { tx });
      }),
    );
  }
  const [order] = await ctx.db.select().from(withdrawOrders).where(eq(withdrawOrders.orderNo, s.orderNo));
  if (!order) throw new CallbackRefused('orderNotFound');
  check(order, thirdPartyId, s);
  if (s.status === 'failed') {
    return guarded(() =>
      runSystemTransition(ctx, orderTransferList, 'payFail', order.id, {
        reason: failReason,
        values: { failReason, upstreamOrderNo: s.upstreamOrderNo },
      }),
    );
  }
  // The upstream no is set with the outcome too: a payout claimed just before a crash never got it.
  return guarded(() =>
    runSystemTransition(ctx, orderTransferList, 'paySuccess', order.id, {
      values: { upstreamOrderNo: s.upstreamOrderNo },
    }),
  );
}
