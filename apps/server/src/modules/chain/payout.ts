/**
 * Sending USDT on the chain: approved withdrawals from the hot wallet, and exception refunds from the
 * deposit address back to the sender. Every send names a reference (the withdrawal's order number;
 * the refund's order number and attempt), and the chain answers a repeated reference with the same
 * transaction: so a send is simply repeated until its hash is recorded, whether the first answer was
 * lost, the process died after sending, or two runners raced. Only the node's refusal (nothing sent)
 * fails the order (withdrawal unfrozen, refund back to the exception); an unknown outcome is retried.
 * The watcher ends them once the transfer has its confirmations.
 */
import { orderDepositListUSDT, orderTransferListUSDT, systemText, type UsdtNetwork } from '@payops/contracts';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { dec } from '../../platform/ledger/index.ts';
import { runSystemTransition } from '../../platform/transitions/index.ts';
import { type ChainAdapter, ChainError, chainAdapter, HOT_WALLETS } from './adapter.ts';
import {
  chainTransfers,
  type UsdtDepositOrder,
  type UsdtWithdrawOrder,
  usdtDepositOrders,
  usdtWithdrawOrders,
} from './chain.schema.ts';
import { CHAIN_DECIMALS } from './create.ts';

const onChain = (amount: string) => dec(amount).toFixed(CHAIN_DECIMALS);

interface Send {
  network: UsdtNetwork;
  from: string;
  to: string;
  amount: string;
  ref: string;
  matched: 'refund' | 'withdraw';
  orderNo: string;
}

/**
 * Sends (or re-sends: same ref, same transaction) and records the outgoing transfer. Answers its hash,
 * 'refused' when the node refused it, null when the outcome is unknown (tried again next run).
 */
async function send(ctx: AppContext, adapter: ChainAdapter, s: Send): Promise<string | 'refused' | null> {
  let txHash: string;
  try {
    txHash = await adapter.send(s.network, s.from, s.to, onChain(s.amount), s.ref);
  } catch (e) {
    if (e instanceof ChainError && e.refused) return 'refused';
    if (e instanceof ChainError) return null;
    throw e;
  }
  const now = ctx.clock.now();
  await ctx.db
    .insert(chainTransfers)
    .values({
      network: s.network,
      txHash,
      fromAddress: s.from,
      toAddress: s.to,
      address: s.from,
      direction: 'out',
      amount: s.amount,
      matched: s.matched,
      orderNo: s.orderNo,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  return txHash;
}

async function payWithdrawal(ctx: AppContext, adapter: ChainAdapter, o: UsdtWithdrawOrder): Promise<boolean> {
  const sent = await send(ctx, adapter, {
    network: o.network,
    from: HOT_WALLETS[o.network],
    to: o.address,
    amount: o.usdtAmount,
    ref: o.orderNo,
    matched: 'withdraw',
    orderNo: o.orderNo,
  });
  if (sent === null) return false;
  if (sent === 'refused') {
    await runSystemTransition(ctx, orderTransferListUSDT, 'payFail', o.id, {
      reason: systemText('chainRefused'),
    });
    return false;
  }
  await ctx.db
    .update(usdtWithdrawOrders)
    .set({ txHash: sent })
    .where(and(eq(usdtWithdrawOrders.id, o.id), isNull(usdtWithdrawOrders.txHash)));
  return true;
}

async function refund(ctx: AppContext, adapter: ChainAdapter, o: UsdtDepositOrder): Promise<boolean> {
  // Back where the coins came from (the sender of the order's first transfer); each attempt after a
  // failed one on the chain is a new reference.
  const [first] = await ctx.db
    .select({ from: chainTransfers.fromAddress })
    .from(chainTransfers)
    .where(and(eq(chainTransfers.orderNo, o.orderNo), eq(chainTransfers.direction, 'in')))
    .orderBy(asc(chainTransfers.id))
    .limit(1);
  const [failed] = await ctx.db
    .select({ n: count() })
    .from(chainTransfers)
    .where(
      and(
        eq(chainTransfers.orderNo, o.orderNo),
        eq(chainTransfers.matched, 'refund'),
        eq(chainTransfers.status, 'failed'),
      ),
    );
  const sent = first
    ? await send(ctx, adapter, {
        network: o.network,
        from: o.address,
        to: first.from,
        amount: o.paidUsdt,
        ref: `${o.orderNo}/refund/${failed?.n ?? 0}`,
        matched: 'refund',
        orderNo: o.orderNo,
      })
    : 'refused';
  if (sent === null) return false;
  if (sent === 'refused') {
    await runSystemTransition(ctx, orderDepositListUSDT, 'refundFail', o.id, {
      reason: systemText('chainRefused'),
    });
    return false;
  }
  await ctx.db
    .update(usdtDepositOrders)
    .set({ refundTxHash: sent, refundTo: first!.from })
    .where(and(eq(usdtDepositOrders.id, o.id), isNull(usdtDepositOrders.refundTxHash)));
  return true;
}

/**
 * Approved withdrawals are taken to `paying` (the claim), then every paying withdrawal and refunding
 * deposit without a hash is sent: the ones just claimed, and any whose earlier send did not answer.
 */
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
  for (const { id } of approved)
    await runSystemTransition(ctx, orderTransferListUSDT, 'pay', id).catch(() => null); // taken meanwhile
  const paying = await ctx.db
    .select()
    .from(usdtWithdrawOrders)
    .where(and(eq(usdtWithdrawOrders.status, 'paying'), isNull(usdtWithdrawOrders.txHash)))
    .orderBy(asc(usdtWithdrawOrders.id))
    .limit(batch);
  let sent = 0;
  for (const o of paying) if (await payWithdrawal(ctx, adapter, o)) sent++;
  const refunding = await ctx.db
    .select()
    .from(usdtDepositOrders)
    .where(and(eq(usdtDepositOrders.status, 'refunding'), isNull(usdtDepositOrders.refundTxHash)))
    .orderBy(asc(usdtDepositOrders.id))
    .limit(batch);
  let refunds = 0;
  for (const o of refunding) if (await refund(ctx, adapter, o)) refunds++;
  return { sent, refunds };
}
