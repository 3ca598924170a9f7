/**
 * Sending USDT on the chain: approved withdrawals from the hot wallet, and exception refunds from the
 * deposit address back to the sender. Each order is claimed first (withdrawal `pay`; a refund's
 * guarded hash placeholder), then sent, then its hash and its outgoing transfer recorded, so a second
 * runner never sends twice; a send the chain refuses fails the order (withdrawal unfrozen, refund
 * back to the exception). The watcher ends them once the transfer has its confirmations.
 */
import { orderDepositListUSDT, orderTransferListUSDT, type UsdtNetwork } from '@payops/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { dec } from '../../platform/ledger/index.ts';
import { runSystemTransition } from '../../platform/transitions/index.ts';
import { type ChainAdapter, chainAdapter, HOT_WALLETS } from './adapter.ts';
import { chainTransfers, usdtDepositOrders, usdtWithdrawOrders } from './chain.schema.ts';
import { CHAIN_DECIMALS } from './create.ts';

/** A claimed refund whose send has not answered yet. */
const SENDING = 'sending';

const onChain = (amount: string) => dec(amount).toFixed(CHAIN_DECIMALS);

async function recordOut(
  ctx: AppContext,
  t: {
    network: UsdtNetwork;
    txHash: string;
    from: string;
    to: string;
    amount: string;
    matched: 'refund' | 'withdraw';
    orderNo: string;
  },
) {
  const now = ctx.clock.now();
  await ctx.db
    .insert(chainTransfers)
    .values({
      network: t.network,
      txHash: t.txHash,
      fromAddress: t.from,
      toAddress: t.to,
      address: t.from,
      direction: 'out',
      amount: t.amount,
      matched: t.matched,
      orderNo: t.orderNo,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}

async function payWithdrawal(ctx: AppContext, adapter: ChainAdapter, id: number): Promise<boolean> {
  let claimed: typeof usdtWithdrawOrders.$inferSelect;
  try {
    claimed = (await runSystemTransition(ctx, orderTransferListUSDT, 'pay', id))
      .after as unknown as typeof claimed;
  } catch {
    return false; // taken by another runner, or decided meanwhile
  }
  const from = HOT_WALLETS[claimed.network];
  let txHash: string;
  try {
    txHash = await adapter.send(claimed.network, from, claimed.address, onChain(claimed.usdtAmount));
  } catch (e) {
    await runSystemTransition(ctx, orderTransferListUSDT, 'payFail', id, {
      reason: `chain: ${(e as Error).message}`.slice(0, 200),
    });
    return false;
  }
  await ctx.db.update(usdtWithdrawOrders).set({ txHash }).where(eq(usdtWithdrawOrders.id, id));
  await recordOut(ctx, {
    network: claimed.network,
    txHash,
    from,
    to: claimed.address,
    amount: claimed.usdtAmount,
    matched: 'withdraw',
    orderNo: claimed.orderNo,
  });
  return true;
}

async function refund(ctx: AppContext, adapter: ChainAdapter, id: number): Promise<boolean> {
  const [o] = await ctx.db
    .update(usdtDepositOrders)
    .set({ refundTxHash: SENDING })
    .where(
      and(
        eq(usdtDepositOrders.id, id),
        eq(usdtDepositOrders.status, 'refunding'),
        isNull(usdtDepositOrders.refundTxHash),
      ),
    )
    .returning();
  if (!o) return false;
  // Back where the coins came from: the sender of the order's first transfer.
  const [first] = await ctx.db
    .select({ from: chainTransfers.fromAddress })
    .from(chainTransfers)
    .where(and(eq(chainTransfers.orderNo, o.orderNo), eq(chainTransfers.direction, 'in')))
    .orderBy(asc(chainTransfers.id))
    .limit(1);
  let txHash: string;
  try {
    if (!first) throw new Error('no incoming transfer');
    txHash = await adapter.send(o.network, o.address, first.from, onChain(o.paidUsdt));
  } catch (e) {
    await runSystemTransition(ctx, orderDepositListUSDT, 'refundFail', id, {
      reason: `chain: ${(e as Error).message}`.slice(0, 200),
      values: { refundTxHash: null },
    });
    return false;
  }
  await ctx.db
    .update(usdtDepositOrders)
    .set({ refundTxHash: txHash, refundTo: first.from })
    .where(eq(usdtDepositOrders.id, id));
  await recordOut(ctx, {
    network: o.network,
    txHash,
    from: o.address,
    to: first.from,
    amount: o.paidUsdt,
    matched: 'refund',
    orderNo: o.orderNo,
  });
  return true;
}

/** Sends a batch of approved withdrawals and requested refunds; answers how many were sent. */
export async function runChainPayouts(
  ctx: AppContext,
  batch = 50,
  adapter = chainAdapter(ctx),
): Promise<{ sent: number; refunds: number }> {
  const approved = await ctx.db
    .select({ id: usdtWithdrawOrders.id })
    .from(usdtWithdrawOrders)
    .where(eq(usdtWithdrawOrders.status, 'approved'))
    .orderBy(asc(usdtWithdrawOrders.id))
    .limit(batch);
  let sent = 0;
  for (const { id } of approved) if (await payWithdrawal(ctx, adapter, id)) sent++;
  const refunding = await ctx.db
    .select({ id: usdtDepositOrders.id })
    .from(usdtDepositOrders)
    .where(and(eq(usdtDepositOrders.status, 'refunding'), isNull(usdtDepositOrders.refundTxHash)))
    .orderBy(asc(usdtDepositOrders.id))
    .limit(batch);
  let refunds = 0;
  for (const { id } of refunding) if (await refund(ctx, adapter, id)) refunds++;
  return { sent, refunds };
}
