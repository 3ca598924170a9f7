/**
 * The simulator's demo: a short burst of the automatic traders (started, three ticks, stopped, as
 * an operator would from /tradeMock/tradeMockSon), one of the disputes they raise resolved by the
 * operator, and a test deposit and withdrawal placed through the merchant API as the sandbox
 * merchant (/mockOrderTest/mockOrderTestSon), so both pages show what the running system made.
 */
import { DEFAULT_LOCALE } from '@payops/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { placeTestOrder } from '../modules/mockTrade/order-test.ts';
import { mockOrderTests } from '../modules/mockTrade/sandbox.schema.ts';
import { ensureSandboxMarket, SANDBOX_POOL_ID } from '../modules/mockTrade/sandbox-market.ts';
import { runTraderTick } from '../modules/mockTrade/trader-job.ts';
import { stopTraders, tuneTraders } from '../modules/mockTrade/traders.ts';
import { resolveDispute, tradeOrders } from '../modules/trade/index.ts';
import type { AppContext } from '../platform/context.ts';
import type { Actor } from '../platform/transitions/index.ts';
import { Random } from './random.ts';

export interface MockTradeDayReport {
  orders: number;
  resolved: number;
  tests: number;
}

export async function runMockTradeDay(
  ctx: AppContext,
  origin: string,
  operator: Actor,
  seed = 20261126,
): Promise<MockTradeDayReport> {
  const r = new Random(seed);
  await ensureSandboxMarket(ctx);
  const settings = {
    ratePerMinute: 5,
    amountMin: '20',
    amountMax: '300',
    lateShare: '0.2',
    disputeShare: '0.3',
  };
  for (const side of ['sell', 'buy'] as const)
    await tuneTraders(ctx.db, side, settings, ctx.clock.now(), operator.operatorId, true);
  for (let i = 0; i < 3; i++) await runTraderTick(ctx, () => r.next());
  for (const side of ['sell', 'buy'] as const)
    await stopTraders(ctx.db, side, ctx.clock.now(), operator.operatorId);

  // The operator rules on the first dispute: the payment was there.
  const [disputed] = await ctx.db
    .select({ id: tradeOrders.id })
    .from(tradeOrders)
    .where(and(eq(tradeOrders.poolId, SANDBOX_POOL_ID), eq(tradeOrders.status, 'disputed')))
    .orderBy(asc(tradeOrders.id))
    .limit(1);
  if (disputed) await resolveDispute(ctx, disputed.id, 'completed', '流水显示买家已付款', operator);

  let tests = 0;
  const bodies = [
    { direction: 'deposit', amount: '188.00', payType: 'alipay', outcome: 'success' },
    {
      direction: 'withdraw',
      amount: '66.00',
      bankName: 'ICBC',
      accountName: 'Sandbox Tester',
      accountNo: '6222020200008888',
    },
  ] as const;
  for (const body of bodies) {
    // The demo writes in the platform's default language, as every stored text of a fresh start.
    const placed = await placeTestOrder(ctx, body, operator.operatorId, DEFAULT_LOCALE, origin);
    if (placed === 'noOrigin') continue;
    await ctx.db.insert(mockOrderTests).values(placed.values);
    tests++;
  }
  const orders = await ctx.db.$count(tradeOrders, eq(tradeOrders.poolId, SANDBOX_POOL_ID));
  return { orders, resolved: disputed ? 1 : 0, tests };
}

export const describeMockTradeDay = (d: MockTradeDayReport) =>
  `simulator: ${d.orders} sandbox trade orders by the automatic traders, ${d.resolved} dispute resolved, ${d.tests} test orders through the merchant API`;
