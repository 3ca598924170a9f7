/**
 * The deposit side of the address pool (sys/addrPool): an order takes a free address of its network
 * (one guarded UPDATE, SKIP LOCKED so parallel orders take different ones: never two open orders on
 * one address) and gives it back when it leaves the open states; confirmed transfers write the pool's
 * flows and balance (addrPoolFlowList) from what the chain actually moved.
 */
import type { UsdtNetwork } from '@payops/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { dec, decString, type Tx } from '../../platform/ledger/index.ts';
import { addrPool, addrPoolFlows } from '../sys/addr-pool.schema.ts';

/** The address given to `orderNo`, or null when the network has no free address. */
export async function takeAddress(tx: Tx, network: UsdtNetwork, orderNo: string, now: Date) {
  const { rows } = await tx.execute<{ address: string }>(sql`
    UPDATE addr_pool SET status = 'assigned', assignee = ${orderNo}, updated_at = ${now}
     WHERE id = (SELECT id FROM addr_pool p WHERE network = ${network} AND status = 'free'
                    -- an address an operator freed by hand while an order still holds it stays out
                    AND NOT EXISTS (SELECT 1 FROM usdt_deposit_orders o WHERE o.address = p.address
                                       AND o.status IN ('pending_payment', 'confirming'))
                  ORDER BY updated_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
       AND status = 'free'
    RETURNING address`);
  return rows[0]?.address ?? null;
}

/** Frees the address if `orderNo` still holds it (a second release, or another holder, is a no-op). */
export async function releaseAddress(tx: Tx, address: string, orderNo: string, now: Date): Promise<void> {
  await tx
    .update(addrPool)
    .set({ status: 'free', assignee: null, updatedAt: now })
    .where(and(eq(addrPool.address, address), eq(addrPool.assignee, orderNo)));
}

/** A confirmed transfer in or out of a pool address: its flow row and the new balance (no-op elsewhere). */
export async function poolFlow(
  tx: Tx,
  t: { address: string; direction: 'in' | 'out'; amount: string; txHash: string },
  now: Date,
): Promise<void> {
  const delta = t.direction === 'in' ? t.amount : decString(dec(t.amount).neg());
  const [row] = await tx
    .update(addrPool)
    .set({ balance: sql`${addrPool.balance} + ${delta}::numeric`, updatedAt: now })
    .where(eq(addrPool.address, t.address))
    .returning({ id: addrPool.id, network: addrPool.network, balance: addrPool.balance });
  if (!row) return;
  await tx.insert(addrPoolFlows).values({
    addressId: row.id,
    address: t.address,
    network: row.network,
    direction: t.direction,
    amount: t.amount,
    balanceAfter: row.balance,
    txHash: t.txHash,
    createdAt: now,
  });
}
