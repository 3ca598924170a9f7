/**
 * Trade reconciliation (contracts trade-rec.ts): a business day's pushes to one market (ours) against
 * the market's statement of that day (theirs, fetched through its adapter), per pool. Our side of an
 * order is its local state (completed = filled; cancelled or timed out = cancelled; otherwise open); a
 * push the market never took (rejected, failed, pending) is not expected there. Each order that
 * differs is an item; the market's orders under a reference that is none of ours go to pool 0.
 * A run is idempotent: re-running a day updates its runs and open items in place and keeps explained
 * ones (the market may still change its mind, so an item whose difference is gone is dropped).
 */
import type { RecKind } from '@payops/contracts';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { dec, decString, type Tx } from '../../platform/ledger/index.ts';
import { marketById, marketClient, type RemoteOrder } from './market-adapter.ts';
import { tradeRecItems, tradeRecRuns } from './trade-push.schema.ts';

interface Local {
  pushNo: string;
  orderNo: string;
  poolId: number;
  pushStatus: string;
  orderStatus: string;
  amount: string;
}

interface Item {
  itemKey: string;
  kind: RecKind;
  orderNo: string | null;
  pushNo: string | null;
  remoteNo: string | null;
  localStatus: string | null;
  remoteStatus: string | null;
  localAmount: string | null;
  remoteAmount: string | null;
}

interface PoolSide {
  localCount: number;
  localAmount: string;
  remoteCount: number;
  remoteAmount: string;
  items: Item[];
}

const UNTAKEN = ['pending', 'failed', 'rejected'];
const asRemote = (orderStatus: string) =>
  orderStatus === 'completed'
    ? 'filled'
    : ['cancelled', 'timeout'].includes(orderStatus)
      ? 'cancelled'
      : 'open';

async function localPushes(tx: Tx, zone: string, day: string, marketId: number): Promise<Local[]> {
  const { rows } = await tx.execute<Local & Record<string, unknown>>(sql`
    SELECT p.push_no AS "pushNo", p.order_no AS "orderNo", p.pool_id AS "poolId", p.status AS "pushStatus",
           o.status AS "orderStatus", p.amount::text AS amount
      FROM trade_pushes p JOIN trade_orders o ON o.id = p.order_id
     WHERE p.market_id = ${marketId} AND p.created_at >= (${day}::date::timestamp AT TIME ZONE ${zone})
       AND p.created_at < ((${day}::date + 1)::timestamp AT TIME ZONE ${zone})`);
  return rows;
}

/** Both sides of the day, per pool (pool 0: the market's orders we cannot place). */
export function compare(locals: Local[], remotes: RemoteOrder[]): Map<number, PoolSide> {
  const byRef = new Map(remotes.map((r) => [r.ref, r]));
  const pools = new Map<number, PoolSide>();
  const side = (poolId: number): PoolSide => {
    const found = pools.get(poolId);
    if (found) return found;
    const made: PoolSide = { localCount: 0, localAmount: '0', remoteCount: 0, remoteAmount: '0', items: [] };
    pools.set(poolId, made);
    return made;
  };
  const add = (a: string, b: string) => decString(dec(a).plus(dec(b)));
  for (const l of locals) {
    const s = side(l.poolId);
    const r = byRef.get(l.pushNo);
    byRef.delete(l.pushNo);
    const ours = asRemote(l.orderStatus);
    if (!UNTAKEN.includes(l.pushStatus) || r) s.localCount++;
    if (ours === 'filled') s.localAmount = add(s.localAmount, l.amount);
    if (r) {
      s.remoteCount++;
      if (r.status === 'filled') s.remoteAmount = add(s.remoteAmount, r.amount);
    }
    const base = {
      itemKey: l.orderNo,
      orderNo: l.orderNo,
      pushNo: l.pushNo,
      localStatus: l.orderStatus,
      localAmount: l.amount,
    };
    if (!r) {
      if (!UNTAKEN.includes(l.pushStatus))
        s.items.push({ ...base, kind: 'only_local', remoteNo: null, remoteStatus: null, remoteAmount: null });
      continue;
    }
    const theirs = { remoteNo: r.remoteNo, remoteStatus: r.status, remoteAmount: r.amount };
    if (r.status !== ours) s.items.push({ ...base, ...theirs, kind: 'status_differs' });
    else if (!dec(r.amount).eq(dec(l.amount))) s.items.push({ ...base, ...theirs, kind: 'amount_differs' });
  }
  for (const r of byRef.values()) {
    const s = side(0);
    s.remoteCount++;
    if (r.status === 'filled') s.remoteAmount = add(s.remoteAmount, r.amount);
    s.items.push({
      itemKey: r.remoteNo,
      kind: 'only_remote',
      orderNo: null,
      pushNo: r.ref,
      remoteNo: r.remoteNo,
      localStatus: null,
      remoteStatus: r.status,
      localAmount: null,
      remoteAmount: r.amount,
    });
  }
  return pools;
}

/** A run's counts of differences and its result, from its items (after a run or an explanation). */
export async function recount(tx: Tx, runId: number): Promise<void> {
  await tx.execute(sql`
    UPDATE trade_rec_runs r SET differences = c.n, open_differences = c.open,
           result = CASE WHEN c.n = 0 THEN 'matched' WHEN c.open = 0 THEN 'explained' ELSE 'differs' END
      FROM (SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'open')::int AS open
              FROM trade_rec_items WHERE run_id = ${runId}) c
     WHERE r.id = ${runId}`);
}

/** The market's statement of the day (over HTTP: call it outside a transaction). */
export async function fetchStatement(ctx: AppContext, day: string, marketId: number): Promise<RemoteOrder[]> {
  const m = await marketById(ctx, marketId);
  if (!m) throw new Error(`market ${marketId} not found`);
  const { adapter, access } = marketClient(ctx, m);
  return adapter.statement(access, day, ctx.clock.now());
}

/** Writes the day's runs and items for a market in `tx`; answers the run ids. */
export async function applyDay(
  ctx: AppContext,
  tx: Tx,
  day: string,
  marketId: number,
  remotes: RemoteOrder[],
): Promise<number[]> {
  const now = ctx.clock.now();
  const pools = compare(await localPushes(tx, ctx.config.timeZone, day, marketId), remotes);
  const ids: number[] = [];
  for (const [poolId, s] of pools) {
    const counts = {
      localCount: s.localCount,
      localAmount: s.localAmount,
      remoteCount: s.remoteCount,
      remoteAmount: s.remoteAmount,
      runAt: now,
    };
    const [run] = await tx
      .insert(tradeRecRuns)
      .values({ day, poolId, marketId, ...counts })
      .onConflictDoUpdate({
        target: [tradeRecRuns.day, tradeRecRuns.marketId, tradeRecRuns.poolId],
        set: counts,
      })
      .returning({ id: tradeRecRuns.id });
    const runId = run!.id;
    ids.push(runId);
    const keys = s.items.map((i) => i.itemKey);
    // A difference gone since the last run is dropped unless an operator explained it.
    await tx
      .delete(tradeRecItems)
      .where(
        and(
          eq(tradeRecItems.runId, runId),
          eq(tradeRecItems.status, 'open'),
          ...(keys.length ? [notInArray(tradeRecItems.itemKey, keys)] : []),
        ),
      );
    for (const i of s.items) {
      const { itemKey: _k, ...values } = i;
      await tx
        .insert(tradeRecItems)
        .values({ runId, ...i, createdAt: now })
        .onConflictDoUpdate({
          target: [tradeRecItems.runId, tradeRecItems.itemKey],
          set: { ...values, updatedAt: now },
          setWhere: eq(tradeRecItems.status, 'open'),
        });
    }
    await recount(tx, runId);
  }
  return ids;
}

export async function runRecDay(ctx: AppContext, day: string, marketId: number): Promise<number[]> {
  const remotes = await fetchStatement(ctx, day, marketId);
  return ctx.db.transaction((tx) => applyDay(ctx, tx, day, marketId, remotes));
}

/** The markets that had pushes on a day (the daily job's list). */
export async function marketsOfDay(ctx: AppContext, day: string): Promise<number[]> {
  const { rows } = await ctx.pool.query<{ id: number }>(
    `SELECT DISTINCT market_id AS id FROM trade_pushes
      WHERE created_at >= ($1::date::timestamp AT TIME ZONE $2) AND created_at < (($1::date + 1)::timestamp AT TIME ZONE $2)`,
    [day, ctx.config.timeZone],
  );
  return rows.map((r) => Number(r.id));
}

export const runIdsOf = (ctx: AppContext, ids: number[]) =>
  ctx.db.select().from(tradeRecRuns).where(inArray(tradeRecRuns.id, ids));
