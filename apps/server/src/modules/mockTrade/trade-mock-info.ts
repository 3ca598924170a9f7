/** What the simulator's page reads at a glance (tradeInfo) and one order in full (getTradeDetail). */
import { tradeOrderList } from '@payops/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { balancesOf } from '../../platform/ledger/index.ts';
import { statusHistory } from '../../platform/transitions/schema.ts';
import { adById, type TradeOrder, tradeAds, tradeOrders } from '../trade/index.ts';
import { listMockRates } from './mock-rates.ts';
import { ensureSandboxMarket, SANDBOX_POOL_ID } from './sandbox-market.ts';
import { listTraders } from './traders.ts';

export async function tradeInfo(ctx: AppContext) {
  const { merchant, poolId } = await ensureSandboxMarket(ctx);
  const count = async (table: typeof tradeOrders | typeof tradeAds) =>
    Object.fromEntries(
      (
        await ctx.db
          .select({ status: table.status, n: sql<number>`count(*)::int` })
          .from(table)
          .where(eq(table.poolId, SANDBOX_POOL_ID))
          .groupBy(table.status)
      ).map((r) => [r.status, r.n]),
    );
  const b = (await balancesOf(ctx.db, 'merchant', [merchant.id])).get(merchant.id);
  return {
    merchant: { id: merchant.id, mchNo: merchant.mchNo, name: merchant.name, sandbox: true, ...b },
    poolId,
    traders: await listTraders(ctx.db),
    orders: await count(tradeOrders),
    ads: await count(tradeAds),
    mockRates: await listMockRates(ctx.db),
  };
}

export async function tradeDetail(ctx: AppContext, o: TradeOrder) {
  const history = await ctx.db
    .select()
    .from(statusHistory)
    .where(and(eq(statusHistory.resource, tradeOrderList.name), eq(statusHistory.recordId, String(o.id))))
    .orderBy(asc(statusHistory.id));
  return { order: o, ad: (await adById(ctx.db, o.adId)) ?? null, history };
}
