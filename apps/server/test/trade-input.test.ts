/**
 * Bad input to the market: a clear 4xx naming the field, in the operator's language, and nothing
 * changed (no order, the ad's amount and the seller's coins untouched); the operator routes' access.
 */

import { depositBlack } from '@payops/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../src/modules/member/schema.ts';
import { createAd, takeAd } from '../src/modules/trade/index.ts';
import { AppError } from '../src/platform/errors.ts';
import { call, createOperator, signIn } from './harness.ts';
import { actorOf, adRow, coins, fund, ok, ref, type TradeWorld, tradeWorld } from './trade-support.ts';

let w: TradeWorld;
let adId: number;
beforeAll(async () => {
  w = await tradeWorld(['s1', 'b1', 'b2', 'frozen1']);
  await fund(w, 's1', '1000');
  await w.t.ctx.db.update(members).set({ status: 'frozen' }).where(eq(members.account, 'frozen1'));
  adId = (
    await createAd(
      w.t.ctx,
      { trader: ref(w, 's1'), poolId: w.poolId, side: 'sell', amount: '200', minTake: '10' },
      actorOf('s1'),
    )
  ).id;
});
afterAll(() => w.t.close());

async function refused(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    const a = e as AppError;
    return {
      code: a.code,
      fields: (a.data as { fields?: { field: string; message: string }[] })?.fields ?? [],
    };
  }
  throw new Error('was not refused');
}

const take = (taker: string, amount: string, payType = 'alipay') =>
  takeAd(
    w.t.ctx,
    { adId, taker: ref(w, taker), amount, payType: payType as 'alipay' },
    { ...actorOf(taker), locale: 'en-US' },
  );

describe('bad input to a take', () => {
  it.each([
    ['10.123456789', 'amount', /decimal/],
    ['-5', 'amount', /./],
    ['abc', 'amount', /./],
    ['5', 'amount', /at least 10/],
    ['250', 'amount', /more than the ad has left \(200 left\)/],
  ])('amount %s is refused on %s', async (amount, field, message) => {
    const r = await refused(take('b1', amount));
    expect(r.code).toBeGreaterThanOrEqual(400);
    expect(r.code).toBeLessThan(500);
    expect(r.fields[0]?.field).toBe(field);
    expect(r.fields[0]?.message).toMatch(message);
  });

  it('a pay type the ad does not allow, the own ad, a frozen trader, an unknown ad', async () => {
    expect((await refused(take('b1', '20', 'paypal'))).fields[0]?.field).toBe('payType');
    expect((await refused(take('s1', '20'))).fields[0]?.message).toMatch(/own ad/);
    expect((await refused(take('frozen1', '20'))).fields[0]?.message).toMatch(/frozen/);
    const unknown = await refused(
      takeAd(w.t.ctx, { adId: 999999, taker: ref(w, 'b1'), amount: '20', payType: 'alipay' }, actorOf('b1')),
    );
    expect(unknown.code).toBe(404);
  });

  it('a trader on a black list: refused on the taker in either language, on the block log', async () => {
    await ok(w, depositBlack.actions.add!.path, {
      kind: 'realName',
      value: 'Name b2',
      merchantId: w.m.id,
      reason: '冒名交易',
    });
    const en = await refused(take('b2', '20'));
    expect(en.fields).toEqual([{ field: 'taker', message: 'is on a black list and cannot trade' }]);
    const zh = await refused(
      takeAd(w.t.ctx, { adId, taker: ref(w, 'b2'), amount: '20', payType: 'alipay' }, actorOf('b2')),
    );
    expect(zh.fields[0]?.message).toBe('交易者在黑名单中，不能交易');
    const { rows } = await w.t.ctx.pool.query(
      "SELECT count(*)::int AS n FROM risk_block_log WHERE source = 'trade' AND direction = 'match'",
    );
    expect(rows[0].n).toBe(2);
  });

  it('changed nothing', async () => {
    expect((await adRow(w, adId)).remaining).toBe(200);
    expect(await coins(w, 's1')).toEqual({ available: 1000, frozen: 0 });
    const { rows } = await w.t.ctx.pool.query('SELECT count(*)::int AS n FROM trade_orders');
    expect(rows[0].n).toBe(0);
  });

  it('an ad above the seller balance or the large-ad threshold, or outside the rule', async () => {
    const post = (amount: string, extra = {}) =>
      refused(
        createAd(
          w.t.ctx,
          { trader: ref(w, 'b2'), poolId: w.poolId, side: 'buy', amount, ...extra },
          { ...actorOf('b2'), locale: 'en-US' },
        ),
      );
    expect((await post('6000')).fields[0]?.message).toMatch(/large-ad/);
    expect((await post('100', { maxTake: '20000' })).fields[0]?.field).toBe('maxTake');
    expect((await post('100', { payTypes: 'bank_card,paypal' })).fields[0]?.field).toBe('payTypes');
    const sell = await refused(
      createAd(
        w.t.ctx,
        { trader: ref(w, 'b2'), poolId: w.poolId, side: 'sell', amount: '100' },
        { ...actorOf('b2'), locale: 'en-US' },
      ),
    );
    expect(sell.fields[0]).toEqual({ field: 'amount', message: 'is more than the available balance' });
  });
});

describe('operator routes', () => {
  it('settings refuse bad values with a 400 naming the field', async () => {
    const res = await call(w.t, 'POST', '/api/trade/pool/add', {
      session: w.admin,
      body: { code: 'X1', name: 'bad pool', priceSource: 'rate', spread: '0.9', feeRate: '0', enabled: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('spread');
    const rule = await call(w.t, 'POST', '/api/trade/rule/add', {
      session: w.admin,
      body: {
        name: 'bad',
        poolId: w.poolId,
        traderType: 'member',
        minAmount: '100',
        maxAmount: '10',
        largeAdAmount: '500',
        payTypes: 'bank_card',
        maxOpenOrders: 1,
        requireAdvertiser: false,
        enabled: true,
      },
    });
    expect(rule.statusCode).toBe(400);
    expect(rule.body).toContain('maxAmount');
    // Pay types are a set of the market's: an unknown one or one twice names the field, in words.
    for (const payTypes of ['bank_card,paypal', 'alipay,alipay', '']) {
      const bad = await call(w.t, 'POST', '/api/trade/rule/add', {
        session: w.admin,
        headers: { 'accept-language': 'en-US' },
        body: {
          name: 'bad pay types',
          poolId: w.poolId,
          traderType: 'member',
          minAmount: '1',
          maxAmount: '10',
          largeAdAmount: '500',
          payTypes,
          maxOpenOrders: 1,
          requireAdvertiser: false,
          enabled: true,
        },
      });
      expect(bad.statusCode).toBe(400);
      const fields = (bad.envelope.data as { fields: { field: string; message: string }[] }).fields;
      expect(fields[0]?.field).toBe('payTypes');
    }
  });

  it('transitions: wrong state 409, missing reason or key 400, unknown id 404; a role without the page 403', async () => {
    const o = await take('b1', '20');
    const audit = await call(w.t, 'POST', '/api/trade/order/auditConfirm', {
      session: w.admin,
      body: { id: o.id },
      headers: { 'idempotency-key': 'trade-key-1' },
    });
    expect(audit.statusCode, audit.body).toBe(409);
    const noReason = await call(w.t, 'POST', '/api/trade/order/cancel', {
      session: w.admin,
      body: { id: o.id },
      headers: { 'idempotency-key': 'trade-key-2' },
    });
    expect(noReason.statusCode).toBe(400);
    const noKey = await call(w.t, 'POST', '/api/trade/order/cancel', {
      session: w.admin,
      body: { id: o.id, reason: 'no key' },
    });
    expect(noKey.statusCode).toBe(400);
    const unknown = await call(w.t, 'POST', '/api/trade/order/cancel', {
      session: w.admin,
      body: { id: 987654, reason: 'unknown order' },
      headers: { 'idempotency-key': 'trade-key-3' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(await coins(w, 's1')).toEqual({ available: 980, frozen: 20 });
    await ok(w, '/api/trade/order/cancel', { id: o.id, reason: 'operator cancels' });
    expect(await coins(w, 's1')).toEqual({ available: 1000, frozen: 0 });

    await createOperator(w.t, 'nobody', 'Nobody123456', []);
    const nobody = await signIn(w.t, 'nobody', 'Nobody123456');
    const denied = await call(w.t, 'POST', '/api/trade/order/findByPage', {
      session: nobody,
      body: { page: 1, pageSize: 10 },
    });
    expect(denied.statusCode).toBe(403);
  });
});
