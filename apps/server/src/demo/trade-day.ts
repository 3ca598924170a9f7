/**
 * The demo day's trade market: two pools with rules and timeouts (settings), members of the demo
 * merchants applying to advertise (an operator approves; one large-ad application left pending),
 * coins credited to the sellers (requested by the OTC desk, approved by the operator; one left
 * pending), buy and sell ads, and orders through every state by the market's own services: completed
 * by the seller and by the receipt audit, cancelled, timed out and escalated by the timeout job at a
 * later hour, disputes ruled both ways, one paid order waiting for the audit and one waiting for
 * payment. A second or two.
 */

import { buyorderApplyPage, sellorderApplyPage, tradeMemberList } from '@payops/contracts';
import { sql } from 'drizzle-orm';
import { members } from '../modules/member/schema.ts';
import { RiskBlocked } from '../modules/risk/check.ts';
import { addListEntry } from '../modules/risk/service.ts';
import {
  applyFor,
  cancelAd,
  cancelOrder,
  confirmOrder,
  createAd,
  markPaid,
  openDispute,
  requestCoinCredit,
  resolveDispute,
  type TraderRef,
  takeAd,
  tradePools,
  tradeRules,
  traderActor,
  tradeTimeouts,
} from '../modules/trade/index.ts';
import { enforceTrader } from '../modules/trade/trade-risk.ts';
import { enforceTradeTimeouts } from '../modules/trade/trade-timeouts.ts';
import { activeTrader } from '../modules/trade/traders.ts';
import type { AppContext } from '../platform/context.ts';
import { type Actor, runSystemTransition } from '../platform/transitions/index.ts';
import { demoVoucherPng } from './match-day.ts';

const OPERATOR: Actor = { operatorId: 1, username: 'admin', locale: 'zh-CN' };
const DESK: Actor = { operatorId: null, username: 'otc-desk', locale: 'zh-CN' };

export interface TradeDayReport {
  ads: number;
  orders: number;
  completed: number;
  disputes: number;
  ms: number;
}

async function settings(ctx: AppContext) {
  const pools = await ctx.db
    .insert(tradePools)
    .values([
      { code: 'USDT-CNY', name: 'USDT/CNY 主池', priceSource: 'rate', spread: '0.005', feeRate: '0.001' },
      {
        code: 'USDT-CNY-FIX',
        name: 'USDT/CNY 固定价',
        priceSource: 'fixed',
        fixedPrice: '7.2',
        feeRate: '0',
      },
    ])
    .onConflictDoNothing()
    .returning({ id: tradePools.id });
  const [main, fixed] = pools;
  if (!main || !fixed) return null;
  await ctx.db.insert(tradeRules).values([
    {
      name: '会员交易(主池)',
      poolId: main.id,
      traderType: 'member',
      minAmount: '10',
      maxAmount: '5000',
      largeAdAmount: '3000',
      payTypes: 'bank_card,alipay,wechat',
      maxOpenOrders: 5,
      requireAdvertiser: true,
    },
    {
      name: '会员交易(固定价)',
      poolId: fixed.id,
      traderType: 'member',
      minAmount: '10',
      maxAmount: '2000',
      largeAdAmount: '2000',
      payTypes: 'bank_card',
      maxOpenOrders: 3,
    },
  ]);
  await ctx.db.insert(tradeTimeouts).values([
    { poolId: main.id, payMinutes: 15, confirmMinutes: 30, adHours: 24 },
    { poolId: fixed.id, payMinutes: 10, confirmMinutes: 20, adHours: 12 },
  ]);
  return main.id;
}

export async function runTradeDay(ctx: AppContext): Promise<TradeDayReport> {
  const started = Date.now();
  const report: TradeDayReport = { ads: 0, orders: 0, completed: 0, disputes: 0, ms: 0 };
  const poolId = await settings(ctx);
  const rows = await ctx.db.execute<{ id: number; account: string }>(
    sql`SELECT id, account FROM ${members} WHERE status = 'normal' ORDER BY id LIMIT 40`,
  );
  // Traders the risk service lets trade: earlier demo steps put some members on the lists.
  const clear = await mayTrade(ctx, rows.rows);
  if (!poolId || clear.length < 8) return report;
  const [s1, s2, s3, b1, b2, b3, b4, blocked] = clear.slice(0, 8).map((m) => ({
    ref: { ownerType: 'member', ownerId: Number(m.id) } as TraderRef,
    as: traderActor({ ownerType: 'member', code: m.account }),
    account: m.account,
  }));
  const as = (p: { as: Actor }) => p.as;

  // Who may advertise: applications, decided by the operator; a large-ad one stays pending.
  for (const [p, side] of [
    [s1!, 'sell'],
    [s2!, 'sell'],
    [b1!, 'buy'],
  ] as const) {
    const a = await applyFor(
      ctx,
      { trader: p.ref, poolId, side, kind: 'advertiser', note: '申请成为广告商' },
      p.as,
    );
    const def = side === 'buy' ? buyorderApplyPage : sellorderApplyPage;
    await runSystemTransition(ctx, def, 'approve', a.id, { actor: OPERATOR });
  }
  await applyFor(ctx, { trader: s3!.ref, poolId, side: 'sell', kind: 'advertiser', note: '新会员' }, s3!.as);
  const rejected = await applyFor(
    ctx,
    { trader: s2!.ref, poolId, side: 'sell', kind: 'large_ad', amount: '8000' },
    s2!.as,
  );
  await runSystemTransition(ctx, sellorderApplyPage, 'reject', rejected.id, {
    actor: OPERATOR,
    reason: '交易记录不足',
  });
  await applyFor(
    ctx,
    { trader: s1!.ref, poolId, side: 'sell', kind: 'large_ad', amount: '6000', note: '大额出币' },
    s1!.as,
  );

  // Coins: the OTC desk's purchases for the sellers, approved by the operator; one left for the checker.
  for (const [p, amount] of [
    [s1!, '5000'],
    [s2!, '3000'],
  ] as const) {
    const id = await requestCoinCredit(ctx, { trader: p.ref, amount, reason: 'OTC柜台购入' }, DESK);
    await runSystemTransition(ctx, tradeMemberList, 'approveCredit', id, { actor: OPERATOR });
  }
  await requestCoinCredit(ctx, { trader: s3!.ref, amount: '1500', reason: 'OTC柜台购入' }, DESK);

  // Ads.
  const sellA = await createAd(
    ctx,
    {
      trader: s1!.ref,
      poolId,
      side: 'sell',
      amount: '1000',
      minTake: '20',
      maxTake: '500',
      remark: '秒放币',
    },
    as(s1!),
  );
  const sellB = await createAd(
    ctx,
    { trader: s2!.ref, poolId, side: 'sell', amount: '800', payTypes: 'bank_card,alipay' },
    as(s2!),
  );
  const buyA = await createAd(ctx, { trader: b1!.ref, poolId, side: 'buy', amount: '600' }, as(b1!));
  const gone = await createAd(ctx, { trader: s2!.ref, poolId, side: 'sell', amount: '100' }, as(s2!));
  await cancelAd(ctx, gone.id, '价格不合适，撤单', as(s2!));
  report.ads = 4;

  const voucher = demoVoucherPng().toString('base64');
  const take = async (
    ad: { id: number },
    p: typeof b2,
    amount: string,
    payType: 'bank_card' | 'alipay' | 'wechat' = 'bank_card',
  ) => {
    report.orders++;
    return takeAd(ctx, { adId: ad.id, taker: p!.ref, amount, payType }, p!.as);
  };
  const pay = (o: { id: number }, p: typeof b2) => markPaid(ctx, o.id, { by: p!.ref, voucher }, p!.as);

  // Completed by the seller, and by the operator's receipt audit.
  const o1 = await take(sellA, b2, '200', 'alipay');
  await pay(o1, b2);
  await confirmOrder(ctx, o1.id, { by: s1!.ref }, as(s1!));
  const o2 = await take(sellA, b3, '100');
  await pay(o2, b3);
  await confirmOrder(ctx, o2.id, { operator: true }, OPERATOR);
  // Cancelled by the buyer; disputes ruled for the buyer and for the seller.
  const o3 = await take(sellA, b2, '50', 'wechat');
  await cancelOrder(ctx, o3.id, { reason: '买家不想买了', by: b2!.ref }, as(b2!));
  const o5 = await take(sellB, b4, '120', 'alipay');
  await pay(o5, b4);
  await openDispute(ctx, o5.id, { reason: '卖家称未收到款', by: s2!.ref }, as(s2!));
  await resolveDispute(ctx, o5.id, 'completed', '银行流水显示已到账', OPERATOR);
  const o6 = await take(sellB, b4, '60');
  await pay(o6, b4);
  await openDispute(ctx, o6.id, { reason: '付款凭证与账户不符', by: s2!.ref }, as(s2!));
  await resolveDispute(ctx, o6.id, 'cancelled', '凭证伪造，取消订单', OPERATOR);
  report.completed = 3;
  report.disputes = 3;

  // Nobody paid one, nobody confirmed another: the timeout job at a later hour.
  await take(sellB, b3, '80');
  const o8 = await take(sellA, b2, '30');
  await pay(o8, b2);
  await enforceTradeTimeouts(ctx, new Date(ctx.clock.now().getTime() + 31 * 60_000));

  // Waiting now: a paid order for the receipt audit (a taker of the buy ad sells), one to be paid.
  const o7 = await take(buyA, s2, '100');
  await pay(o7, b1);
  await take(sellA, b3, '40');

  // A member on the deposit black list tries to take an ad: refused, the block log shows it.
  await ctx.db.transaction((tx) =>
    addListEntry(
      ctx,
      tx,
      { list: 'deposit_black', kind: 'member', value: blocked!.account, reason: '涉嫌跑分' },
      OPERATOR,
    ),
  );
  await take(sellA, blocked, '20').catch(() => null);
  report.ms = Date.now() - started;
  return report;
}

export function describeTradeDay(d: TradeDayReport): string {
  return (
    `demo trades: ${d.ads} ads, ${d.orders} orders (${d.completed} completed, ${d.disputes} disputed), ` +
    `${d.ms} ms`
  );
}

async function mayTrade<M extends { id: number }>(ctx: AppContext, candidates: M[]): Promise<M[]> {
  const clear: M[] = [];
  for (const m of candidates) {
    const refused = await ctx.db.transaction(async (tx) => {
      const t = await activeTrader(tx, { ownerType: 'member', ownerId: Number(m.id) }, 'zh-CN', 'trader');
      return enforceTrader(ctx, tx, t).then(
        () => false,
        (e: unknown) => e instanceof RiskBlocked,
      );
    });
    if (!refused) clear.push(m);
    if (clear.length === 8) break;
  }
  return clear;
}
