/**
 * The chain watcher: reads the new blocks of each network through the ChainAdapter, records every
 * transfer to a pool address (chain_transfers, addressFlowList) and matches it to the order holding
 * the address (`see`), or to the last order that held it when that one timed out (`raise`: late);
 * then follows every unconfirmed transfer: once it has the configured confirmations it writes the
 * pool's flow and balance and moves its order on (credit, under/over-payment exception, refund done,
 * payout success); a failed one fails its payout or refund. Each transfer in its own transaction,
 * every write guarded, so a second watcher or a retry changes nothing twice.
 */
import {
  orderDepositListUSDT,
  orderTransferListUSDT,
  systemText,
  USDT_NETWORKS,
  type UsdtNetwork,
} from '@payops/contracts';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { dec, type Tx } from '../../platform/ledger/index.ts';
import { getSetting } from '../../platform/settings.ts';
import { runSystemTransition } from '../../platform/transitions/index.ts';
import { addrPool } from '../sys/addr-pool.schema.ts';
import { type ChainAdapter, type ChainTx, chainAdapter, confirmationsAt } from './adapter.ts';
import {
  type ChainTransfer,
  chainCursors,
  chainTransfers,
  usdtDepositOrders,
  usdtWithdrawOrders,
} from './chain.schema.ts';
import { poolFlow } from './pool.ts';

/** Blocks read per request (a node's usual page of logs). */
const RANGE = 1000;

export interface WatchReport {
  seen: number;
  confirmed: number;
  failed: number;
}

export async function watchChain(ctx: AppContext, adapter = chainAdapter(ctx)): Promise<WatchReport> {
  const need = await getSetting(ctx, 'usdtConfirmations');
  const report: WatchReport = { seen: 0, confirmed: 0, failed: 0 };
  for (const network of USDT_NETWORKS) {
    const head = await adapter.latestBlock(network);
    report.seen += await scanNew(ctx, adapter, network, head);
    const followed = await follow(ctx, adapter, network, head, need);
    report.confirmed += followed.confirmed;
    report.failed += followed.failed;
  }
  return report;
}

async function scanNew(ctx: AppContext, adapter: ChainAdapter, network: UsdtNetwork, head: number) {
  const [cursor] = await ctx.db.select().from(chainCursors).where(eq(chainCursors.network, network));
  let from = cursor ? cursor.lastBlock + 1 : Math.max(0, head - RANGE);
  let seen = 0;
  while (from <= head) {
    const to = Math.min(head, from + RANGE - 1);
    const txs = (await adapter.transfers(network, from, to)).filter((t) => t.status === 'ok');
    const tos = [...new Set(txs.map((t) => t.to))];
    const watched = new Set(
      tos.length
        ? (
            await ctx.db
              .select({ address: addrPool.address })
              .from(addrPool)
              .where(and(eq(addrPool.network, network), inArray(addrPool.address, tos)))
          ).map((r) => r.address)
        : [],
    );
    for (const t of txs) if (watched.has(t.to) && (await recordIncoming(ctx, network, t))) seen++;
    const now = ctx.clock.now();
    await ctx.db
      .insert(chainCursors)
      .values({ network, lastBlock: to, updatedAt: now })
      .onConflictDoUpdate({
        target: chainCursors.network,
        set: { lastBlock: sql`greatest(${chainCursors.lastBlock}, ${to})`, updatedAt: now },
      });
    from = to + 1;
  }
  return seen;
}

/** A new transfer to a pool address, matched in the same transaction; false when already recorded. */
async function recordIncoming(ctx: AppContext, network: UsdtNetwork, t: ChainTx): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const [row] = await tx
      .insert(chainTransfers)
      .values({
        network,
        txHash: t.txHash,
        fromAddress: t.from,
        toAddress: t.to,
        address: t.to,
        direction: 'in',
        amount: t.amount,
        block: t.block,
        matched: 'unmatched',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: chainTransfers.id });
    if (!row) return false;
    const match = await matchIncoming(ctx, tx, t);
    await tx
      .update(chainTransfers)
      .set({ matched: match.matched, orderNo: match.orderNo })
      .where(eq(chainTransfers.id, row.id));
    return true;
  });
}

async function matchIncoming(
  ctx: AppContext,
  tx: Tx,
  t: ChainTx,
): Promise<{ matched: ChainTransfer['matched']; orderNo: string | null }> {
  const [holder] = await tx
    .select()
    .from(usdtDepositOrders)
    .where(eq(usdtDepositOrders.address, t.to))
    .orderBy(desc(usdtDepositOrders.id))
    .limit(1)
    .for('update');
  if (!holder) return { matched: 'unmatched', orderNo: null };
  const values = { paidUsdt: t.amount, txHash: t.txHash };
  const add = () =>
    tx
      .update(usdtDepositOrders)
      .set({ paidUsdt: sql`${usdtDepositOrders.paidUsdt} + ${t.amount}::numeric` })
      .where(eq(usdtDepositOrders.id, holder.id));
  switch (holder.status) {
    case 'pending_payment':
      await runSystemTransition(ctx, orderDepositListUSDT, 'see', holder.id, { tx, values });
      return { matched: 'deposit', orderNo: holder.orderNo };
    case 'confirming':
      await add();
      return { matched: 'deposit', orderNo: holder.orderNo };
    case 'timeout':
      // Paid after the expiry, to the address released at it: the order that held it is raised.
      await runSystemTransition(ctx, orderDepositListUSDT, 'raise', holder.id, {
        tx,
        values: { ...values, exceptionKind: 'late' },
        reason: systemText('late'),
      });
      return { matched: 'exception', orderNo: holder.orderNo };
    case 'exception':
      await add();
      return { matched: 'exception', orderNo: holder.orderNo };
    default:
      // The last holder ended otherwise (credited, refunded, ignored): left for an operator to trace.
      return { matched: 'unmatched', orderNo: holder.orderNo };
  }
}

async function follow(
  ctx: AppContext,
  adapter: ChainAdapter,
  network: UsdtNetwork,
  head: number,
  need: number,
) {
  const open = await ctx.db
    .select()
    .from(chainTransfers)
    .where(and(eq(chainTransfers.network, network), eq(chainTransfers.status, 'confirming')))
    .orderBy(asc(chainTransfers.id))
    .limit(500);
  let confirmed = 0;
  let failed = 0;
  for (const r of open) {
    const onChain = await adapter.transaction(network, r.txHash);
    if (!onChain) continue;
    if (onChain.status === 'failed') {
      if (await settleTransfer(ctx, r, 'failed', r.confirmations, onChain.block)) failed++;
      continue;
    }
    const confirmations = confirmationsAt(onChain.block, head);
    if (confirmations >= need) {
      if (await settleTransfer(ctx, r, 'confirmed', confirmations, onChain.block)) confirmed++;
    } else if (confirmations !== r.confirmations || onChain.block !== r.block) {
      await ctx.db
        .update(chainTransfers)
        .set({ confirmations, block: onChain.block, updatedAt: ctx.clock.now() })
        .where(and(eq(chainTransfers.id, r.id), eq(chainTransfers.status, 'confirming')));
    }
  }
  return { confirmed, failed };
}

/** The transfer's end (guarded: once), its pool flow, and what it means for its order. */
async function settleTransfer(
  ctx: AppContext,
  r: ChainTransfer,
  status: 'confirmed' | 'failed',
  confirmations: number,
  block: number | null,
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const [done] = await tx
      .update(chainTransfers)
      .set({ status, confirmations, block, updatedAt: now })
      .where(and(eq(chainTransfers.id, r.id), eq(chainTransfers.status, 'confirming')))
      .returning();
    if (!done) return false;
    if (status === 'confirmed') {
      await poolFlow(tx, { ...done, direction: done.direction }, now);
      await onConfirmed(ctx, tx, done);
    } else await outgoingEnded(ctx, tx, done, 'failed');
    return true;
  });
}

async function onConfirmed(ctx: AppContext, tx: Tx, t: ChainTransfer): Promise<void> {
  if (!t.orderNo) return;
  if (t.matched === 'deposit') {
    const [o] = await tx
      .select()
      .from(usdtDepositOrders)
      .where(eq(usdtDepositOrders.orderNo, t.orderNo))
      .for('update');
    if (o?.status !== 'confirming') return;
    // Another transfer of the order still confirming: the order is judged on the last one.
    const [pending] = await tx
      .select({ id: chainTransfers.id })
      .from(chainTransfers)
      .where(
        and(
          eq(chainTransfers.orderNo, o.orderNo),
          eq(chainTransfers.status, 'confirming'),
          ne(chainTransfers.id, t.id),
        ),
      )
      .limit(1);
    if (pending) return;
    const diff = dec(o.paidUsdt).cmp(dec(o.usdtAmount));
    if (diff === 0) await runSystemTransition(ctx, orderDepositListUSDT, 'confirm', o.id, { tx });
    else {
      const exceptionKind = diff < 0 ? 'underpaid' : 'overpaid';
      await runSystemTransition(ctx, orderDepositListUSDT, 'raise', o.id, {
        tx,
        values: { exceptionKind },
        reason: systemText(exceptionKind),
      });
    }
  } else await outgoingEnded(ctx, tx, t, 'confirmed');
}

const FAILED_ON_CHAIN = systemText('chainFailed');

/**
 * An outgoing transfer (a refund, a payout) confirmed or failed: its order, if still waiting for it,
 * is moved on (refunded / back to the exception; success / failed and unfrozen).
 */
async function outgoingEnded(
  ctx: AppContext,
  tx: Tx,
  t: ChainTransfer,
  end: 'confirmed' | 'failed',
): Promise<void> {
  if (!t.orderNo || (t.matched !== 'refund' && t.matched !== 'withdraw')) return;
  const refund = t.matched === 'refund';
  const table = refund ? usdtDepositOrders : usdtWithdrawOrders;
  const [o] = await tx
    .select({ id: table.id, status: table.status })
    .from(table as typeof usdtDepositOrders)
    .where(eq(table.orderNo, t.orderNo));
  if (o?.status !== (refund ? 'refunding' : 'paying')) return;
  const failed = end === 'failed' ? { reason: FAILED_ON_CHAIN } : {};
  if (refund)
    await runSystemTransition(
      ctx,
      orderDepositListUSDT,
      end === 'confirmed' ? 'refundDone' : 'refundFail',
      o.id,
      {
        tx,
        ...failed,
        ...(end === 'failed' ? { values: { refundTxHash: null } } : {}),
      },
    );
  else
    await runSystemTransition(
      ctx,
      orderTransferListUSDT,
      end === 'confirmed' ? 'paySuccess' : 'payFail',
      o.id,
      {
        tx,
        ...failed,
      },
    );
}
