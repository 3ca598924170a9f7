/**
 * The wallet's configuration pages applied (as an operator sets them through their routes): a
 * member's ad gets its pay types from the ad rules (virtualOrderConfigPage) by wallet level and the
 * open withdraw types, its take bounds from the rules' single limits and the sell split rule
 * (sellSplitQuery), its payment window from the rule; a rule's daily limit bounds the sell ads posted
 * in a day. Every take a member is party to obeys the pay type (buyer) or withdraw type (seller):
 * on, single and daily limits. A refusal names its field and changes nothing. Fixed price 7.00.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelOrder, confirmOrder } from '../src/modules/trade/index.ts';
import { addFixedCode, registerWalletMember } from '../src/modules/wallet/wallet-app.service.ts';
import { walletPayee } from '../src/modules/wallet/wallet-payee.ts';
import {
  creditWalletDeposit,
  postWalletAd,
  takeWalletAd,
  walletActor,
  walletPaid,
} from '../src/modules/wallet/wallet-trade.service.ts';
import { dec, decString, findAccount, ledgerIsSound, verifyLedger } from '../src/platform/ledger/index.ts';
import { ok, PNG, type Row, type WalletWorld, walletMarketRule, walletWorld } from './wallet-support.ts';

let w: WalletWorld;
let poolId: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  // The daily limits count the platform day's ads and takes, the world's ad included: all in one day.
  w = await walletWorld({ localHour: 10 });
  const pool = await ok<{ id: number }>(w, '/api/trade/pool/add', {
    code: 'W-FIX',
    name: 'Wallet fixed',
    priceSource: 'fixed',
    fixedPrice: '7.00',
    spread: '0',
    feeRate: '0',
    enabled: true,
  });
  poolId = pool.id;
  await walletMarketRule(w, poolId);
  const bank = { payType: 'bank_card', sortOrder: 2, status: 'on' };
  ids.withdrawBank = (
    await ok<{ id: number }>(w, '/api/wallet/withdrawType/add', {
      ...bank,
      singleMin: '10',
      singleMax: '50000',
      dailyLimit: '500000',
      feeRate: '0.005',
    })
  ).id;
  // Buyers pay by bank card at most 1,000 CNY an order and 1,500 a day.
  await ok(w, '/api/wallet/payType/add', { ...bank, singleMin: '10', singleMax: '1000', dailyLimit: '1500' });
  await ok(w, '/api/wallet/sellConfig/add', {
    name: 'bank card sells, level 2',
    payType: 'bank_card',
    singleMin: '100',
    singleMax: '20000',
    dailyLimit: '100000',
    payMinutes: 30,
    minLevel: 2,
    status: 'on',
  });
  await ok(w, '/api/wallet/sellSplit/add', {
    fromAmount: '3000',
    toAmount: '30000',
    pieceMin: '300',
    pieceMax: '3000',
    maxPieces: 5,
    status: 'on',
  });
  await creditWalletDeposit(w.t.ctx, w.seller, '9000', `0xrules${Date.now()}`);
}, 60_000);

afterAll(async () => {
  const report = await verifyLedger(w.t.ctx.db);
  expect(ledgerIsSound(report), JSON.stringify(report)).toBe(true);
  await w.t.close();
});

const sell = (amount: string, payTypes?: string) =>
  postWalletAd(
    w.t.ctx,
    w.seller,
    { poolId, side: 'sell', amount, ...(payTypes ? { payTypes } : {}) },
    'en-US',
  );
const take = (adId: number, amount: string, payType: 'alipay' | 'bank_card') =>
  takeWalletAd(w.t.ctx, w.buyer, { adId, amount, payType }, 'en-US');
const refusal = (field: string, message: string) => ({ code: 400, data: { fields: [{ field, message }] } });
const remaining = async (adId: number) =>
  (await w.t.ctx.pool.query('SELECT remaining FROM trade_ads WHERE id = $1', [adId])).rows[0].remaining;
const adRow = async (adNo: string) =>
  (await ok<{ list: Row[] }>(w, '/api/trade/ad/sell/findByPage', { filters: { adNo } })).list[0]!;

describe('wallet ad rules', () => {
  it("gives a sell ad the pay types the member's level and the open withdraw types allow, and the rule's window", async () => {
    const ad = await sell('100');
    expect(ad).toMatchObject({
      payTypes: 'alipay',
      payMinutes: 15,
      minTake: '1.43000000',
      maxTake: '100.00000000',
    });
    // The ad's page shows the window the ad carries.
    expect(await adRow(ad.adNo)).toMatchObject({ payTypes: 'alipay', payMinutes: 15 });
    const order = await take(ad.id, '10', 'alipay');
    expect(order.deadline!.getTime() - order.createdAt.getTime()).toBe(15 * 60_000);

    await expect(sell('100', 'bank_card')).rejects.toMatchObject(
      refusal('payTypes', 'Bank card: needs wallet level 2 or above (level 1 now)'),
    );
    await expect(sell('100', 'alipay,wechat')).rejects.toMatchObject(
      refusal('payTypes', 'WeChat: is not open for wallet withdrawals'),
    );

    // An operator raises the member's level on the member list: the bank card rule opens.
    await ok(w, '/api/wallet/member/edit', { id: w.seller, level: 2 });
    const wider = await sell('100');
    // Both rules' single limits bound a take (100 CNY at 7.00 is 14.29 coins); the shorter window wins.
    expect(wider).toMatchObject({ payTypes: 'bank_card,alipay', payMinutes: 15, minTake: '14.29000000' });
  });

  it('splits a sell whose value is in a split range into pieces, and refuses one it cannot split', async () => {
    // 7,000 CNY in 3,000-30,000: pieces of at least max(300, 7,000 / 5) and at most 3,000 CNY.
    const ad = await sell('1000', 'alipay');
    expect(ad).toMatchObject({ minTake: '200.00000000', maxTake: '428.57000000' });
    await expect(take(ad.id, '100', 'alipay')).rejects.toMatchObject(
      refusal('amount', 'must be at least 200'),
    );
    await expect(take(ad.id, '428.58', 'alipay')).rejects.toMatchObject(
      refusal('amount', 'must be at most 428.57'),
    );
    expect(await remaining(ad.id)).toBe('1000.00000000');
    await take(ad.id, '200', 'alipay');
    expect(await remaining(ad.id)).toBe('800.00000000');
    // 28,000 CNY in five pieces is 5,600 a piece, above the 3,000 maximum.
    await expect(sell('4000', 'alipay')).rejects.toMatchObject(
      refusal(
        'amount',
        'cannot be taken: the wallet ad and split rules ask at least 800 but at most 428.57 per take',
      ),
    );
  });

  it("refuses a sell ad past its rule's daily limit, naming what was posted today", async () => {
    const [found] = (
      await ok<{ list: Row[] }>(w, '/api/wallet/sellConfig/findByPage', { filters: { name: 'alipay' } })
    ).list;
    const { createdAt: _, ...rule } = found!;
    await ok(w, '/api/wallet/sellConfig/edit', { ...rule, dailyLimit: '20000' });
    // Posted today: the world's 1,000, then 100, 100 and 1,000 coins, at 7.00.
    await expect(sell('1000', 'alipay')).rejects.toMatchObject(
      refusal('payTypes', 'Alipay: is over the ad rule daily limit of 20000 CNY (15400 CNY posted today)'),
    );
    await ok(w, '/api/wallet/sellConfig/edit', { ...rule, dailyLimit: '500000' });
  });
});

describe("the wallet's types in every take", () => {
  it("bounds a buyer's bank card payments by order and by day, and a seller's withdrawals by their type being on", async () => {
    const ad = await sell('500', 'bank_card');
    await expect(take(ad.id, '150', 'bank_card')).rejects.toMatchObject(
      refusal('amount', 'must be from 10 to 1000 CNY per order'),
    );
    await take(ad.id, '100', 'bank_card');
    await take(ad.id, '100', 'bank_card');
    await expect(take(ad.id, '100', 'bank_card')).rejects.toMatchObject(
      refusal('amount', 'is over the daily limit of 1500 CNY for this pay type (1400 CNY used today)'),
    );
    expect(await remaining(ad.id)).toBe('300.00000000');

    // The seller's withdraw type switched off: no take of the seller's bank card ad goes through.
    const [type] = (
      await ok<{ list: Row[] }>(w, '/api/wallet/withdrawType/findByPage', { filters: {}, pageSize: 50 })
    ).list.filter((r) => r.id === ids.withdrawBank);
    const { createdAt: _, ...editable } = type!;
    await ok(w, '/api/wallet/withdrawType/edit', { ...editable, status: 'off' });
    // Another buyer, whose own day is clear: the refusal is the seller's.
    const fresh = await w.t.ctx.db.transaction((tx) =>
      registerWalletMember(w.t.ctx, tx, { account: 'WB0002', phone: '13700000003' }),
    );
    const other = await takeWalletAd(
      w.t.ctx,
      fresh.id,
      { adId: ad.id, amount: '100', payType: 'bank_card' },
      'zh-CN',
    ).catch((e: unknown) => e);
    expect(other).toMatchObject(refusal('payType', '钱包未开放该提现方式'));
    expect(await remaining(ad.id)).toBe('300.00000000');
  });

  it("two buyers at once never take one seller past the withdraw type's daily limit together", async () => {
    const [type] = (
      await ok<{ list: Row[] }>(w, '/api/wallet/withdrawType/findByPage', { filters: {}, pageSize: 50 })
    ).list.filter((r) => r.id === ids.withdrawBank);
    // What the seller has sold by bank card today, and room for 1,500 CNY more.
    const { rows: sold } = await w.t.ctx.pool.query(
      `SELECT coalesce(sum(fiat_amount), 0)::text AS v FROM trade_orders
        WHERE seller_type = 'wallet_member' AND seller_id = $1 AND pay_type = 'bank_card'
          AND status NOT IN ('cancelled', 'timeout')`,
      [w.seller],
    );
    const limit = decString(dec(sold[0].v).plus(dec('1500')));
    await ok(w, '/api/wallet/withdrawType/edit', { id: type!.id, status: 'on', dailyLimit: limit });
    // Two ads, one for each buyer: no ad's row orders the two takes.
    const ads = [await sell('300', 'bank_card'), await sell('300', 'bank_card')];
    const buyers = await w.t.ctx.db.transaction(async (tx) => [
      await registerWalletMember(w.t.ctx, tx, { account: 'WB0003', phone: '13700000005' }),
      await registerWalletMember(w.t.ctx, tx, { account: 'WB0004', phone: '13700000006' }),
    ]);
    // 120 coins at 7.00 is 840 CNY each: one fits in what the seller's day has left, two do not.
    const both = await Promise.allSettled(
      buyers.map((b, i) =>
        takeWalletAd(w.t.ctx, b.id, { adId: ads[i]!.id, amount: '120', payType: 'bank_card' }, 'en-US'),
      ),
    );
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = both.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    // Refused while the other was being taken (409), or after it, by the daily limit (400).
    expect([409, 400]).toContain((refused.reason as { code: number }).code);
    const left = [await remaining(ads[0]!.id), await remaining(ads[1]!.id)].sort();
    expect(left).toEqual(['180.00000000', '300.00000000']);
    await ok(w, '/api/wallet/withdrawType/edit', { id: type!.id, dailyLimit: '500000' });
  });

  it("charges the seller the withdraw type's fee on a completed sale, held with the amount; a cancel returns both", async () => {
    const coins = async (ownerId: number) => {
      const a = await findAccount(w.t.ctx.db, { ownerType: 'wallet_member', ownerId, currency: 'USDT' });
      return { available: a?.available ?? '0', frozen: a?.frozen ?? '0' };
    };
    const fees = async () =>
      (
        await w.t.ctx.pool.query(
          "SELECT coalesce(sum(available), 0)::text AS v FROM ledger_accounts WHERE owner_type = 'platform' AND owner_code LIKE 'fees%' AND currency = 'USDT'",
        )
      ).rows[0].v as string;
    const minus = (a: string, b: string) => decString(dec(a).minus(dec(b)));
    const ad = await sell('600', 'alipay');
    const before = await coins(w.seller);
    const feesBefore = await fees();
    // 200 coins by alipay: the world's alipay withdraw type charges 0.5%, 1 coin, held with the 200.
    const order = await take(ad.id, '200', 'alipay');
    expect(order.sellerFee).toBe('1.00000000');
    const held = await coins(w.seller);
    expect(minus(before.available, held.available)).toBe('201');
    expect(minus(held.frozen, before.frozen)).toBe('201');
    const buyerBefore = await coins(w.buyer);
    await walletPaid(w.t.ctx, w.buyer, order.id, PNG);
    const seller = { ownerType: 'wallet_member' as const, ownerId: w.seller };
    await confirmOrder(w.t.ctx, order.id, { by: seller }, await walletActor(w.t.ctx, w.seller));
    const done = await coins(w.seller);
    expect(done.frozen).toBe(before.frozen);
    expect(minus(before.available, done.available)).toBe('201');
    // The fixed pool charges the buyer nothing: the buyer gets the 200, the platform the seller's 1.
    expect(minus((await coins(w.buyer)).available, buyerBefore.available)).toBe('200');
    expect(minus(await fees(), feesBefore)).toBe('1');

    const cancelled = await take(ad.id, '200', 'alipay');
    const buyer = { ownerType: 'wallet_member' as const, ownerId: w.buyer };
    await cancelOrder(
      w.t.ctx,
      cancelled.id,
      { reason: '不想买了', by: buyer },
      await walletActor(w.t.ctx, w.buyer),
    );
    expect(await coins(w.seller)).toEqual(done);

    // A sell of every coin left could not pay its fee: refused when posted, naming what it needs.
    const all = done.available;
    const need = decString(dec(all).times(dec('1.005')));
    await expect(sell(all, 'alipay')).rejects.toMatchObject(
      refusal('amount', `is more than the available balance (with the withdraw fee, ${need} are needed)`),
    );
  });

  it('offers only the pay types a seller can be paid by; the take fixes where the buyer pays, a fixed code shown only while on', async () => {
    const member = await w.t.ctx.db.transaction((tx) =>
      registerWalletMember(w.t.ctx, tx, { account: 'WS0002', phone: '13700000004' }),
    );
    await creditWalletDeposit(w.t.ctx, member.id, '100', `0xpayee${Date.now()}`);
    const post = (payTypes?: string) =>
      postWalletAd(
        w.t.ctx,
        member.id,
        { poolId, side: 'sell', amount: '50', ...(payTypes ? { payTypes } : {}) },
        'en-US',
      );
    await expect(post('alipay')).rejects.toMatchObject(
      refusal('payTypes', 'Alipay: has no pay account or payment code to be paid by'),
    );
    // The member adds an alipay payment code in the wallet app: alipay sells open.
    await w.t.ctx.db.transaction((tx) =>
      addFixedCode(w.t.ctx, tx, member, 'alipay', 'https://qr.alipay.example/WS0002'),
    );
    const ad = await post();
    expect(ad.payTypes).toBe('alipay');
    const order = await take(ad.id, '10', 'alipay');
    expect(await walletPayee(w.t.ctx, order.id, w.buyer)).toEqual({
      payType: 'alipay',
      account: null,
      codePayload: 'https://qr.alipay.example/WS0002',
    });
    await expect(walletPayee(w.t.ctx, order.id, member.id, 'en-US')).rejects.toMatchObject(
      refusal('memberId', "only the order's buyer sees where to pay"),
    );
    // An operator switches the code off on fixedCodeConfigPage: it is not shown any more.
    const [code] = (
      await ok<{ list: Row[] }>(w, '/api/wallet/fixedCode/findByPage', {
        filters: { memberAccount: 'WS0002' },
      })
    ).list;
    const payee = async () =>
      (
        await ok<{ list: Row[] }>(w, '/api/wallet/disputePayee/findByPage', {
          filters: { tradeOrderId: order.id },
        })
      ).list;
    expect(await payee()).toEqual([
      expect.objectContaining({
        payAccountId: null,
        fixedCodeId: code!.id,
        fixedCodeIdLabel: 'https://qr.alipay.example/WS0002',
        codeOn: true,
      }),
    ]);
    await ok(w, '/api/wallet/fixedCode/edit', { id: code!.id, status: 'off' });
    expect((await walletPayee(w.t.ctx, order.id, w.buyer)).codePayload).toBeNull();
    expect(await payee()).toEqual([expect.objectContaining({ fixedCodeId: code!.id, codeOn: false })]);
    // Nothing else pays the member by alipay: the ad's next take is refused, and nothing is taken.
    await expect(take(ad.id, '10', 'alipay')).rejects.toMatchObject(
      refusal(
        'payType',
        'the seller can no longer be paid by this pay type (no pay account or payment code on)',
      ),
    );
    const { rows } = await w.t.ctx.pool.query(
      'SELECT count(*)::int AS n FROM trade_orders WHERE ad_id = $1',
      [ad.id],
    );
    expect(rows[0].n).toBe(1);
    await walletPaid(w.t.ctx, w.buyer, order.id, PNG);
    await expect(walletPayee(w.t.ctx, order.id, w.buyer, 'en-US')).rejects.toMatchObject({
      code: 409,
      data: { fields: [{ field: 'id', message: 'the order is no longer awaiting payment' }] },
    });
  });

  it("refuses a take of a frozen seller's open ad; unfrozen, the ad is taken again", async () => {
    await ok(w, '/api/wallet/member/freeze', { id: w.seller, reason: '涉嫌洗钱，冻结核查' });
    await expect(take(w.adId, '10', 'alipay')).rejects.toMatchObject(
      refusal('adId', 'the advertiser is frozen: the ad cannot be taken'),
    );
    await ok(w, '/api/wallet/member/unfreeze', { id: w.seller, reason: '核查无误' });
    const order = await take(w.adId, '10', 'alipay');
    expect(order.status).toBe('matched');
  });

  it("gives a member's buy ad the pay types open for wallet payments", async () => {
    const ad = await postWalletAd(w.t.ctx, w.buyer, { poolId, side: 'buy', amount: '50' }, 'en-US');
    expect(ad.payTypes).toBe('bank_card,alipay');
    await expect(
      postWalletAd(w.t.ctx, w.buyer, { poolId, side: 'buy', amount: '50', payTypes: 'wechat' }, 'en-US'),
    ).rejects.toMatchObject(refusal('payTypes', 'WeChat: is not open for wallet payments'));
  });
});
