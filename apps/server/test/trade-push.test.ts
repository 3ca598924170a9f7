/**
 * Pushing ads to a third-party P2P market (the sandbox market over HTTP) and reconciling with it:
 * two concurrent force pushes make one push and one order at the market; the market's fill completes
 * the child order with the ledger; a refusal is recorded and releases the coins; a fill at the market
 * the platform never heard of (the order cancelled here) is a difference of the day's reconciliation,
 * explained by an operator and kept by a re-run; bad input is a 400 naming the field; a role without
 * the pages is refused.
 */
import { trade_push_rec_page, trade_sell_order_page, tradeOrderList } from '@payops/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMarket, ensureMarket } from '../src/demo/trade-push-day.ts';
import { createAd } from '../src/modules/trade/index.ts';
import { marketOrdersByRef } from '../src/modules/trade/market-sandbox.routes.ts';
import { tradeAds, tradeRules } from '../src/modules/trade/trade.schema.ts';
import { dayBefore, reconcileDay } from '../src/modules/trade/trade-push.jobs.ts';
import { tradePushes } from '../src/modules/trade/trade-push.schema.ts';
import { pollAccepted, pushDueAds } from '../src/modules/trade/trade-push.service.ts';
import { findAccount, ledgerIsSound, verifyLedger } from '../src/platform/ledger/index.ts';
import { call, createOperator, signIn } from './harness.ts';
import {
  actorOf,
  adRow,
  coins,
  fund,
  ok,
  orderStatus,
  type Row,
  ref,
  type TradeWorld,
  tradeWorld,
} from './trade-support.ts';
import { waitFor } from './upstream-helpers.ts';

let w: TradeWorld;
let marketId: number;
beforeAll(async () => {
  // The reconciliation reconciles the platform day's pushes, the first test's included: all in one day.
  w = await tradeWorld(['seller1', 'buyer1'], {}, { localHour: 10 });
  await w.t.app.listen({ port: 0, host: '127.0.0.1' });
  marketId = await ensureMarket(w.t.ctx, w.poolId, null);
  await fund(w, 'seller1', '1000');
});
afterAll(() => w.t.close());

const sellAd = (amount: string) =>
  createAd(
    w.t.ctx,
    { trader: ref(w, 'seller1'), poolId: w.poolId, side: 'sell', amount },
    actorOf('seller1'),
  );
const forcePush = (id: number, reason = 'nobody took it') =>
  call(w.t, 'POST', trade_sell_order_page.actions.forcePush!.path, {
    session: w.admin,
    body: { id, reason },
  });
const pushOf = (adId: number, status?: string) =>
  waitFor(async () => {
    const [p] = await w.t.ctx.db.select().from(tradePushes).where(eq(tradePushes.adId, adId));
    return p && (!status || p.status === status) ? p : null;
  });
const tell = (i: Record<string, string | number>) => callMarket(w.t.ctx, '/control', i);

describe('third-party market push', () => {
  it('two concurrent force pushes: one push, one market order; its fill completes the order with the ledger', async () => {
    await tell({ outcome: 'hold' });
    const ad = await sellAd('100');
    const answers = await Promise.all([forcePush(ad.id), forcePush(ad.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const p = await pushOf(ad.id, 'accepted');
    expect(p.forced).toBe(true);
    expect(p.remoteNo).toMatch(/^MKT/);
    expect(await marketOrdersByRef(w.t.ctx, [p.pushNo])).toHaveLength(1);
    // The coins are frozen for the market's order while it is open there.
    expect(await coins(w, 'seller1')).toEqual({ available: 900, frozen: 100 });

    // The market fills it; the poll completes the child order through its transitions.
    await callMarket(w.t.ctx, '/order/settle', { ref: p.pushNo, outcome: 'filled' });
    expect(await pollAccepted(w.t.ctx)).toBe(1);
    expect((await pushOf(ad.id)).status).toBe('filled');
    expect(await orderStatus(w, p.orderId)).toBe('completed');
    expect(await coins(w, 'seller1')).toEqual({ available: 900, frozen: 0 });
    const market = await findAccount(w.t.ctx.db, {
      ownerType: 'market',
      ownerId: marketId,
      currency: 'USDT',
    });
    expect(Number(market?.available)).toBe(99.9); // 100 minus the pool's 0.1 % fee

    // The force-push log shows who forced it and why, with the result.
    const log = await ok<{ list: Row[] }>(w, '/api/trade/push/forced/findByPage', { page: 1, pageSize: 20 });
    const row = log.list.find((r) => r.pushNo === p.pushNo)!;
    expect(row).toMatchObject({ reason: 'nobody took it', status: 'filled', createdByLabel: 'admin' });
    expect(await ledgerIsSound(await verifyLedger(w.t.ctx.db))).toBe(true);
  });

  it('a push the market refuses is recorded, its order cancelled and the coins back on the ad', async () => {
    await tell({ create: 'refuse' });
    const ad = await sellAd('50');
    expect((await forcePush(ad.id)).statusCode).toBe(200);
    const p = await pushOf(ad.id, 'rejected');
    expect(p.lastError).toMatch(/no takers/);
    expect(p.attempts).toBe(1);
    expect(await orderStatus(w, p.orderId)).toBe('cancelled');
    expect(await adRow(w, ad.id)).toMatchObject({ status: 'open', remaining: 50 });
    const list = await ok<{ list: Row[] }>(w, '/api/trade/push/findByPage', {
      page: 1,
      pageSize: 20,
      filters: { status: ['rejected'] },
    });
    expect(list.list.map((r) => r.pushNo)).toContain(p.pushNo);
  });

  it('reconciliation lists a fill at the market the platform did not receive, explained and kept by a re-run', async () => {
    await tell({ outcome: 'hold' });
    const ad = await sellAd('30');
    expect((await forcePush(ad.id)).statusCode).toBe(200);
    const p = await pushOf(ad.id, 'accepted');
    // Filled at the market, while an operator cancels the order here before any poll.
    await callMarket(w.t.ctx, '/order/settle', { ref: p.pushNo, outcome: 'filled' });
    const cancel = await call(w.t, 'POST', tradeOrderList.actions.cancel!.path, {
      session: w.admin,
      body: { id: p.orderId, reason: 'buyer gone' },
      headers: { 'idempotency-key': `cancel-push-${p.id}` },
    });
    expect(cancel.envelope.code, cancel.body).toBe(0);

    const today = await dayBefore(w.t.ctx, new Date(w.t.ctx.clock.now().getTime() + 86_400_000));
    await reconcileDay(w.t.ctx, today);
    const runs = await ok<{ list: Row[] }>(w, '/api/trade/rec/findByPage', {
      page: 1,
      pageSize: 20,
      filters: { poolId: w.poolId },
    });
    const run = runs.list.find((r) => r.day === today && r.marketId === marketId)!;
    expect(run).toMatchObject({
      result: 'differs',
      differences: 1,
      openDifferences: 1,
      localCount: 2,
      remoteCount: 2,
    });
    // The first test's push was filled on both sides, the refused one never reached the market.
    expect(Number(run.localAmount)).toBe(100);
    expect(Number(run.remoteAmount)).toBe(130);
    const items = await ok<{ list: Row[] }>(w, '/api/trade/rec/items/findByPage', {
      page: 1,
      pageSize: 20,
      filters: { runId: run.id },
    });
    expect(items.list).toHaveLength(1);
    expect(items.list[0]).toMatchObject({
      kind: 'status_differs',
      orderNo: p.orderNo,
      remoteNo: p.remoteNo,
      localStatus: 'cancelled',
      remoteStatus: 'filled',
    });

    await ok(w, '/api/trade/rec/items/explain', {
      id: items.list[0]!.id,
      reason: 'market refunds the buyer',
    });
    await ok(w, '/api/trade/rec/rerun', { id: run.id });
    const after = await ok<{ list: Row[] }>(w, '/api/trade/rec/findByPage', {
      page: 1,
      pageSize: 20,
      filters: { poolId: w.poolId },
    });
    const again = after.list.find((r) => r.id === run.id);
    expect(again).toMatchObject({ result: 'explained', differences: 1, openDifferences: 0 });
  });

  it('bad input is a 400 naming the field, nothing pushed; no access is a 403', async () => {
    const ad = await sellAd('20');
    const short = await forcePush(ad.id, 'x');
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('reason');
    const badId = await call(w.t, 'POST', '/api/trade/rec/rerun', { session: w.admin, body: { id: 'abc' } });
    expect(badId.statusCode).toBe(400);
    expect(badId.body).toContain('id');
    const noReason = await call(w.t, 'POST', '/api/trade/rec/items/explain', {
      session: w.admin,
      body: { id: 1 },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('reason');
    // Nothing was pushed by the refused call.
    expect(await w.t.ctx.db.select().from(tradePushes).where(eq(tradePushes.adId, ad.id))).toHaveLength(0);

    await createOperator(w.t, 'nopush', 'Nopush123456', []);
    const s = await signIn(w.t, 'nopush', 'Nopush123456');
    const denied = await call(w.t, 'POST', trade_sell_order_page.actions.forcePush!.path, {
      session: s,
      body: { id: ad.id, reason: 'not mine to push' },
    });
    expect(denied.statusCode).toBe(403);
    const list = await call(w.t, 'POST', '/api/trade/push/findByPage', {
      session: s,
      body: { page: 1, pageSize: 10 },
    });
    expect(list.statusCode).toBe(403);
    const retry = await call(w.t, 'POST', trade_push_rec_page.actions.retry!.path, {
      session: s,
      body: { id: 1 },
    });
    expect(retry.statusCode).toBe(403);
  });

  it('the push job passes over ads the market may not take, so newer due ads are pushed', async () => {
    await tell({ create: 'ok', outcome: 'hold' });
    const rule = and(eq(tradeRules.poolId, w.poolId), eq(tradeRules.traderType, 'market'));
    await w.t.ctx.db.update(tradeRules).set({ maxAmount: '15' }).where(rule);
    await ensureMarket(w.t.ctx, w.poolId, 30);
    try {
      // The last test's ad (20) and two of 30 are over the market's 15; the newest, 10, fits.
      const refused = [await sellAd('30'), await sellAd('30')];
      const fits = await sellAd('10');
      w.t.ctx.clock.advance(31 * 60_000);
      expect(await pushDueAds(w.t.ctx, 2)).toBe(0);
      // Without the mark the same two oldest ads would fill this run too.
      expect(await pushDueAds(w.t.ctx, 2)).toBe(1);
      expect((await pushOf(fits.id)).adId).toBe(fits.id);
      const marks = await w.t.ctx.db
        .select({ id: tradeAds.id, at: tradeAds.pushRefusedAt })
        .from(tradeAds)
        .where(inArray(tradeAds.id, [...refused.map((a) => a.id), fits.id]));
      expect(marks.filter((m) => m.at !== null).map((m) => m.id)).toEqual(
        expect.arrayContaining(refused.map((a) => a.id)),
      );
      expect(marks.find((m) => m.id === fits.id)?.at).toBeNull();
      expect(await pushDueAds(w.t.ctx, 2)).toBe(0);
    } finally {
      await w.t.ctx.db.update(tradeRules).set({ maxAmount: '100000' }).where(rule);
      await ensureMarket(w.t.ctx, w.poolId, null);
    }
  });
});
