/**
 * The sandbox chain's ledger of blocks and transactions (its own tables): what a node would keep.
 * Heights start at 1000; a transaction sent or paid goes into the next block (height + 1), so it has
 * 0 confirmations until a block is mined and 1 once its block exists. Only sandbox/routes.ts uses it.
 */
import { randomBytes } from 'node:crypto';
import type { UsdtNetwork } from '@payops/contracts';
import { and, asc, between, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context.ts';
import type { ChainTx } from '../adapter.ts';
import { sandboxChainHeads, sandboxChainTxs } from '../chain.schema.ts';

const GENESIS = 1000;

export async function height(ctx: AppContext, network: UsdtNetwork): Promise<number> {
  await ctx.db
    .insert(sandboxChainHeads)
    .values({ network, height: GENESIS, updatedAt: ctx.clock.now() })
    .onConflictDoNothing();
  const [row] = await ctx.db
    .select({ height: sandboxChainHeads.height })
    .from(sandboxChainHeads)
    .where(eq(sandboxChainHeads.network, network));
  return row!.height;
}

/** Mines `blocks` blocks (one guarded increment: parallel miners add up). */
export async function mine(ctx: AppContext, network: UsdtNetwork, blocks: number): Promise<number> {
  await height(ctx, network);
  const [row] = await ctx.db
    .update(sandboxChainHeads)
    .set({ height: sql`${sandboxChainHeads.height} + ${blocks}`, updatedAt: ctx.clock.now() })
    .where(eq(sandboxChainHeads.network, network))
    .returning({ height: sandboxChainHeads.height });
  return row!.height;
}

/** A transaction hash in the network's own form (hex; TRON's without 0x). */
function newHash(network: UsdtNetwork): string {
  const hex = randomBytes(32).toString('hex');
  return network === 'ERC20' ? `0x${hex}` : hex;
}

/**
 * A transfer into the next block; answers its hash. With a `ref` (the sender's), a second send of the
 * same ref answers the first one's hash and moves nothing again.
 */
export async function transfer(
  ctx: AppContext,
  network: UsdtNetwork,
  from: string,
  to: string,
  amount: string,
  ref?: string,
): Promise<string> {
  const block = (await height(ctx, network)) + 1;
  const [row] = await ctx.db
    .insert(sandboxChainTxs)
    .values({
      network,
      txHash: newHash(network),
      fromAddress: from,
      toAddress: to,
      amount,
      block,
      ref: ref ?? null,
      createdAt: ctx.clock.now(),
    })
    .onConflictDoNothing()
    .returning({ txHash: sandboxChainTxs.txHash });
  if (row) return row.txHash;
  const [sent] = await ctx.db
    .select({ txHash: sandboxChainTxs.txHash })
    .from(sandboxChainTxs)
    .where(and(eq(sandboxChainTxs.network, network), eq(sandboxChainTxs.ref, ref ?? '')));
  return sent!.txHash;
}

/** Reverts a transaction (a payout that fails on chain); false when there is none. */
export async function fail(ctx: AppContext, txHash: string): Promise<boolean> {
  const rows = await ctx.db
    .update(sandboxChainTxs)
    .set({ status: 'failed' })
    .where(eq(sandboxChainTxs.txHash, txHash))
    .returning({ id: sandboxChainTxs.id });
  return rows.length > 0;
}

const asTx = (r: typeof sandboxChainTxs.$inferSelect, top: number): ChainTx => ({
  txHash: r.txHash,
  from: r.fromAddress,
  to: r.toAddress,
  amount: r.amount,
  block: r.block <= top ? r.block : null,
  status: r.status,
});

/** The transfers in mined blocks from..to (a node never shows the next block before it is mined). */
export async function transfersIn(
  ctx: AppContext,
  network: UsdtNetwork,
  from: number,
  to: number,
): Promise<ChainTx[]> {
  const top = Math.min(to, await height(ctx, network));
  const rows = await ctx.db
    .select()
    .from(sandboxChainTxs)
    .where(and(eq(sandboxChainTxs.network, network), between(sandboxChainTxs.block, from, top)))
    .orderBy(asc(sandboxChainTxs.block), asc(sandboxChainTxs.id))
    .limit(5000);
  return rows.map((r) => asTx(r, top));
}

export async function transaction(
  ctx: AppContext,
  network: UsdtNetwork,
  txHash: string,
): Promise<ChainTx | null> {
  const [row] = await ctx.db
    .select()
    .from(sandboxChainTxs)
    .where(and(eq(sandboxChainTxs.network, network), eq(sandboxChainTxs.txHash, txHash)));
  return row ? asTx(row, await height(ctx, network)) : null;
}
