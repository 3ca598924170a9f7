/**
 * The simulator (/mockTrade, /mockOrderTest): the sandbox merchant (its own ledger accounts, sandbox
 * passages only), the mock exchange rate overriding the real one for the sandbox only, the automatic
 * traders' start/stop (persisted, audited), test orders through the merchant API over HTTP, the demo
 * step; bad input to each is a 4xx naming the field, nothing changed; a real merchant's balance never
 * moves (mock-trade-suite.ts). The sandbox market is mock-trade-market.test.ts's.
 */
import { localText, merchantApiMessage } from '@payops/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { open } from '../src/platform/secret-box.ts';
import type { Session, TestApp } from './harness.ts';
import { type MockTradeSuite, mockTradeSuite } from './mock-trade-suite.ts';
import { mchCall, type TestMerchant } from './openapi-client.ts';
import { waitFor } from './upstream-helpers.ts';

const { suite, get, post, fields, count, auditRows } = mockTradeSuite();
let t: TestApp;
let editor: Session;
let real: TestMerchant;
let sandbox: MockTradeSuite['sandbox'];
beforeAll(() => {
  ({ t, editor, real, sandbox } = suite);
});

type Page<T> = { list: T[]; pager: { total: number | null } };

describe('the sandbox merchant', () => {
  it('is one merchant, flagged sandbox, with its own ledger account and only sandbox passages', async () => {
    expect(sandbox).toMatchObject({ sandbox: true, mchNo: expect.stringMatching(/^M\d{8}$/) });
    const again = (await get<typeof sandbox>('/mockTrade/sandboxMerchant')).envelope.data;
    expect(again.id).toBe(sandbox.id);
    expect(await count(sql`SELECT count(*)::int AS n FROM sandbox_merchants`)).toBe(1);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM ledger_accounts WHERE owner_type = 'merchant' AND owner_id = ${sandbox.id}`,
      ),
    ).toBe(1);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM merchant_passages mp JOIN passages p ON p.id = mp.passage_id
        JOIN third_parties tp ON tp.id = p.third_party_id
        WHERE mp.merchant_id = ${sandbox.id} AND tp.interface_type <> 'sandbox'`),
    ).toBe(0);
  });
});

describe('mock exchange rates', () => {
  it('override the real rate for the sandbox merchant only', async () => {
    const set = await post('/mockTrade/setMockExchangeRate', {
      currency: 'USD',
      exchangeCurrency: 'CNY',
      type: 'SELL',
      exchangeRate: '9.5',
    });
    expect(set.envelope).toMatchObject({ code: 0, data: { exchangeRate: '9.5', realRate: '7.198' } });
    const list = await post<{ exchangeRate: string }[]>('/mockTrade/getMockExchangeRate', {});
    expect(list.envelope.data).toHaveLength(1);
    // A USD deposit of each merchant, through the merchant API: the sandbox's priced at 9.5, the real at 7.198.
    const [row] = (
      await t.ctx.db.execute<{ secret_enc: string }>(
        sql`SELECT secret_enc FROM merchants WHERE id = ${sandbox.id}`,
      )
    ).rows;
    const sb = { id: sandbox.id, mchNo: sandbox.mchNo, secret: open(t.ctx.keys.secretKey, row!.secret_enc) };
    const params = { amount: '10', currency: 'USD', payType: 'alipay' };
    const mine = await mchCall<{ rate: string; amount: string }>(t, sb, 'deposit/create', {
      ...params,
      mchOrderNo: 'RATE-SB',
    });
    const theirs = await mchCall<{ rate: string; amount: string }>(t, real, 'deposit/create', {
      ...params,
      mchOrderNo: 'RATE-REAL',
    });
    expect(mine.envelope.data).toMatchObject({ rate: '9.5', amount: '95.00' });
    expect(theirs.envelope.data).toMatchObject({ rate: '7.198', amount: '71.98' });
    expect(await auditRows('mockExchangeRate')).toBe(1);
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const base = { currency: 'USD', exchangeCurrency: 'CNY', type: 'SELL' };
    const cases: [unknown, string][] = [
      [base, 'exchangeRate'],
      [{ ...base, exchangeRate: '0' }, 'exchangeRate'],
      [{ ...base, exchangeRate: '1.123456789' }, 'exchangeRate'],
      [{ ...base, exchangeCurrency: 'USD', exchangeRate: '1' }, 'exchangeCurrency'],
      [{ ...base, type: 'MID', exchangeRate: '1' }, 'type'],
    ];
    for (const [body, field] of cases) {
      const res = await post('/mockTrade/setMockExchangeRate', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fields(res)).toContain(field);
    }
    const none = await post('/mockTrade/delMockExchangeRate', { ...base, type: 'BUY' });
    expect(none.statusCode).toBe(400);
    expect(fields(none)).toContain('currency');
    expect(
      (await post('/mockTrade/setMockExchangeRate', { ...base, exchangeRate: '1' }, editor)).statusCode,
    ).toBe(403);
    const list = await post<{ exchangeRate: string }[]>('/mockTrade/getMockExchangeRate', {});
    expect(list.envelope.data.map((r) => r.exchangeRate)).toEqual(['9.5']);
  });

  it('deleting gives the sandbox the real rate back', async () => {
    const del = await post('/mockTrade/delMockExchangeRate', {
      currency: 'USD',
      exchangeCurrency: 'CNY',
      type: 'SELL',
    });
    expect(del.envelope).toMatchObject({ code: 0, data: { deleted: '9.5' } });
    expect((await post<unknown[]>('/mockTrade/getMockExchangeRate', {})).envelope.data).toEqual([]);
  });
});

describe('automatic traders', () => {
  type Trader = {
    side: string;
    running: boolean;
    ratePerMinute: number;
    amountMin: string;
    amountMax: string;
  };
  it('start with their settings and stop, persisted and audited', async () => {
    const started = await get<Trader>(
      '/mockTrade/buyStart?ratePerMinute=12&amountMin=50&amountMax=200&lateShare=0.2&disputeShare=0.1',
    );
    expect(started.envelope).toMatchObject({
      code: 0,
      data: {
        side: 'buy',
        running: true,
        ratePerMinute: 12,
        amountMin: '50.00000000',
        amountMax: '200.00000000',
      },
    });
    expect((await get<Trader>('/mockTrade/sellStart')).envelope.data).toMatchObject({
      side: 'sell',
      running: true,
    });
    const list = await post<{ list: Trader[] }>('/api/tradeMock/traders/findByPage', {
      page: 1,
      pageSize: 10,
    });
    expect(list.envelope.data.list.map((r) => [r.side, r.running])).toEqual([
      ['buy', true],
      ['sell', true],
    ]);
    expect((await get<Trader>('/mockTrade/buyStop')).envelope.data.running).toBe(false);
    expect((await get<Trader>('/mockTrade/sellStop')).envelope.data.running).toBe(false);
    expect(await auditRows('mockTrader')).toBe(4);
  });

  it('refuse bad settings naming the field, and change nothing', async () => {
    const cases: [string, string][] = [
      ['ratePerMinute=0', 'ratePerMinute'],
      ['ratePerMinute=abc', 'ratePerMinute'],
      ['amountMin=500&amountMax=100', 'amountMax'],
      ['amountMax=10', 'amountMax'], // below the stored minimum (50)
      ['lateShare=1.5', 'lateShare'],
      ['lateShare=0.7&disputeShare=0.6', 'disputeShare'],
      ['amountMin=1.123456789', 'amountMin'],
      ['side=sell', 'side'],
    ];
    for (const [q, field] of cases) {
      const res = await get(`/mockTrade/buyStart?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(fields(res), q).toContain(field);
    }
    expect((await get('/mockTrade/buyStart', editor)).statusCode).toBe(403);
    const list = await post<{ list: Trader[] }>('/api/tradeMock/traders/findByPage', {
      page: 1,
      pageSize: 10,
    });
    expect(list.envelope.data.list.every((r) => !r.running)).toBe(true);
    expect(list.envelope.data.list[0]).toMatchObject({ amountMin: '50.00000000', amountMax: '200.00000000' });
  });
});

describe('mockOrderTest', () => {
  type Test = { id: number; orderNo: string | null; answerCode: number; answerMessage: string };
  type Listed = Test & { orderStatus: string | null; callbackStatus: string | null; direction: string };
  it('places a test deposit through the merchant API over HTTP and follows it through the sandbox', async () => {
    const res = await post<Test>('/api/mockOrderTest/place', {
      direction: 'deposit',
      amount: '88.00',
      payType: 'alipay',
    });
    expect(res.envelope).toMatchObject({ code: 0, data: { answerCode: 0, orderNo: expect.any(String) } });
    const orderNo = res.envelope.data.orderNo!;
    // The placement went the real merchant's way: on the placement log as the sandbox merchant.
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM order_place_log WHERE order_no = ${orderNo} AND mch_no = ${sandbox.mchNo}`,
      ),
    ).toBe(1);
    const listed = await waitFor(async () => {
      const l = await post<{ list: Listed[] }>('/api/mockOrderTest/findByPage', { page: 1, pageSize: 10 });
      const row = l.envelope.data.list.find((r) => r.orderNo === orderNo);
      return row && row.orderStatus !== 'pending_payment' && row.orderStatus !== 'created' ? row : null;
    });
    expect(listed).toMatchObject({ direction: 'deposit', orderStatus: expect.any(String) });
    expect(await auditRows('mockOrderTestSon')).toBe(1);
  });

  it("keeps a refused test with the refusal the merchant API answered, in the operator's language", async () => {
    const withdrawal = {
      direction: 'withdraw',
      amount: '100.00',
      bankName: 'ICBC',
      accountName: 'Zhang San',
      accountNo: '6222020200001234567',
    };
    const res = await post<Test>('/api/mockOrderTest/place', withdrawal);
    expect(res.envelope.code).toBe(0);
    const { answerCode, answerMessage, orderNo } = res.envelope.data;
    expect(answerCode).not.toBe(0);
    expect(orderNo).toBeNull();
    expect(answerMessage.startsWith(merchantApiMessage(answerCode, 'zh-CN')), answerMessage).toBe(true);
    const en = await post<Test>('/api/mockOrderTest/place', withdrawal, undefined, {
      'accept-language': 'en-US',
    });
    expect(en.envelope.data.answerCode).toBe(answerCode);
    expect(en.envelope.data.answerMessage.startsWith(merchantApiMessage(answerCode, 'en-US'))).toBe(true);
    // The test's row reads in its reader's language, whoever ran it: the zh-CN run's, listed in en-US.
    const listed = await post<{ list: Test[] }>('/api/mockOrderTest/findByPage', { page: 1, pageSize: 50 });
    const stored = listed.envelope.data.list.find((r) => r.id === res.envelope.data.id)!.answerMessage;
    expect(localText(stored, 'en-US').startsWith(merchantApiMessage(answerCode, 'en-US')), stored).toBe(true);
    expect(localText(stored, 'zh-CN')).toBe(answerMessage);
    // A refusal naming a field names it once: the message as answered, nothing appended.
    const parameter = { code: 'withdraw', minAmount: '1000', maxAmount: '50000', feeRate: '0', feeHint: '' };
    const saved = await post('/api/pay/payotherconfig/addOrEdit', { ...parameter, enabled: true });
    expect(saved.envelope.code, saved.body).toBe(0);
    const named = await post<Test>('/api/mockOrderTest/place', { ...withdrawal, amount: '500.00' });
    await post('/api/pay/payotherconfig/addOrEdit', { ...parameter, enabled: false });
    const told = named.envelope.data.answerMessage;
    expect(named.envelope.data.answerCode, told).toBe(2009);
    expect(told.split('amount').length - 1, told).toBe(1);
  });

  it('refuses bad input naming the field, and places nothing', async () => {
    const before = await count(sql`SELECT count(*)::int AS n FROM mock_order_tests`);
    const cases: [unknown, string][] = [
      [{ direction: 'deposit', payType: 'alipay' }, 'amount'],
      [{ direction: 'deposit', amount: '10.001', payType: 'alipay' }, 'amount'],
      [{ direction: 'deposit', amount: '10', payType: 'cash' }, 'payType'],
      [
        { direction: 'withdraw', amount: '10', bankName: 'x', accountName: 'y', accountNo: '12' },
        'accountNo',
      ],
      [{ direction: 'refund', amount: '10' }, 'direction'],
    ];
    for (const [body, field] of cases) {
      const res = await post('/api/mockOrderTest/place', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fields(res)).toContain(field);
    }
    expect(
      (
        await post(
          '/api/mockOrderTest/place',
          { direction: 'deposit', amount: '10', payType: 'alipay' },
          editor,
        )
      ).statusCode,
    ).toBe(403);
    expect(await count(sql`SELECT count(*)::int AS n FROM mock_order_tests`)).toBe(before);
  });
});

describe('the demo step', () => {
  it('fills both pages: a trader burst (stopped after), a ruled dispute, two test orders', async () => {
    const { runMockTradeDay } = await import('../src/demo/mock-trade-day.ts');
    const { platformOrigin } = await import('../src/modules/upstream/origin.ts');
    const before = await count(sql`SELECT count(*)::int AS n FROM trade_orders WHERE pool_id = 990001`);
    const report = await runMockTradeDay(t.ctx, platformOrigin(t.ctx)!, {
      operatorId: 1,
      username: 'admin',
      locale: 'zh-CN',
    });
    expect(report.orders).toBeGreaterThan(before);
    expect(report.tests).toBe(2);
    const traders = await post<Page<{ running: boolean }>>('/api/tradeMock/traders/findByPage', {
      page: 1,
      pageSize: 10,
    });
    expect(traders.envelope.data.list.some((r) => r.running)).toBe(false);
    const tests = await post<Page<{ direction: string }>>('/api/mockOrderTest/findByPage', {
      page: 1,
      pageSize: 50,
    });
    expect(tests.envelope.data.list.filter((r) => r.direction === 'withdraw').length).toBeGreaterThan(1);
  });
});
