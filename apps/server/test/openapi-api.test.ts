/**
 * The merchant API (/openapi/v1) on the real app: signed withdrawals, order and balance queries, and
 * every refusal (signature, replay, stale timestamp, unknown/disabled merchant, address, amount,
 * balance) answering a clear code, landing on the placement log with its reason, and moving no money.
 * Deposits (through the upstream placement) are in openapi-deposit.test.ts.
 */
import { orderTransferList } from '@payops/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants } from '../src/modules/mch/schema.ts';
import { withdrawOrders } from '../src/modules/order/schema.ts';
import { duePayouts } from '../src/modules/upstream/payout.ts';
import { ledgerIsSound, verifyLedger } from '../src/platform/ledger/index.ts';
import { runSystemTransition } from '../src/platform/transitions/index.ts';
import { call, createTestApp, type TestApp } from './harness.ts';
import { balance, HAN, lastLog, makeMerchant, mchCall, type TestMerchant } from './openapi-client.ts';

let t: TestApp;
let m: TestMerchant;

const payee = { bankName: '中国工商银行', accountName: '张三', accountNo: '6222020200112233445' };
const withdrawal = (mchOrderNo: string, amount = '100.00') => ({ mchOrderNo, amount, ...payee });

beforeAll(async () => {
  t = await createTestApp({ logLevel: 'error' });
  m = await makeMerchant(t, { withdrawRate: '0.01', singleMax: '50000' }, '1000.00');
});
afterAll(async () => {
  const report = await verifyLedger(t.ctx.db);
  expect(report, JSON.stringify(report)).toSatisfy(ledgerIsSound);
  await t.close();
});

describe('withdrawal', () => {
  it('freezes amount + fee, queues the order for review and logs the call', async () => {
    const res = await mchCall<{ orderNo: string; status: string; fee: string }>(
      t,
      m,
      'withdraw/create',
      withdrawal('W-OK-1'),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.code).toBe(0);
    expect(res.envelope.data.fee).toBe('1.00');
    expect(['in_review', 'approved']).toContain(res.envelope.data.status);
    expect(await balance(t, m)).toEqual({ available: '899.00000000', frozen: '101.00000000' });
    const log = await lastLog(t);
    expect(log).toMatchObject({
      endpoint: 'withdraw',
      mch_no: m.mchNo,
      mch_order_no: 'W-OK-1',
      order_no: res.envelope.data.orderNo,
      amount: '100.00000000',
      ip: '127.0.0.1',
      accepted: true,
      code: 0,
    });
  });

  it('answers the existing order for a repeated merchant order number and freezes nothing more', async () => {
    const before = await balance(t, m);
    const first = await mchCall<{ orderNo: string }>(t, m, 'withdraw/create', withdrawal('W-OK-1'));
    expect(first.envelope.code).toBe(0);
    const again = await mchCall<{ orderNo: string }>(t, m, 'withdraw/create', withdrawal('W-OK-1', '5.00'));
    expect(again.envelope.data.orderNo).toBe(first.envelope.data.orderNo);
    expect(await balance(t, m)).toEqual(before);
    const { rows } = await t.ctx.pool.query(
      "SELECT count(*)::int AS n FROM withdraw_orders WHERE mch_order_no = 'W-OK-1'",
    );
    expect(rows[0].n).toBe(1);
  });

  it('keeps a reservation (payoutAt) out of the payouts until its time', async () => {
    const at = t.ctx.clock.now().getTime() + 2 * 3_600_000;
    const res = await mchCall<{ orderNo: string }>(t, m, 'withdraw/create', {
      ...withdrawal('W-RSV-1', '10.00'),
      payoutAt: String(at),
    });
    expect(res.envelope.code, res.body).toBe(0);
    const orderOf = async () =>
      (
        await t.ctx.db
          .select()
          .from(withdrawOrders)
          .where(eq(withdrawOrders.orderNo, res.envelope.data.orderNo))
      )[0]!;
    const order = await orderOf();
    expect(order.scheduledAt?.getTime()).toBe(at);
    const due = async () => (await duePayouts(t.ctx, 100)).map((o) => o.orderNo);
    if (order.status === 'in_review')
      await runSystemTransition(t.ctx, orderTransferList, 'approve', order.id);
    expect(await due()).not.toContain(order.orderNo);
    // Its time comes (moved, not the clock: the signed calls of the other tests keep real timestamps).
    await t.ctx.db
      .update(withdrawOrders)
      .set({ scheduledAt: new Date(t.ctx.clock.now().getTime() - 1000) })
      .where(eq(withdrawOrders.id, order.id));
    expect(await due()).toContain(order.orderNo);
    await runSystemTransition(t.ctx, orderTransferList, 'reject', order.id, { reason: 'test over' });
    expect((await orderOf()).status).toBe('rejected');
  });

  it('refuses more than the available balance: nothing frozen, no order', async () => {
    const before = await balance(t, m);
    const res = await mchCall(t, m, 'withdraw/create', withdrawal('W-BIG', '5000.00'), {
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.envelope.code).toBe(2007);
    expect(res.envelope.msg).toBe("The merchant's available balance is insufficient");
    expect(await balance(t, m)).toEqual(before);
    const { rows } = await t.ctx.pool.query("SELECT 1 FROM withdraw_orders WHERE mch_order_no = 'W-BIG'");
    expect(rows).toHaveLength(0);
    expect(await lastLog(t)).toMatchObject({ accepted: false, code: 2007, code_name: 'insufficientBalance' });
  });
});

describe('queries', () => {
  it('finds an order by merchant or platform number, and the balance', async () => {
    const made = await mchCall<{ orderNo: string }>(t, m, 'withdraw/create', withdrawal('W-Q-1', '10.00'));
    const byMch = await mchCall<{ orderNo: string; amount: string }>(t, m, 'order/query', {
      orderType: 'withdraw',
      mchOrderNo: 'W-Q-1',
    });
    expect(byMch.envelope.data).toMatchObject({ orderNo: made.envelope.data.orderNo, amount: '10.00' });
    const byNo = await mchCall<{ mchOrderNo: string }>(t, m, 'order/query', {
      orderType: 'withdraw',
      orderNo: made.envelope.data.orderNo,
    });
    expect(byNo.envelope.data.mchOrderNo).toBe('W-Q-1');
    const missing = await mchCall(t, m, 'order/query', { orderType: 'deposit', mchOrderNo: 'W-Q-1' });
    expect(missing.envelope.code).toBe(404);
    const bal = await mchCall<{ available: string; frozen: string }>(t, m, 'balance/query', {});
    const b = await balance(t, m);
    expect(bal.envelope.data).toEqual({
      mchNo: m.mchNo,
      currency: 'CNY',
      available: b!.available.replace(/0{6}$/, ''),
      frozen: b!.frozen.replace(/0{6}$/, ''),
    });
  });

  it("does not show another merchant's order", async () => {
    const other = await makeMerchant(t);
    const res = await mchCall(t, other, 'order/query', { orderType: 'withdraw', mchOrderNo: 'W-Q-1' });
    expect(res.envelope.code).toBe(404);
  });
});

describe('refusals: a clear code, on the placement log with the reason, no money moved', () => {
  async function expectRefused(
    send: () => ReturnType<typeof mchCall>,
    code: number,
    opts: { status?: number; field?: string; mchOrderNo?: string } = {},
  ) {
    const before = await balance(t, m);
    const orders = await t.ctx.pool.query('SELECT count(*)::int AS n FROM withdraw_orders');
    const res = await send();
    expect(res.envelope.code, res.body).toBe(code);
    if (opts.status) expect(res.statusCode).toBe(opts.status);
    expect(res.envelope.msg.length).toBeGreaterThan(2);
    if (opts.field) {
      const fields = (res.envelope.data as { fields: { field: string }[] }).fields;
      expect(fields.map((f) => f.field)).toContain(opts.field);
      expect(res.envelope.msg).toContain(opts.field);
    }
    const log = await lastLog(t);
    expect(log.accepted).toBe(false);
    expect(log.code).toBe(code);
    // The operator reads it in their language whatever the merchant's was (zh-CN here).
    expect(log.reason['zh-CN']).toBe(res.envelope.msg);
    expect(log.reason['en-US']).not.toMatch(HAN);
    expect(log.reason['en-US'].length).toBeGreaterThan(2);
    if (opts.mchOrderNo) expect(log.mch_order_no).toBe(opts.mchOrderNo);
    expect(await balance(t, m)).toEqual(before);
    const after = await t.ctx.pool.query('SELECT count(*)::int AS n FROM withdraw_orders');
    expect(after.rows[0].n).toBe(orders.rows[0].n);
    return res;
  }

  it('a bad signature', async () => {
    const res = await expectRefused(
      () => mchCall(t, m, 'withdraw/create', withdrawal('W-SIG'), { secret: 'not-the-secret' }),
      2001,
      { status: 401, mchOrderNo: 'W-SIG' },
    );
    expect(res.envelope.msg).toBe('签名错误');
  });

  it('a tampered parameter (signed 1.00, sent 100.00)', async () => {
    const { signedBody } = await import('../src/platform/signing.ts');
    const body = signedBody(m.secret, m.mchNo, withdrawal('W-TAMPER', '1.00'), {
      timestamp: String(t.ctx.clock.nowMs()),
    });
    await expectRefused(
      () => call(t, 'POST', '/openapi/v1/withdraw/create', { body: { ...body, amount: '100.00' } }),
      2001,
    );
  });

  it('a replayed nonce', async () => {
    const ok = await mchCall(t, m, 'balance/query', {}, { nonce: 'replay-nonce-0001' });
    expect(ok.envelope.code).toBe(0);
    await expectRefused(
      () => mchCall(t, m, 'withdraw/create', withdrawal('W-REPLAY'), { nonce: 'replay-nonce-0001' }),
      2003,
    );
  });

  it('a timestamp more than 5 minutes old or ahead', async () => {
    const now = t.ctx.clock.nowMs();
    await expectRefused(
      () =>
        mchCall(t, m, 'withdraw/create', withdrawal('W-OLD'), { timestamp: String(now - 5 * 60_000 - 1000) }),
      2002,
    );
    await expectRefused(
      () => mchCall(t, m, 'withdraw/create', withdrawal('W-AHEAD'), { timestamp: String(now + 6 * 60_000) }),
      2002,
    );
  });

  it('an unknown merchant: answered exactly as a bad signature, logged with the true reason', async () => {
    // A stranger probing merchant numbers learns nothing: same status, code and message either way.
    const unknown = await mchCall(t, { ...m, mchNo: 'M00000000' }, 'withdraw/create', withdrawal('W-WHO'));
    const unknownLog = await lastLog(t);
    const badSign = await mchCall(t, m, 'withdraw/create', withdrawal('W-WHO'), { secret: 'guessed' });
    expect([unknown.statusCode, unknown.body]).toEqual([badSign.statusCode, badSign.body]);
    expect(unknown.envelope).toEqual({ code: 2001, msg: '签名错误', data: null });
    // Operators still read what happened.
    expect(unknownLog).toMatchObject({
      mch_no: 'M00000000',
      accepted: false,
      code: 2004,
      code_name: 'merchantUnknown',
      reason: { 'zh-CN': '商户不存在', 'en-US': 'Unknown merchant (mchNo)' },
    });
    const en = await mchCall(
      t,
      { ...m, mchNo: 'M00000000' },
      'balance/query',
      {},
      {
        headers: { 'accept-language': 'en-US' },
      },
    );
    expect(en.envelope.msg).toBe('The signature (sign) does not match');
    expect((await lastLog(t)).reason).toEqual({ 'zh-CN': '商户不存在', 'en-US': 'Unknown merchant (mchNo)' });
  });

  it('an unknown merchant or a bad signature from an address off every white list: still the same answer', async () => {
    // The white list is read after the signature, so it cannot tell a real merchant number either.
    const from = async (mchNo: string, secret: string) => {
      const { signedBody } = await import('../src/platform/signing.ts');
      const body = signedBody(secret, mchNo, withdrawal('W-FAR'), { timestamp: String(t.ctx.clock.nowMs()) });
      const res = await t.app.inject({
        method: 'POST',
        url: '/openapi/v1/withdraw/create',
        payload: body,
        remoteAddress: '198.51.100.9',
      });
      return [res.statusCode, res.body];
    };
    expect(await from(m.mchNo, 'guessed')).toEqual(await from('M00000001', 'guessed'));
    expect((await from(m.mchNo, 'guessed'))[0]).toBe(401);
  });

  it('a caller whose address is not on the white list, and a merchant with an empty list', async () => {
    const sendFrom = (remoteAddress: string) => async () => {
      const { signedBody } = await import('../src/platform/signing.ts');
      const body = signedBody(m.secret, m.mchNo, withdrawal('W-IP'), {
        timestamp: String(t.ctx.clock.nowMs()),
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/openapi/v1/withdraw/create',
        payload: body,
        remoteAddress,
      });
      return Object.assign(res, { envelope: res.json() });
    };
    await expectRefused(sendFrom('198.51.100.7'), 2006, { status: 403 });
    expect((await lastLog(t)).ip).toBe('198.51.100.7');
    const bare = await makeMerchant(t, { ipWhitelist: '' });
    const res = await mchCall(t, bare, 'balance/query', {});
    expect(res.envelope.code).toBe(2006);
    // CIDR entries match.
    const ranged = await makeMerchant(t, { ipWhitelist: '10.0.0.0/8, 127.0.0.0/24' });
    expect((await mchCall(t, ranged, 'balance/query', {})).envelope.code).toBe(0);
  });

  it('a disabled or frozen merchant', async () => {
    const frozen = await makeMerchant(t, {}, '50.00');
    await t.ctx.db.update(merchants).set({ status: 'frozen' }).where(eq(merchants.id, frozen.id));
    const res = await mchCall(t, frozen, 'withdraw/create', withdrawal('W-FROZEN', '10.00'));
    expect(res.envelope.code).toBe(2005);
    expect(await balance(t, frozen)).toEqual({ available: '50.00000000', frozen: '0.00000000' });
  });

  it('too many decimals (refused, never rounded), and bad fields, named in the answer', async () => {
    const res = await expectRefused(
      () => mchCall(t, m, 'withdraw/create', withdrawal('W-DEC', '10.005')),
      400,
      {
        field: 'amount',
      },
    );
    expect(res.envelope.msg).toContain('最多2位小数');
    expect((await lastLog(t)).amount).toBe('10.00500000');
    const en = await mchCall(t, m, 'withdraw/create', withdrawal('W-DEC', '10.005'), {
      headers: { 'accept-language': 'en-US' },
    });
    expect(en.envelope.msg).toContain('at most 2 decimals');
    await expectRefused(() => mchCall(t, m, 'withdraw/create', withdrawal('W-NEG', '-1')), 400, {
      field: 'amount',
    });
    await expectRefused(
      () => mchCall(t, m, 'withdraw/create', { ...withdrawal('W-ACC'), accountNo: '12ab' }),
      400,
      { field: 'accountNo' },
    );
    await expectRefused(
      () => call(t, 'POST', '/openapi/v1/withdraw/create', { body: { mchNo: m.mchNo } }),
      400,
    );
  });

  it('an order notify URL pointing inside the platform network (SSRF), named in the answer', async () => {
    const res = await expectRefused(
      () =>
        mchCall(t, m, 'withdraw/create', {
          ...withdrawal('W-SSRF'),
          notifyUrl: 'http://169.254.169.254/latest/meta-data/',
        }),
      400,
      { field: 'notifyUrl', mchOrderNo: 'W-SSRF' },
    );
    expect(res.envelope.msg).toContain('169.254.169.254');
    const en = await mchCall(
      t,
      m,
      'deposit/create',
      { mchOrderNo: 'D-SSRF', amount: '100.00', payType: 'alipay', notifyUrl: 'http://localhost/notify' },
      { headers: { 'accept-language': 'en-US' } },
    );
    expect(en.envelope).toMatchObject({
      code: 400,
      data: {
        fields: [
          {
            field: 'notifyUrl',
            message: 'must be a public http(s) address: localhost is a loopback address',
          },
        ],
      },
    });
  });

  it('an amount outside the merchant single limits', async () => {
    await expectRefused(() => mchCall(t, m, 'withdraw/create', withdrawal('W-LIMIT', '60000.00')), 2009);
  });
});

describe('rollups', () => {
  it('keeps the per-hour statistics and the daily error report in step with the log', async () => {
    const { rows: stat } = await t.ctx.pool.query(
      `SELECT sum(accepted_count)::int AS a, sum(refused_count)::int AS r FROM order_place_stat`,
    );
    const { rows: log } = await t.ctx.pool.query(
      `SELECT count(*) FILTER (WHERE accepted)::int AS a, count(*) FILTER (WHERE NOT accepted)::int AS r FROM order_place_log`,
    );
    expect(stat[0]).toEqual(log[0]);
    const { rows: errors } = await t.ctx.db.execute<{ n: number }>(
      sql`SELECT sum(count)::int AS n FROM error_report_daily WHERE source = 'api'`,
    );
    expect(errors[0]!.n).toBe(log[0].r);
  });
});
