/**
 * Takers racing for one ad: two on its last amount get one order and one clear refusal; many on one
 * ad never take more than it offered, and the seller's frozen coins are exactly what the open orders
 * hold. Timeouts racing confirmations win or lose whole.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmOrder, createAd, markPaid, takeAd } from '../src/modules/trade/index.ts';
import { enforceTradeTimeouts } from '../src/modules/trade/trade-timeouts.ts';
import { AppError } from '../src/platform/errors.ts';
import { ledgerIsSound, verifyLedger } from '../src/platform/ledger/index.ts';
import { actorOf, adRow, coins, fund, ref, type TradeWorld, tradeWorld } from './trade-support.ts';

const TAKERS = Array.from({ length: 12 }, (_, i) => `tk${i}`);
let w: TradeWorld;
beforeAll(async () => {
  w = await tradeWorld(['maker', ...TAKERS], { maxOpenOrders: 50 });
  await fund(w, 'maker', '5000');
});
afterAll(() => w.t.close());

const take = (adId: number, taker: string, amount: string) =>
  takeAd(w.t.ctx, { adId, taker: ref(w, taker), amount, payType: 'bank_card' }, actorOf(taker));

describe('takers racing', () => {
  it('two takers on the last amount: one wins, the other gets a clear 409, nothing over-sold', async () => {
    const ad = await createAd(
      w.t.ctx,
      { trader: ref(w, 'maker'), poolId: w.poolId, side: 'sell', amount: '100' },
      actorOf('maker'),
    );
    await take(ad.id, 'tk0', '60');
    const results = await Promise.allSettled([take(ad.id, 'tk1', '40'), take(ad.id, 'tk2', '40')]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    const e = lost[0]!.reason as AppError;
    expect(e).toBeInstanceOf(AppError);
    expect(e.code).toBe(409);
    expect(JSON.stringify(e.data)).toMatch(/超过广告剩余数量（剩余 0|广告已不在挂单中/);
    expect((await adRow(w, ad.id)).remaining).toBe(0);
    expect(await coins(w, 'maker')).toEqual({ available: 4900, frozen: 100 });
  });

  it('many takers at once on one ad never take more than it offered', async () => {
    const ad = await createAd(
      w.t.ctx,
      { trader: ref(w, 'maker'), poolId: w.poolId, side: 'sell', amount: '500' },
      actorOf('maker'),
    );
    const results = await Promise.allSettled(
      TAKERS.flatMap((tk) => [take(ad.id, tk, '30'), take(ad.id, tk, '25')]),
    );
    const taken = results
      .filter((r) => r.status === 'fulfilled')
      .reduce((s, r) => s + Number((r as PromiseFulfilledResult<{ amount: string }>).value.amount), 0);
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as AppError).code, String(r.reason)).toBe(409);
    expect(taken).toBeLessThanOrEqual(500);
    expect((await adRow(w, ad.id)).remaining).toBe(500 - taken);
    const { rows } = await w.t.ctx.pool.query(
      `SELECT coalesce(sum(amount), 0)::float8 AS held FROM trade_orders WHERE seller_code = 'maker' AND status IN ('matched','paid','disputed')`,
    );
    expect((await coins(w, 'maker')).frozen).toBe(rows[0].held);
  });

  it('a confirmation racing the timeout job: one of them, whole', async () => {
    const ad = await createAd(
      w.t.ctx,
      { trader: ref(w, 'maker'), poolId: w.poolId, side: 'sell', amount: '10' },
      actorOf('maker'),
    );
    const o = await take(ad.id, 'tk3', '10');
    await markPaid(w.t.ctx, o.id, { by: ref(w, 'tk3') }, actorOf('tk3'));
    const later = new Date(Date.now() + 31 * 60_000);
    const [c, j] = await Promise.allSettled([
      confirmOrder(w.t.ctx, o.id, { by: ref(w, 'maker') }, actorOf('maker')),
      enforceTradeTimeouts(w.t.ctx, later),
    ]);
    const { rows } = await w.t.ctx.pool.query('SELECT status FROM trade_orders WHERE id = $1', [o.id]);
    if (c.status === 'fulfilled') expect(rows[0].status).toBe('completed');
    else expect(rows[0].status).toBe('disputed');
    expect(j.status).toBe('fulfilled');
    expect(ledgerIsSound(await verifyLedger(w.t.ctx.db))).toBe(true);
  });
});
