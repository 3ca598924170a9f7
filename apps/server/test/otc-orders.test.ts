/**
 * OTC (USDT) and ZHOTC (other-currency) orders through the merchant API over real HTTP: priced by the
 * rate table at creation (deposits SELL, withdrawals BUY) and never repriced, then paid, audited,
 * credited and frozen exactly like normal orders in CNY; refusals name their field and write nothing;
 * each family's page shows its own orders only, the payment orders page the placed OTC deposits.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedExchangeRates } from '../src/modules/mockTrade/exchange-rates.ts';
import { exchangeRates } from '../src/modules/mockTrade/schema.ts';
import { ledgerIsSound, verifyLedger } from '../src/platform/ledger/index.ts';
import { bindAuthenticator, call, type Session, signInAdmin, type TestApp, totpCode } from './harness.ts';
import { balance, lastLog, makeMerchant, mchFetch, type TestMerchant } from './openapi-client.ts';
import { listeningApp, type Party, passage, sandboxCall, sandboxParty, waitFor } from './upstream-helpers.ts';

type Row = Record<string, unknown>;
type Order = Row & { orderNo: string; status: string; amount: string; fee: string };
type Page = { list: Row[] };

let t: TestApp;
let party: Party;
let m: TestMerchant;
let admin: Session;
let secret: string;
let keys = 0;

const NOTIFY = 'https://merchant.example.com/notify';

beforeAll(async () => {
  t = await listeningApp();
  await seedExchangeRates(t.ctx);
  party = await sandboxParty(t, 'SBX_OTC');
  await passage(t, party, { payType: 'alipay' });
  await sandboxCall(t, party, 'control', { outcome: 'hold' });
  m = await makeMerchant(
    t,
    { depositRate: '0.01', withdrawRate: '0.01', singleMin: '1', singleMax: '100000' },
    '10000',
  );
  admin = await signInAdmin(t);
  secret = await bindAuthenticator(t, admin, 1);
});
afterAll(async () => {
  const report = await verifyLedger(t.ctx.db);
  expect(report, JSON.stringify(report)).toSatisfy(ledgerIsSound);
  await t.close();
});

const create = (path: string, params: Record<string, string>) =>
  mchFetch<Order>(t, m, path, params, { 'accept-language': 'en-US' });

async function operator<T = Row>(path: string, body: unknown, coded = false) {
  const opts: Parameters<typeof call>[3] = {
    session: admin,
    body,
    headers: { 'idempotency-key': `otc-key-${++keys}` },
  };
  if (coded) {
    t.ctx.clock.advance(30_000);
    opts.code = await totpCode(t, secret);
  }
  return call<T>(t, 'POST', path, opts);
}

const listOf = async (api: string, filters: Row = {}) => {
  const res = await operator<Page>(`${api}/findByPage`, { page: 1, pageSize: 100, filters });
  expect(res.envelope.code, res.body).toBe(0);
  return res.envelope.data.list;
};

const setRate = (currency: string, type: 'BUY' | 'SELL', rate: string) =>
  t.ctx.db
    .update(exchangeRates)
    .set({ exchangeRate: rate })
    .where(and(eq(exchangeRates.currency, currency), eq(exchangeRates.type, type)));

let otcDeposit: Order;
let zhotcWithdrawal: Order;

describe('an OTC deposit (USDT)', () => {
  it('is priced at the SELL rate into CNY, its fee on the CNY amount; the quote is on the order', async () => {
    const res = await create('deposit/create', {
      mchOrderNo: 'OTC-D-1',
      amount: '100.5',
      currency: 'USDT',
      payType: 'alipay',
      notifyUrl: NOTIFY,
    });
    expect(res.envelope.code, JSON.stringify(res.envelope)).toBe(0);
    otcDeposit = res.envelope.data;
    // 100.5 × 7.18 = 721.59; fee 1% cut to 7.21.
    expect(otcDeposit).toMatchObject({
      status: 'pending_payment',
      currency: 'CNY',
      amount: '721.59',
      fee: '7.21',
      family: 'otc',
      quoteCurrency: 'USDT',
      quoteAmount: '100.50000000',
      rate: '7.18',
    });
    expect(otcDeposit.payUrl).toMatch(/\/sandbox\/upstream\/cashier\//);
    // The placement log counts the CNY amount.
    expect(await lastLog(t)).toMatchObject({
      order_no: otcDeposit.orderNo,
      accepted: true,
      amount: '721.59000000',
    });
  });

  it('keeps its price when the rate changes, is paid, approved with a code and credits CNY minus fee', async () => {
    const before = await balance(t, m);
    await setRate('USDT', 'SELL', '8.00');
    await sandboxCall(t, party, 'notify', { orderNo: otcDeposit.orderNo, outcome: 'success' });
    await waitFor(async () => {
      const q = await create('order/query', { orderType: 'deposit', orderNo: otcDeposit.orderNo });
      return q.envelope.data.status === 'in_audit';
    });
    const [row] = await listOf('/api/pay/otcDeposit', { orderNo: otcDeposit.orderNo });
    const approved = await operator('/api/pay/depositOrder/approve', { id: row!.id }, true);
    expect(approved.envelope.code, approved.body).toBe(0);

    const q = await create('order/query', { orderType: 'deposit', orderNo: otcDeposit.orderNo });
    expect(q.envelope.data).toMatchObject({ status: 'success', amount: '721.59', rate: '7.18' });
    const after = await balance(t, m);
    expect(Number(after!.available) - Number(before!.available)).toBeCloseTo(714.38, 2);
    // The merchant's callback names the quote next to the CNY amount.
    const { rows } = await t.ctx.pool.query(
      'SELECT payload FROM merchant_notifications WHERE order_no = $1',
      [otcDeposit.orderNo],
    );
    expect(rows[0].payload).toMatchObject({
      status: 'success',
      amount: '721.59',
      fee: '7.21',
      family: 'otc',
      quoteCurrency: 'USDT',
      quoteAmount: '100.50000000',
      rate: '7.18',
    });
    await setRate('USDT', 'SELL', '7.18');
  });
});

describe('a ZHOTC withdrawal (HKD)', () => {
  it('is priced at the BUY rate and freezes the CNY amount + fee', async () => {
    const before = await balance(t, m);
    const res = await create('withdraw/create', {
      mchOrderNo: 'ZH-W-1',
      amount: '1000.00',
      currency: 'HKD',
      bankName: '中国银行',
      accountName: '张三',
      accountNo: '6216610200012345678',
    });
    expect(res.envelope.code, JSON.stringify(res.envelope)).toBe(0);
    zhotcWithdrawal = res.envelope.data;
    // 1000 × 0.9265 = 926.50; fee 9.26; frozen 935.76.
    expect(zhotcWithdrawal).toMatchObject({
      status: 'in_review',
      amount: '926.50',
      fee: '9.26',
      family: 'zhotc',
      quoteCurrency: 'HKD',
      quoteAmount: '1000.00',
      rate: '0.9265',
    });
    const after = await balance(t, m);
    expect(Number(before!.available) - Number(after!.available)).toBeCloseTo(935.76, 2);
    expect(Number(after!.frozen) - Number(before!.frozen)).toBeCloseTo(935.76, 2);
  });
});

describe('refusals: a 400 naming the field, nothing written', () => {
  async function refused(params: Record<string, string>, field: string) {
    const before = await balance(t, m);
    const res = await create('deposit/create', { payType: 'alipay', ...params });
    expect(res.status, JSON.stringify(res.envelope)).toBe(400);
    const fields = (res.envelope.data as { fields?: { field: string; message: string }[] }).fields ?? [];
    expect(fields.map((f) => f.field)).toEqual([field]);
    const { rows } = await t.ctx.pool.query('SELECT 1 FROM deposit_orders WHERE mch_order_no = $1', [
      params.mchOrderNo,
    ]);
    expect(rows).toHaveLength(0);
    expect(await balance(t, m)).toEqual(before);
    return { msg: res.envelope.msg, message: fields[0]!.message };
  }

  it('a currency the platform does not know', async () => {
    await refused({ mchOrderNo: 'R-1', amount: '10', currency: 'XYZ' }, 'currency');
  });

  it('a currency without a rate to CNY', async () => {
    const r = await refused({ mchOrderNo: 'R-2', amount: '0.1', currency: 'BTC' }, 'currency');
    expect(r.message).toContain('BTC');
    expect(r.message).toContain('rate');
  });

  it('more decimals than the quote currency has (USDT 8, USD 2), never rounded', async () => {
    await refused({ mchOrderNo: 'R-3', amount: '1.123456789', currency: 'USDT' }, 'amount');
    const usd = await refused({ mchOrderNo: 'R-4', amount: '10.001', currency: 'USD' }, 'amount');
    expect(usd.message).toContain('at most 2 decimals');
    // CNY keeps its 2 decimals whether named or not.
    await refused({ mchOrderNo: 'R-5', amount: '10.001', currency: 'CNY' }, 'amount');
    await refused({ mchOrderNo: 'R-6', amount: '10.001' }, 'amount');
  });

  it('a quote worth less than 0.01 CNY', async () => {
    await refused({ mchOrderNo: 'R-7', amount: '0.00000001', currency: 'USDT' }, 'amount');
  });
});

describe('the pages', () => {
  let normal: Order;
  beforeAll(async () => {
    const res = await create('deposit/create', { mchOrderNo: 'N-D-1', amount: '88.00', payType: 'alipay' });
    expect(res.envelope.code).toBe(0);
    normal = res.envelope.data;
    expect(normal).toMatchObject({ family: 'normal', quoteCurrency: null, rate: null });
  });

  it('each family view shows its own orders, with the quote; the lists hold every family', async () => {
    const otc = await listOf('/api/pay/otcDeposit');
    expect(otc.map((r) => r.orderNo)).toEqual([otcDeposit.orderNo]);
    expect(otc[0]).toMatchObject({ quoteCurrency: 'USDT', rate: '7.18', amount: '721.59000000' });
    expect(await listOf('/api/pay/zhotcDeposit')).toEqual([]);
    expect(await listOf('/api/pay/otcTransfer')).toEqual([]);
    const zh = await listOf('/api/pay/zhotcTransfer');
    expect(zh.map((r) => r.orderNo)).toEqual([zhotcWithdrawal.orderNo]);
    expect(zh[0]).toMatchObject({ quoteCurrency: 'HKD', rate: '0.9265' });

    const all = await listOf('/api/pay/depositOrder');
    expect(all.map((r) => [r.orderNo, r.family])).toEqual(
      expect.arrayContaining([
        [otcDeposit.orderNo, 'otc'],
        [normal.orderNo, 'normal'],
      ]),
    );
    const normalOnly = await listOf('/api/pay/depositOrder', { family: 'normal' });
    expect(normalOnly.map((r) => r.orderNo)).not.toContain(otcDeposit.orderNo);
  });

  it("exports a family page with the quote at its currency's scale and the rate as quoted", async () => {
    const res = await call(t, 'POST', '/api/pay/otcDeposit/export', {
      session: admin,
      body: { format: 'csv' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [head, ...lines] = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(head).toContain('Quote amount');
    // The columns the page shows: not the family, which every row of the page has (its scope).
    expect(head).toContain('Order no.');
    expect(head).not.toContain('Order family');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(otcDeposit.orderNo);
    expect(lines[0]).toContain('100.50000000');
    expect(lines[0]).toContain('7.18');
    expect(lines[0]).toContain('721.59');
  });

  it('a view filter cannot leave its family', async () => {
    const res = await listOf('/api/pay/otcDeposit', { orderNo: normal.orderNo });
    expect(res).toEqual([]);
  });

  it('the payment orders page shows the placed OTC deposits with their provider and pay URL', async () => {
    const rows = await listOf('/api/pay/otcPayOrder');
    expect(rows.map((r) => r.orderNo)).toEqual([otcDeposit.orderNo]);
    expect(rows[0]).toMatchObject({ family: 'otc', thirdPartyIdLabel: 'SBX_OTC', status: 'success' });
    expect(String(rows[0]!.upstreamOrderNo)).toMatch(/^SBX/);
    expect(String(rows[0]!.payUrl)).toContain('/sandbox/upstream/cashier/');
    expect(rows[0]!.paidAt).toBeTruthy();
  });
});
