/**
 * The demo day's third-party market: the sandbox P2P market as a third party (interface type
 * `sandbox-market`), the main pool's rule for markets and its push settings, then the open ads the
 * trade day left, force-pushed by the operator (the ads' transition) and answered by the sandbox as
 * told per push: one filled there (the child order completed here, with the ledger), one refused
 * (the order cancelled, the coins released), one filled there while the operator cancelled it here
 * (a difference the day's reconciliation lists), and the day reconciled. A second or so.
 */
import { AD_PAGES } from '@payops/contracts';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { tradeAds, tradePools, tradeRules, tradeTimeouts } from '../modules/trade/index.ts';
import { MARKET_PATHS, MARKET_SANDBOX_ROOT } from '../modules/trade/market-adapter.ts';
import { cancelOrder } from '../modules/trade/orders.service.ts';
import { dayBefore, reconcileDay } from '../modules/trade/trade-push.jobs.ts';
import { tradePushes } from '../modules/trade/trade-push.schema.ts';
import { pollAccepted, sendPending } from '../modules/trade/trade-push.service.ts';
import { platformOrigin } from '../modules/upstream/origin.ts';
import {
  type Instruction,
  instructionSchema,
  keyOf,
  setInstruction,
} from '../modules/upstream/sandbox/instructions.ts';
import { signed } from '../modules/upstream/signing.ts';
import type { AppContext } from '../platform/context.ts';
import { type Actor, runSystemTransition } from '../platform/transitions/index.ts';
import { ensureSandboxParty } from './sandbox-channels.ts';

export const DEMO_MARKET = {
  code: 'P2P-SANDBOX',
  name: '沙箱三方交易市场',
  mchNo: 'MKT_P2P_SANDBOX',
  secret: 'demo-p2p-market-secret-0001',
};

export interface TradePushDayReport {
  pushed: number;
  filled: number;
  rejected: number;
  differences: number;
}

/** The sandbox market as a third party, and a pool's rule and settings for pushing to it. */
export async function ensureMarket(ctx: AppContext, poolId: number, pushMinutes: number | null = 30) {
  const marketId = await ensureSandboxParty(ctx.db, ctx.keys.secretKey, DEMO_MARKET, 'sandbox-market');
  const [rule] = await ctx.db
    .select({ id: tradeRules.id })
    .from(tradeRules)
    .where(and(eq(tradeRules.poolId, poolId), eq(tradeRules.traderType, 'market')));
  if (!rule)
    await ctx.db.insert(tradeRules).values({
      name: '三方市场承接',
      poolId,
      traderType: 'market',
      minAmount: '1',
      maxAmount: '100000',
      largeAdAmount: '100000',
      payTypes: 'bank_card,alipay,wechat',
      // The most the rule's form allows (trade-config.ts): an operator editing this rule must be
      // able to save it as it is.
      maxOpenOrders: 100,
    });
  await ctx.db
    .insert(tradeTimeouts)
    .values({ poolId, payMinutes: 15, confirmMinutes: 30, adHours: 24, marketId, pushMinutes })
    .onConflictDoUpdate({ target: tradeTimeouts.poolId, set: { marketId, pushMinutes } });
  return marketId;
}

/** A signed call to the sandbox market, as its own back office would make it (settle, control). */
export async function callMarket(ctx: AppContext, path: string, params: Record<string, string | number>) {
  const res = await fetch(`${platformOrigin(ctx)}${MARKET_SANDBOX_ROOT}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(
      signed(DEMO_MARKET.secret, { mchNo: DEMO_MARKET.mchNo, ...params }, ctx.clock.now()),
    ),
  });
  const body = (await res.json()) as Record<string, unknown>;
  if (res.status !== 200 || body.code !== 0)
    throw new Error(`sandbox market ${path}: ${JSON.stringify(body)}`);
  return body;
}

/** What the sandbox market does with one push (its per-reference instruction). */
export function tellMarket(ctx: AppContext, pushNo: string, i: Partial<Instruction>) {
  return setInstruction(ctx, keyOf.order(DEMO_MARKET.mchNo, pushNo), instructionSchema.parse(i));
}

export async function runTradePushDay(ctx: AppContext, operator: Actor): Promise<TradePushDayReport> {
  const report: TradePushDayReport = { pushed: 0, filled: 0, rejected: 0, differences: 0 };
  const [pool] = await ctx.db.select().from(tradePools).where(eq(tradePools.code, 'USDT-CNY'));
  if (!pool) return report;
  const marketId = await ensureMarket(ctx, pool.id);
  const ads = await ctx.db
    .select()
    .from(tradeAds)
    .where(and(eq(tradeAds.poolId, pool.id), eq(tradeAds.status, 'open'), gt(tradeAds.remaining, '0')))
    .orderBy(asc(tradeAds.id))
    .limit(3);
  const plans: Partial<Instruction>[] = [
    { outcome: 'success', delayMs: 0 },
    { create: 'refuse' },
    { outcome: 'hold' },
  ];
  const pushes: string[] = [];
  for (const [i, ad] of ads.entries()) {
    const def = AD_PAGES[ad.side];
    const o = await runSystemTransition(ctx, def, 'forcePush', ad.id, {
      actor: operator,
      reason: ['挂单超时无人承接，推送三方', '大额卖单分流', '人工强推测试'][i],
    });
    const pushNo = String(o.extra.pushNo);
    await tellMarket(ctx, pushNo, plans[i]!);
    pushes.push(pushNo);
  }
  report.pushed = pushes.length;
  await sendPending(ctx);
  report.filled = await pollAccepted(ctx);
  const rows = await ctx.db.select().from(tradePushes).where(eq(tradePushes.marketId, marketId));
  report.rejected = rows.filter((r) => r.status === 'rejected').length;
  // The third: the market fills it while the operator here gives up on it.
  const held = rows.find((r) => r.pushNo === pushes[2] && r.status === 'accepted');
  if (held) {
    await callMarket(ctx, MARKET_PATHS.fill, { ref: held.pushNo, outcome: 'filled' });
    await cancelOrder(ctx, held.orderId, { reason: '买家长时间未付款，人工取消' }, operator);
  }
  const today = await dayBefore(ctx, new Date(ctx.clock.now().getTime() + 86_400_000));
  await reconcileDay(ctx, today);
  const { rows: diff } = await ctx.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM trade_rec_items i JOIN trade_rec_runs r ON r.id = i.run_id WHERE r.day = ${today}`,
  );
  report.differences = Number(diff[0]?.n ?? 0);
  return report;
}

export const describeTradePushDay = (r: TradePushDayReport) =>
  `third-party market: ${r.pushed} ads force-pushed, ${r.filled} filled there, ${r.rejected} refused; ` +
  `reconciliation: ${r.differences} differences`;
