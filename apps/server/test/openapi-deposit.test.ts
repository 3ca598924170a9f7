/**
 * Deposits through the merchant API over real HTTP on the listening server: the placement reaches the
 * sandbox upstream over HTTP and answers the pay URL; a repeated merchant order number answers the
 * same order; no passage, the merchant's limits and an upstream refusal answer their codes, are on
 * the placement log, and move no money.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldUpstreamErrors } from '../src/modules/openapi/upstream-errors.ts';
import { ledgerIsSound, verifyLedger } from '../src/platform/ledger/index.ts';
import type { TestApp } from './harness.ts';
import { balance, HAN, lastLog, makeMerchant, mchFetch, type TestMerchant } from './openapi-client.ts';
import { listeningApp, type Party, passage, sandboxCall, sandboxParty, waitFor } from './upstream-helpers.ts';

let t: TestApp;
let party: Party;
let m: TestMerchant;

type Order = { orderNo: string; status: string; payUrl: string | null; amount: string; fee: string };

beforeAll(async () => {
  t = await listeningApp();
  party = await sandboxParty(t, 'SBX_GW');
  await passage(t, party, { payType: 'alipay' });
  await sandboxCall(t, party, 'control', { outcome: 'hold' });
  m = await makeMerchant(t, { depositRate: '0.01', singleMin: '1', singleMax: '20000' });
});
afterAll(async () => {
  const report = await verifyLedger(t.ctx.db);
  expect(report, JSON.stringify(report)).toSatisfy(ledgerIsSound);
  await t.close();
});

describe('deposit creation', () => {
  it('answers the pending order with the pay URL and logs it', async () => {
    const res = await mchFetch<Order>(t, m, 'deposit/create', {
      mchOrderNo: 'D-OK-1',
      amount: '200.00',
      payType: 'alipay',
      memberAccount: 'player01',
    });
    expect(res.status).toBe(200);
    expect(res.envelope.code).toBe(0);
    expect(res.envelope.data).toMatchObject({ status: 'pending_payment', amount: '200.00', fee: '2.00' });
    expect(res.envelope.data.payUrl).toMatch(/\/sandbox\/upstream\/cashier\//);
    expect(await lastLog(t)).toMatchObject({
      endpoint: 'deposit',
      mch_order_no: 'D-OK-1',
      order_no: res.envelope.data.orderNo,
      accepted: true,
      code: 0,
    });
  });

  it('answers the same order for a repeated merchant order number', async () => {
    const first = await mchFetch<Order>(t, m, 'deposit/create', {
      mchOrderNo: 'D-OK-2',
      amount: '50.00',
      payType: 'alipay',
    });
    const again = await mchFetch<Order>(t, m, 'deposit/create', {
      mchOrderNo: 'D-OK-2',
      amount: '99.00',
      payType: 'alipay',
    });
    expect(again.envelope.code).toBe(0);
    expect(again.envelope.data.orderNo).toBe(first.envelope.data.orderNo);
    expect(again.envelope.data.amount).toBe('50.00');
    const { rows } = await t.ctx.pool.query(
      "SELECT count(*)::int AS n FROM deposit_orders WHERE mch_order_no = 'D-OK-2'",
    );
    expect(rows[0].n).toBe(1);
  });

  it('is paid by the sandbox and lands in audit; queried through the API', async () => {
    const made = await mchFetch<Order>(t, m, 'deposit/create', {
      mchOrderNo: 'D-PAY',
      amount: '300.00',
      payType: 'alipay',
    });
    await sandboxCall(t, party, 'notify', { orderNo: made.envelope.data.orderNo, outcome: 'success' });
    const audited = await waitFor(async () => {
      const q = await mchFetch<Order>(t, m, 'order/query', { orderType: 'deposit', mchOrderNo: 'D-PAY' });
      return q.envelope.data.status === 'in_audit' && q;
    });
    expect(audited.envelope.data.orderNo).toBe(made.envelope.data.orderNo);
  });
});

describe('deposit refusals: a clear code, on the log, no balance moved', () => {
  async function refused(params: Record<string, string>, code: number, field?: string) {
    const before = await balance(t, m);
    const res = await mchFetch<{ fields?: { field: string }[] }>(t, m, 'deposit/create', params, {
      'accept-language': 'en-US',
    });
    expect(res.envelope.code, JSON.stringify(res.envelope)).toBe(code);
    if (field) expect(res.envelope.data.fields?.map((f) => f.field)).toContain(field);
    const log = await lastLog(t);
    expect(log).toMatchObject({
      accepted: false,
      code,
      reason: expect.objectContaining({ 'en-US': res.envelope.msg }),
      mch_order_no: params.mchOrderNo,
    });
    // An operator reading zh-CN reads it in Chinese, though the merchant asked in English.
    expect(log.reason['zh-CN']).toMatch(HAN);
    expect(await balance(t, m)).toEqual(before);
    return res;
  }

  it('no passage for the pay type', async () => {
    const res = await refused(
      { mchOrderNo: 'D-NOPASS', amount: '100.00', payType: 'wechat' },
      2008,
      'payType',
    );
    expect(res.envelope.msg).toContain('No payment passage');
  });

  it("outside the merchant's or the passages' limits", async () => {
    await refused({ mchOrderNo: 'D-BIG', amount: '30000.00', payType: 'alipay' }, 2009, 'amount');
    await refused({ mchOrderNo: 'D-SMALL', amount: '5.00', payType: 'alipay' }, 2009, 'amount');
  });

  it('too many decimals', async () => {
    const res = await refused({ mchOrderNo: 'D-DEC', amount: '100.001', payType: 'alipay' }, 400, 'amount');
    expect(res.envelope.msg).toContain('at most 2 decimals');
  });

  it('the upstream refuses the order', async () => {
    await sandboxCall(t, party, 'control', { create: 'refuse', outcome: 'hold' });
    const res = await refused({ mchOrderNo: 'D-UPFAIL', amount: '100.00', payType: 'alipay' }, 2010);
    expect((res.envelope.data as { order?: { status: string } }).order?.status).toBe('failed');
    await sandboxCall(t, party, 'control', { outcome: 'hold' });
  });
});

describe('the error report', () => {
  it("counts the upstream's refusals from the routing decisions once, next to the API errors", async () => {
    expect(await foldUpstreamErrors(t.ctx)).toBeGreaterThan(0);
    await foldUpstreamErrors(t.ctx);
    const { rows } = await t.ctx.pool.query(
      `SELECT source, mch_no, endpoint, code, count, last_message FROM error_report_daily
        WHERE mch_no = $1 ORDER BY source, code`,
      [m.mchNo],
    );
    expect(rows.filter((r) => r.source === 'api').map((r) => r.code)).toEqual(
      expect.arrayContaining(['2008', '2009', '2010', '400']),
    );
    const upstream = rows.filter((r) => r.source === 'upstream');
    expect(upstream).toEqual([
      expect.objectContaining({ code: '@upstreamError', count: 1, endpoint: 'SBX_GW-alipay-deposit' }),
    ]);
    expect(upstream[0].last_message.length).toBeGreaterThan(0);
  });
});
