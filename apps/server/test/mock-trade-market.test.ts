/**
 * The simulator's sandbox market (/mockTrade over the trade market's services): sandbox traders' ads,
 * takes, vouchers, confirmations, disputes and cancels; sandbox takes priced at the mock rate; bad
 * input refused with a clear 4xx; the automatic traders trading through every state until stopped.
 * A real merchant's ad and order, in a real pool, are never touched (and its balance never moves:
 * mock-trade-suite.ts).
 */
import { localText } from '@payops/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Session, TestApp } from './harness.ts';
import { type MockTradeSuite, mockTradeSuite } from './mock-trade-suite.ts';
import type { TestMerchant } from './openapi-client.ts';
import { prng } from './seed.ts';

const { suite, get, post, fields } = mockTradeSuite();
let t: TestApp;
let editor: Session;
let real: TestMerchant;
let sandbox: MockTradeSuite['sandbox'];
beforeAll(() => {
  ({ t, editor, real, sandbox } = suite);
});

type Order = {
  id: number;
  orderNo: string;
  status: string;
  price: string;
  amount: string;
  buyerCode: string;
  sellerCode: string;
};
type Ad = { id: number; adNo: string; side: string; status: string; remaining: string; ownerCode: string };
type Page<T> = { list: T[]; pager: { total: number | null } };

/** A real merchant's ad and order, in a real pool: what no mock call may touch. */
const foreign = { adId: 0, orderId: 0 };
const sandboxCoins = (account: string) =>
  t.ctx.db
    .execute<{ available: string; frozen: string }>(
      sql`SELECT la.available::text, la.frozen::text FROM ledger_accounts la JOIN members m ON m.id = la.owner_id
        WHERE la.owner_type = 'member' AND la.currency = 'USDT' AND m.account = ${account}`,
    )
    .then((r) => r.rows[0]);
const tradeState = async () =>
  (
    await t.ctx.db.execute<{ s: string }>(
      sql`SELECT coalesce(string_agg(id || ':' || status, ',' ORDER BY id), '') ||
        '|' || (SELECT coalesce(string_agg(id || ':' || status || ':' || remaining, ',' ORDER BY id), '') FROM trade_ads) ||
        '|' || (SELECT count(*) FROM ledger_postings) AS s FROM trade_orders`,
    )
  ).rows[0]!.s;

describe('the sandbox market', () => {
  beforeAll(async () => {
    // The market's settings ask an authenticator code by default; not what this file tests.
    const { resources } = await import('../src/modules/sys/schema.ts');
    await t.ctx.db.update(resources).set({ needsCode: false });
    // A real pool, a rule for every merchant's members, two real members: one posts, one takes.
    const pool = await post<{ id: number }>('/api/trade/pool/add', {
      code: 'REAL',
      name: 'Real pool',
      priceSource: 'rate',
      spread: '0',
      feeRate: '0',
      enabled: true,
    });
    await post('/api/trade/rule/add', {
      name: 'all',
      poolId: pool.envelope.data.id,
      traderType: 'member',
      minAmount: '1',
      maxAmount: '10000',
      largeAdAmount: '5000',
      payTypes: 'bank_card,alipay,wechat',
      maxOpenOrders: 5,
      requireAdvertiser: false,
      enabled: true,
    });
    const { members } = await import('../src/modules/member/schema.ts');
    const { createAd, takeAd, SYSTEM_ACTOR } = await import('../src/modules/trade/index.ts');
    const rows = await t.ctx.db
      .insert(members)
      .values(['real-a', 'real-b'].map((account) => ({ merchantId: real.id, mchNo: real.mchNo, account })))
      .returning({ id: members.id });
    const a = { ownerType: 'member' as const, ownerId: rows[0]!.id };
    const b = { ownerType: 'member' as const, ownerId: rows[1]!.id };
    const ad = await createAd(
      t.ctx,
      { trader: a, poolId: pool.envelope.data.id, side: 'buy', amount: '50' },
      SYSTEM_ACTOR,
    );
    // The taker sells: its coins, a real merchant member's, come from the test's own posting.
    await t.ctx.db.transaction(async (tx) => {
      const { ensureAccount, platformAccount, postEntry } = await import('../src/platform/ledger/index.ts');
      const own = await ensureAccount(tx, {
        ownerType: 'member',
        ownerId: b.ownerId,
        ownerCode: 'real-b',
        merchantId: real.id,
        currency: 'USDT',
      });
      const contra = await platformAccount(tx, 'adjustments', 'USDT', 'test:real-b');
      await postEntry(tx, {
        kind: 'adjust_credit',
        refType: 'test',
        refId: 'real-b',
        legs: [
          { accountId: own.id, amount: '100' },
          { accountId: contra.id, amount: '-100' },
        ],
      });
    });
    const o = await takeAd(t.ctx, { adId: ad.id, taker: b, amount: '20', payType: 'alipay' }, SYSTEM_ACTOR);
    Object.assign(foreign, { adId: ad.id, orderId: o.id });
  });

  it('a sell ad taken in part, paid with a voucher, confirmed: the coins move between sandbox traders', async () => {
    const ad = await post<Ad>('/mockTrade/sell', { amount: '500', minTake: '10', maxTake: '500' });
    expect(ad.envelope).toMatchObject({
      code: 0,
      data: { side: 'sell', status: 'open', ownerCode: 'sbx-seller-01' },
    });
    const taken = await post<Order>('/mockTrade/buyFromSellList', {
      adId: ad.envelope.data.id,
      amount: '200',
      payType: 'alipay',
    });
    expect(taken.envelope).toMatchObject({
      code: 0,
      data: { status: 'matched', amount: '200.00000000', buyerCode: 'sbx-buyer-01' },
    });
    const id = taken.envelope.data.id;
    expect(await sandboxCoins('sbx-seller-01')).toMatchObject({ frozen: '200.00000000' });
    const { SAMPLE_VOUCHER } = await import('../src/modules/mockTrade/trader-job.ts');
    // A photographed receipt (600 KB, past the 64 KB a text field may hold) is taken as a voucher.
    const photo = Buffer.concat([Buffer.from(SAMPLE_VOUCHER, 'base64'), Buffer.alloc(600 * 1024, 7)]);
    const paid = await post<Order>('/mockTrade/uploadTradeVoucherFile', {
      id,
      voucher: photo.toString('base64'),
    });
    expect(paid.envelope).toMatchObject({ code: 0, data: { status: 'paid', voucherType: 'image/png' } });
    const done = await post<Order>('/mockTrade/confirmSellOrder', { id });
    expect(done.envelope.data.status).toBe('completed');
    expect(await sandboxCoins('sbx-buyer-01')).toMatchObject({ available: '200.00000000' });
    expect(await sandboxCoins('sbx-seller-01')).toMatchObject({ frozen: '0.00000000' });
    const detail = await post<{ history: { toStatus: string }[] }>('/mockTrade/getTradeDetail', { id });
    expect(detail.envelope.data.history.map((h) => h.toStatus)).toEqual(['paid', 'completed']);
    const page = await post<Page<Ad>>('/mockTrade/sellPage', { page: 1, pageSize: 20 });
    expect(page.envelope.data.list.map((a) => a.remaining)).toEqual(['300.00000000']);
  });

  it('a buy ad taken by a seller, paid by its advertiser, disputed and resolved by the operator', async () => {
    const ad = await post<Ad>('/mockTrade/buy', { amount: '100', trader: 'sbx-buyer-02' });
    expect(ad.envelope.data).toMatchObject({ ownerCode: 'sbx-buyer-02', side: 'buy' });
    const o = await post<Order>('/mockTrade/sellFromBuyList', {
      adId: ad.envelope.data.id,
      amount: '100',
      payType: 'bank_card',
      trader: 'sbx-seller-02',
    });
    const id = o.envelope.data.id;
    expect((await post<Order>('/mockTrade/adConfirmOrder', { id })).envelope.data.status).toBe('paid');
    const disputed = await post<Order>('/mockTrade/sellUpdateStatus', {
      id,
      status: 'disputed',
      reason: 'not received',
    });
    expect(disputed.envelope.data.status).toBe('disputed');
    // The editor may trade nothing, let alone rule on a dispute.
    expect(
      (await post('/mockTrade/buyUpdateStatus', { id, status: 'completed', reason: 'paid in full' }, editor))
        .statusCode,
    ).toBe(403);
    const ruled = await post<Order>('/mockTrade/buyUpdateStatus', {
      id,
      status: 'completed',
      reason: 'bank statement shows it',
    });
    expect(ruled.envelope.data.status).toBe('completed');
    expect(await sandboxCoins('sbx-buyer-02')).toMatchObject({ available: '100.00000000' });
  });

  it('cancels: a child order by its buyer, an order by its advertiser, an ad by its owner', async () => {
    const sell = await post<Ad>('/mockTrade/sell', {
      amount: '100',
      minTake: '10',
      maxTake: '100',
      trader: 'sbx-seller-03',
    });
    const child = await post<Order>('/mockTrade/buyFromSellList', {
      adId: sell.envelope.data.id,
      amount: '30',
      payType: 'wechat',
      trader: 'sbx-buyer-03',
    });
    const c1 = await post<Order>('/mockTrade/buyChildCancel', {
      id: child.envelope.data.id,
      reason: 'changed my mind',
    });
    expect(c1.envelope.data.status).toBe('cancelled');
    expect(await sandboxCoins('sbx-seller-03')).toMatchObject({ frozen: '0.00000000' });
    const buy = await post<Ad>('/mockTrade/buy', { amount: '40', trader: 'sbx-buyer-04' });
    const o = await post<Order>('/mockTrade/sellFromBuyList', {
      adId: buy.envelope.data.id,
      amount: '40',
      payType: 'alipay',
      trader: 'sbx-seller-04',
    });
    const c2 = await post<Order>('/mockTrade/adCancelOrder', {
      id: o.envelope.data.id,
      reason: 'no longer needed',
    });
    expect(c2.envelope.data.status).toBe('cancelled');
    const gone = await post<Ad>('/mockTrade/sellCancel', {
      id: sell.envelope.data.id,
      reason: 'closing the ad',
    });
    expect(gone.envelope.data.status).toBe('cancelled');
    const orders = await post<Page<Order>>('/mockTrade/orderPage', { page: 1, pageSize: 50 });
    expect(orders.envelope.data.list.map((r) => r.status).sort()).toEqual([
      'cancelled',
      'cancelled',
      'completed',
      'completed',
    ]);
  });

  it('prices sandbox takes at the mock rate, real ones at the real rate', async () => {
    await post('/mockTrade/setMockExchangeRate', {
      currency: 'USDT',
      exchangeCurrency: 'CNY',
      type: 'BUY',
      exchangeRate: '8.1',
    });
    const ad = await post<Ad>('/mockTrade/sell', { amount: '20', trader: 'sbx-seller-05' });
    const o = await post<Order>('/mockTrade/buyFromSellList', {
      adId: ad.envelope.data.id,
      amount: '20',
      payType: 'alipay',
      trader: 'sbx-buyer-05',
    });
    expect(o.envelope.data.price).toBe('8.10000000');
    const [realOrder] = (
      await t.ctx.db.execute<{ price: string }>(
        sql`SELECT price::text FROM trade_orders WHERE id = ${foreign.orderId}`,
      )
    ).rows;
    expect(realOrder!.price).not.toBe('8.10000000');
    await post('/mockTrade/delMockExchangeRate', { currency: 'USDT', exchangeCurrency: 'CNY', type: 'BUY' });
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const { SAMPLE_VOUCHER } = await import('../src/modules/mockTrade/trader-job.ts');
    const sell = await post<Ad>('/mockTrade/sell', { amount: '50', trader: 'sbx-seller-06' });
    const matched = await post<Order>('/mockTrade/buyFromSellList', {
      adId: sell.envelope.data.id,
      amount: '50',
      payType: 'alipay',
      trader: 'sbx-buyer-06',
    });
    const mid = matched.envelope.data.id;
    const before = await tradeState();
    const big = Buffer.alloc(1024 * 1024 + 10, 1);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
    const cases: [string, unknown, number, string][] = [
      // Missing or malformed fields.
      ['/mockTrade/buy', {}, 400, 'amount'],
      ['/mockTrade/sell', { amount: '1.123456789' }, 400, 'amount'],
      ['/mockTrade/sell', { amount: '10', trader: 'real-a' }, 400, 'trader'],
      ['/mockTrade/buy', { amount: '10', trader: 'sbx-seller-01' }, 400, 'trader'],
      ['/mockTrade/buyFromSellList', { amount: '10', payType: 'alipay' }, 400, 'adId'],
      [
        '/mockTrade/buyFromSellList',
        { adId: sell.envelope.data.id, amount: '10', payType: 'cash' },
        400,
        'payType',
      ],
      ['/mockTrade/confirmBuyOrder', {}, 400, 'id'],
      ['/mockTrade/buyCancel', { id: sell.envelope.data.id }, 400, 'reason'],
      ['/mockTrade/buyUpdateStatus', { id: mid, status: 'paid', reason: 'xx' }, 400, 'status'],
      // Another side's ad.
      [
        '/mockTrade/sellFromBuyList',
        { adId: sell.envelope.data.id, amount: '10', payType: 'alipay' },
        400,
        'adId',
      ],
      ['/mockTrade/buyCancel', { id: sell.envelope.data.id, reason: 'wrong side' }, 400, 'id'],
      // Wrong state: a matched order is neither confirmed nor disputed nor resolved.
      ['/mockTrade/confirmSellOrder', { id: mid }, 409, 'id'],
      ['/mockTrade/buyUpdateStatus', { id: mid, status: 'disputed', reason: 'too early' }, 409, 'id'],
      ['/mockTrade/sellUpdateStatus', { id: mid, status: 'completed', reason: 'no dispute' }, 409, 'id'],
      // A real merchant's ad and order: refused before any service runs.
      ['/mockTrade/sellFromBuyList', { adId: foreign.adId, amount: '10', payType: 'alipay' }, 400, 'adId'],
      ['/mockTrade/buyCancel', { id: foreign.adId, reason: 'not mine' }, 400, 'id'],
      ['/mockTrade/confirmBuyOrder', { id: foreign.orderId }, 400, 'id'],
      ['/mockTrade/uploadTradeVoucherFile', { id: foreign.orderId, voucher: SAMPLE_VOUCHER }, 400, 'id'],
      ['/mockTrade/confirmSellOrder', { id: foreign.orderId }, 400, 'id'],
      ['/mockTrade/adConfirmOrder', { id: foreign.orderId }, 400, 'id'],
      ['/mockTrade/adCancelOrder', { id: foreign.orderId, reason: 'not mine' }, 400, 'id'],
      ['/mockTrade/buyChildCancel', { id: foreign.orderId, reason: 'not mine' }, 400, 'id'],
      [
        '/mockTrade/sellUpdateStatus',
        { id: foreign.orderId, status: 'disputed', reason: 'not mine' },
        400,
        'id',
      ],
      ['/mockTrade/getTradeDetail', { id: foreign.orderId }, 400, 'id'],
      ['/mockTrade/getTradeDetail', { id: 987654 }, 400, 'id'],
      // Vouchers: not an image, and oversized.
      [
        '/mockTrade/uploadTradeVoucherFile',
        { id: mid, voucher: Buffer.from('hello').toString('base64') },
        400,
        'voucher',
      ],
      ['/mockTrade/uploadTradeVoucherFile', { id: mid, voucher: big.toString('base64') }, 400, 'voucher'],
    ];
    for (const [url, body, status, field] of cases) {
      const res = await post(url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 80)}`).toBe(status);
      if (status === 400) expect(fields(res), url).toContain(field);
    }
    expect(await tradeState()).toBe(before);
    // Without the permission: nothing either.
    expect((await post('/mockTrade/sell', { amount: '10' }, editor)).statusCode).toBe(403);
    expect(await tradeState()).toBe(before);
  });

  it('the automatic traders trade through every state until stopped', async () => {
    const { runTraderTick } = await import('../src/modules/mockTrade/trader-job.ts');
    let reached = new Set<string>();
    await get('/mockTrade/sellStart?ratePerMinute=6&amountMin=10&amountMax=50&disputeShare=0.4&lateShare=0');
    await get('/mockTrade/buyStart?ratePerMinute=6&amountMin=10&amountMax=50&lateShare=0.2&disputeShare=0');
    const statuses = async () =>
      new Set(
        (
          await t.ctx.db.execute<{ status: string }>(
            sql`SELECT DISTINCT status FROM trade_orders WHERE pool_id = 990001 AND id NOT IN (SELECT id FROM trade_orders WHERE buyer_code NOT LIKE 'sbx-%')`,
          )
        ).rows.map((r) => r.status),
      );
    // An order's fate comes from its random number (trader-job.ts fateOf): a few ticks may make no
    // late order among their few, so the traders tick until each state is reached (4 at least).
    const every = ['completed', 'disputed', 'matched'];
    for (let i = 0; i < 4 || (i < 16 && !every.every((s) => reached.has(s))); i++) {
      await runTraderTick(t.ctx, prng(i + 1));
      reached = await statuses();
    }
    expect([...reached].sort()).toEqual(expect.arrayContaining(every));
    // Their ads say who posted them, in each reader's language.
    const remarks = await t.ctx.db.execute<{ remark: string }>(
      sql`SELECT DISTINCT remark FROM trade_ads WHERE pool_id = 990001 AND remark <> ''`,
    );
    expect(remarks.rows.map((r) => [localText(r.remark, 'zh-CN'), localText(r.remark, 'en-US')])).toEqual([
      ['自动交易员挂单', 'Posted by an automatic trader'],
    ]);
    const info = await get<{
      traders: { running: boolean; actions: number }[];
      orders: Record<string, number>;
    }>('/mockTrade/tradeInfo');
    expect(info.envelope.data.traders.every((tr) => tr.running && tr.actions > 0)).toBe(true);
    await get('/mockTrade/buyStop');
    await get('/mockTrade/sellStop');
    const frozen = await tradeState();
    expect(await runTraderTick(t.ctx)).toMatchObject({ ads: 0, takes: 0, paid: 0, confirmed: 0 });
    expect(await tradeState()).toBe(frozen);
    // Every coin the sandbox moved came from its own faucet and stayed with sandbox members.
    const { rows } = await t.ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM trade_orders o WHERE o.pool_id = 990001
          AND (o.buyer_merchant_id <> ${sandbox.id} OR o.seller_merchant_id <> ${sandbox.id})`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});
