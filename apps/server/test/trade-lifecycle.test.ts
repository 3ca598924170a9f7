/**
 * The trade market's lifecycle through its services and the console: post, take (whole and in
 * parts), pay, confirm, cancel, time out, dispute and rule; every step's ledger effect on the seller's
 * frozen coins and the buyer's balance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cancelOrder,
  confirmOrder,
  createAd,
  markPaid,
  openDispute,
  resolveDispute,
  takeAd,
  timeoutOrder,
} from '../src/modules/trade/index.ts';
import { ledgerIsSound, verifyLedger } from '../src/platform/ledger/index.ts';
import {
  actorOf,
  adRow,
  coins,
  fund,
  ok,
  orderStatus,
  ref,
  type TradeWorld,
  tradeWorld,
} from './trade-support.ts';

let w: TradeWorld;
beforeAll(async () => {
  w = await tradeWorld(['seller1', 'buyer1', 'buyer2']);
  await fund(w, 'seller1', '1000');
});
afterAll(() => w.t.close());

describe('trade lifecycle', () => {
  it('a sell ad taken in parts: freeze at the take, transfer at completion, release at cancel', async () => {
    const ad = await createAd(
      w.t.ctx,
      { trader: ref(w, 'seller1'), poolId: w.poolId, side: 'sell', amount: '300' },
      actorOf('seller1'),
    );
    expect(ad.status).toBe('open');
    // Posting an ad does not freeze: an ad is an offer.
    expect(await coins(w, 'seller1')).toEqual({ available: 1000, frozen: 0 });

    const o1 = await takeAd(
      w.t.ctx,
      { adId: ad.id, taker: ref(w, 'buyer1'), amount: '100', payType: 'alipay' },
      actorOf('buyer1'),
    );
    expect(o1.status).toBe('matched');
    // BUY rate 7.25 plus the pool's 1 % spread; the buyer pays the fiat off-platform.
    expect(Number(o1.price)).toBe(7.3225);
    expect(Number(o1.fiatAmount)).toBe(732.25);
    expect(Number(o1.fee)).toBe(0.1);
    expect(await coins(w, 'seller1')).toEqual({ available: 900, frozen: 100 });
    expect((await adRow(w, ad.id)).remaining).toBe(200);

    await markPaid(w.t.ctx, o1.id, { by: ref(w, 'buyer1') }, actorOf('buyer1'));
    await confirmOrder(w.t.ctx, o1.id, { by: ref(w, 'seller1') }, actorOf('seller1'));
    expect(await orderStatus(w, o1.id)).toBe('completed');
    expect(await coins(w, 'seller1')).toEqual({ available: 900, frozen: 0 });
    expect(await coins(w, 'buyer1')).toEqual({ available: 99.9, frozen: 0 });

    const o2 = await takeAd(
      w.t.ctx,
      { adId: ad.id, taker: ref(w, 'buyer2'), amount: '50', payType: 'bank_card' },
      actorOf('buyer2'),
    );
    await cancelOrder(w.t.ctx, o2.id, { reason: 'changed my mind', by: ref(w, 'buyer2') }, actorOf('buyer2'));
    expect(await orderStatus(w, o2.id)).toBe('cancelled');
    expect(await coins(w, 'seller1')).toEqual({ available: 900, frozen: 0 });
    // The amount returns to the open ad.
    expect((await adRow(w, ad.id)).remaining).toBe(200);

    // The rest taken whole, paid, not confirmed in time: disputed; the operator rules for the buyer.
    const o3 = await takeAd(
      w.t.ctx,
      { adId: ad.id, taker: ref(w, 'buyer2'), amount: '200', payType: 'wechat' },
      actorOf('buyer2'),
    );
    expect((await adRow(w, ad.id)).remaining).toBe(0);
    await markPaid(w.t.ctx, o3.id, { by: ref(w, 'buyer2') }, actorOf('buyer2'));
    await timeoutOrder(w.t.ctx, { id: o3.id, status: 'paid' });
    expect(await orderStatus(w, o3.id)).toBe('disputed');
    await ok(w, '/api/trade/order/resolveComplete', {
      id: o3.id,
      reason: 'bank statement shows the payment',
    });
    expect(await orderStatus(w, o3.id)).toBe('completed');
    expect(await coins(w, 'buyer2')).toEqual({ available: 199.8, frozen: 0 });
    // Nothing left and no open order: the ad is closed.
    expect((await adRow(w, ad.id)).status).toBe('closed');
  });

  it('a buy ad: the taker sells and is frozen; timeout and dispute-cancel release', async () => {
    await fund(w, 'buyer2', '100');
    const ad = await createAd(
      w.t.ctx,
      { trader: ref(w, 'buyer1'), poolId: w.poolId, side: 'buy', amount: '80' },
      actorOf('buyer1'),
    );
    const o = await takeAd(
      w.t.ctx,
      { adId: ad.id, taker: ref(w, 'buyer2'), amount: '30', payType: 'alipay' },
      actorOf('buyer2'),
    );
    // SELL rate 7.18 minus the spread.
    expect(Number(o.price)).toBe(7.1082);
    expect(o.sellerCode).toBe('buyer2');
    const before = await coins(w, 'buyer2');
    expect(before.frozen).toBe(30);
    await timeoutOrder(w.t.ctx, { id: o.id, status: 'matched' });
    expect(await orderStatus(w, o.id)).toBe('timeout');
    expect((await coins(w, 'buyer2')).frozen).toBe(0);

    const o2 = await takeAd(
      w.t.ctx,
      { adId: ad.id, taker: ref(w, 'buyer2'), amount: '30', payType: 'alipay' },
      actorOf('buyer2'),
    );
    await markPaid(w.t.ctx, o2.id, { by: ref(w, 'buyer1') }, actorOf('buyer1'));
    await openDispute(
      w.t.ctx,
      o2.id,
      { reason: 'no money arrived', by: ref(w, 'buyer2') },
      actorOf('buyer2'),
    );
    await resolveDispute(w.t.ctx, o2.id, 'cancelled', 'the voucher was forged', {
      operatorId: 1,
      username: 'admin',
      locale: 'en-US',
    });
    expect(await orderStatus(w, o2.id)).toBe('cancelled');
    expect(await coins(w, 'buyer2')).toEqual({ available: 299.8, frozen: 0 });
    expect(ledgerIsSound(await verifyLedger(w.t.ctx.db))).toBe(true);
  });
});
