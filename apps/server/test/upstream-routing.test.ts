/**
 * Routing on the real server: failover when the first passage's upstream errors or times out (the
 * decision log shows both), health from repeated errors, the daily cap, and the clear errors when no
 * passage can take an order (no passage for the pay type; the amount outside every passage's limits).
 */

import { localText, orderDepositList } from '@payops/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantPassages, passages } from '../src/modules/mch/passage.schema.ts';
import { depositOrders } from '../src/modules/order/schema.ts';
import { DOWN_AFTER, DOWN_FOR_MS, recordUpstreamError } from '../src/modules/upstream/health.ts';
import { placeDeposit } from '../src/modules/upstream/placement.ts';
import { routePassages, USING_CAP, usedToday, weightedOrder } from '../src/modules/upstream/routing.ts';
import { routingDecisions } from '../src/modules/upstream/schema.ts';
import { AppError } from '../src/platform/errors.ts';
import { runSystemTransition } from '../src/platform/transitions/index.ts';
import { type TestApp, toLocalHour } from './harness.ts';
import {
  listeningApp,
  merchant,
  type Party,
  passage,
  passageRow,
  sandboxCall,
  sandboxParty,
} from './upstream-helpers.ts';

let t: TestApp;
let a: Party;
let b: Party;
let merchantId: number;
let n = 0;

beforeAll(async () => {
  t = await listeningApp();
  // A passage's daily cap counts the platform day's orders: the cap test's in one day.
  toLocalHour(t, 10);
  a = await sandboxParty(t, 'SBX_A');
  b = await sandboxParty(t, 'SBX_B');
  merchantId = (await merchant(t)).id;
  // Callbacks are not what these tests look at: hold them.
  await sandboxCall(t, a, 'control', { outcome: 'hold' });
  await sandboxCall(t, b, 'control', { outcome: 'hold' });
});
afterAll(() => t.close());

const decisionOf = async (orderNo: string) =>
  (await t.ctx.db.select().from(routingDecisions).where(eq(routingDecisions.orderNo, orderNo)))[0]!;

const place = (payType: 'wechat' | 'alipay' | 'qq' | 'ecny' | 'bank_card', amount: string) =>
  placeDeposit(t.ctx, { merchantId, mchOrderNo: `R-${++n}`, payType, amount, locale: 'en-US' });

async function refusal(p: Promise<unknown>) {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(AppError);
  return (e as AppError).data as { fields: { field: string; message: string }[]; orderNo: string };
}

describe('failover', () => {
  it('tries the next passage when the first upstream errors, and logs both', async () => {
    const first = await passage(t, a, { payType: 'wechat', weight: 1 });
    // B is degraded: it comes after A whatever the weights draw.
    const second = await passage(t, b, { payType: 'wechat', weight: 100, health: 'degraded' });
    await sandboxCall(t, a, 'control', { create: 'error', outcome: 'hold' });
    const { order } = await place('wechat', '50');
    expect(order.status).toBe('pending_payment');
    expect(order.passageId).toBe(second.id);
    const d = await decisionOf(order.orderNo);
    expect(d.result).toBe('routed');
    expect(d.passageId).toBe(second.id);
    expect(d.candidates.map((c) => [c.passageId, c.verdict])).toEqual([
      [first.id, 'upstream_error'],
      [second.id, 'chosen'],
    ]);
    expect(d.candidates[0]!.detail).toContain('HTTP 503');
    expect(d.upstreamError).toContain('SBX_A');
    // The success brought B back to healthy.
    expect((await passageRow(t, second.id)).health).toBe('healthy');
  });

  it('marks a passage degraded after repeated errors, then tries it last', async () => {
    const [p] = await t.ctx.db.select().from(passages).where(eq(passages.name, 'SBX_A-wechat-deposit'));
    await t.ctx.db
      .update(passages)
      .set({ health: 'degraded' })
      .where(eq(passages.name, 'SBX_B-wechat-deposit'));
    await place('wechat', '51');
    expect((await passageRow(t, p!.id)).health).toBe('degraded');
    await sandboxCall(t, a, 'control', { outcome: 'hold' });
  });

  it('fails over on a timeout', async () => {
    const slow = await passage(t, a, { payType: 'ecny' });
    const fast = await passage(t, b, { payType: 'ecny', health: 'degraded' });
    await sandboxCall(t, a, 'control', { create: 'timeout', holdMs: 4000, outcome: 'hold' });
    const { order } = await place('ecny', '70');
    expect(order.passageId).toBe(fast.id);
    const d = await decisionOf(order.orderNo);
    expect(d.candidates.find((c) => c.passageId === slow.id)).toMatchObject({ verdict: 'upstream_error' });
    expect(d.upstreamError).toMatch(/no answer within 1500 ms/);
    await sandboxCall(t, a, 'control', { outcome: 'hold' });
  });

  it('fails the order with the upstream error when every passage fails', async () => {
    await passage(t, a, { payType: 'bank_card' });
    await sandboxCall(t, a, 'control', { create: 'refuse', outcome: 'hold' });
    const { order } = await place('bank_card', '80');
    expect(order.status).toBe('failed');
    expect(order.failReason).toContain('sandbox: order refused');
    expect((await decisionOf(order.orderNo)).result).toBe('all_failed');
    await sandboxCall(t, a, 'control', { outcome: 'hold' });
  });
});

describe('no passage', () => {
  it('answers a clear error naming payType when no passage offers the pay type', async () => {
    const data = await refusal(place('qq', '100'));
    expect(data.fields[0]).toMatchObject({
      field: 'payType',
      message: expect.stringContaining('no passage'),
    });
    const [o] = await t.ctx.db.select().from(depositOrders).where(eq(depositOrders.orderNo, data.orderNo));
    expect(o!.status).toBe('failed');
    // Its failure reason reads in each reader's language.
    expect(o!.failReason).toBe('@noPassage');
    expect(localText(o!.failReason!, 'zh-CN')).toBe('无可用通道（未开通该支付方式）');
    expect((await decisionOf(data.orderNo)).result).toBe('no_passage');
  });

  it('answers an amount error with the range when every passage refuses only the amount', async () => {
    await passage(t, a, { payType: 'alipay', singleMin: '10', singleMax: '500' });
    await passage(t, b, { payType: 'alipay', singleMin: '20', singleMax: '800' });
    const data = await refusal(place('alipay', '900'));
    expect(data.fields[0]).toMatchObject({ field: 'amount', message: 'is outside the limits (10 to 800)' });
    const d = await decisionOf(data.orderNo);
    expect(d.candidates.map((c) => c.verdict)).toEqual(['above_max', 'above_max']);
    const [o] = await t.ctx.db.select().from(depositOrders).where(eq(depositOrders.orderNo, data.orderNo));
    expect(localText(o!.failReason!, 'en-US')).toBe('No passage available (Above single maximum)');
  });

  it("refuses an amount outside the merchant's own limits before creating anything", async () => {
    const before = await t.ctx.db.$count(depositOrders);
    const data = await refusal(place('alipay', '200000'));
    expect(data.fields[0]!.field).toBe('amount');
    expect(await t.ctx.db.$count(depositOrders)).toBe(before);
  });

  it('skips a passage whose daily cap has no room left', async () => {
    const capped = await passage(t, b, { payType: 'wechat_to_card' as never, dailyLimit: '150' });
    const ok = await place('wechat_to_card' as never, '100');
    expect(ok.order.passageId).toBe(capped.id);
    const data = await refusal(place('wechat_to_card' as never, '100'));
    expect(data.fields[0]!.field).toBe('payType');
    const d = await decisionOf(data.orderNo);
    expect(d.candidates[0]).toMatchObject({ verdict: 'daily_cap', detail: '100 / 150' });

    // The usage follows the order (passage_usage, kept by the order tables' triggers): a timed-out
    // order gives its room back, a late payment takes it again; every bucket is what the orders say.
    const usage = async () => {
      expect(await usageFromTriggers()).toEqual(await usageFromOrders());
      const now = t.ctx.clock.now();
      return Number(await usedToday(t.ctx, 'deposit', capped.id, now));
    };
    expect(await usage()).toBe(100);
    await runSystemTransition(t.ctx, orderDepositList, 'expire', ok.order.id);
    expect(await usage()).toBe(0);
    const again = await place('wechat_to_card' as never, '100');
    expect(again.order).toMatchObject({ passageId: capped.id, status: 'pending_payment' });
    await runSystemTransition(t.ctx, orderDepositList, 'pay', ok.order.id);
    expect(await usage()).toBe(200);
  });
});

/** Each passage's, direction's and 15-minute bucket's use as passage_usage keeps it (non-zero ones). */
async function usageFromTriggers() {
  const { rows } = await t.ctx.pool.query(
    `SELECT passage_id, direction, bucket, sum(used)::text AS used FROM passage_usage
      GROUP BY 1, 2, 3 HAVING sum(used) <> 0 ORDER BY 1, 2, 3`,
  );
  return rows;
}

/** The same, summed from the orders in the states that use a cap (routing.ts USING_CAP). */
async function usageFromOrders() {
  const of = (table: string, direction: keyof typeof USING_CAP) => `
    SELECT passage_id, '${direction}' AS direction,
           to_timestamp(floor(extract(epoch FROM created_at) / 900) * 900) AS bucket, amount
      FROM ${table} WHERE passage_id IS NOT NULL AND status = ANY($${direction === 'deposit' ? 1 : 2})`;
  const { rows } = await t.ctx.pool.query(
    `SELECT passage_id, direction, bucket, sum(amount)::numeric(28, 8)::text AS used
       FROM (${of('deposit_orders', 'deposit')} UNION ALL ${of('withdraw_orders', 'withdraw')}) o
      GROUP BY 1, 2, 3 HAVING sum(amount) <> 0 ORDER BY 1, 2, 3`,
    [USING_CAP.deposit, USING_CAP.withdraw],
  );
  return rows;
}

describe('health', () => {
  it('takes a passage down after repeated errors, skips it, and tries it again (last) after its rest', async () => {
    const p = await passage(t, a, { payType: 'unionpay_to_card' as never });
    for (let i = 0; i < DOWN_AFTER; i++) await recordUpstreamError(t.ctx, p.id, 'test: HTTP 503');
    expect((await passageRow(t, p.id)).health).toBe('down');
    const req = { direction: 'deposit' as const, merchantId, payType: 'unionpay_to_card', amount: '50' };
    const resting = await routePassages(t.ctx, { ...req, now: t.ctx.clock.now() });
    expect(resting.ranked).toHaveLength(0);
    expect(resting.skipped[0]).toMatchObject({ passageId: p.id, verdict: 'down' });
    const later = await routePassages(t.ctx, {
      ...req,
      now: new Date(t.ctx.clock.nowMs() + DOWN_FOR_MS + 1),
    });
    expect(later.ranked.map((r) => [r.passage.id, r.health])).toEqual([[p.id, 'degraded']]);
  });

  it('orders by weight at random: a heavier passage comes first more often', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const firsts = { heavy: 0, light: 0, zero: 0 };
    const items = [
      { id: 'light' as const, weight: 1 },
      { id: 'heavy' as const, weight: 9 },
      { id: 'zero' as const, weight: 0 },
    ];
    for (let i = 0; i < 2000; i++) {
      const order = weightedOrder(items, random);
      firsts[order[0]!.id]++;
      expect(order.map((x) => x.id).sort()).toEqual(['heavy', 'light', 'zero']);
      expect(order[2]!.id).toBe('zero');
    }
    expect(firsts.zero).toBe(0);
    expect(firsts.heavy / 2000).toBeGreaterThan(0.85);
    expect(firsts.light).toBeGreaterThan(100);
  });
});

describe("the merchant's rate on a passage", () => {
  it("fixes the fee of a deposit that passage takes; elsewhere the merchant rate holds; the passage's own rate is its channel cost", async () => {
    const own = await merchant(t, { depositRate: '0.01' });
    const plain = await merchant(t, { depositRate: '0.01' });
    const p = await passage(t, a, { payType: 'unionpay_to_card', rate: '0.012' });
    await t.ctx.db.insert(merchantPassages).values({
      merchantId: own.id,
      passageId: p.id,
      direction: 'deposit',
      payType: p.payType,
      rate: '0.035',
    });
    const placed = (merchantId: number) =>
      placeDeposit(t.ctx, {
        merchantId,
        mchOrderNo: `RATE-${++n}`,
        payType: 'unionpay_to_card',
        amount: '200',
      });
    const routed = await placed(own.id);
    expect(routed.order).toMatchObject({
      status: 'pending_payment',
      passageId: p.id,
      fee: '7.00000000',
      channelFee: '2.40000000',
    });
    // The fee in the row is the one the success will post.
    const [row] = await t.ctx.db.select().from(depositOrders).where(eq(depositOrders.id, routed.order.id));
    expect(row!.fee).toBe('7.00000000');
    expect((await placed(plain.id)).order).toMatchObject({
      passageId: p.id,
      fee: '2.00000000',
      channelFee: '2.40000000',
    });
  });
});
