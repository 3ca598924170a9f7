/**
 * The pay parameters (payManage/pay_otherconfig_all) and quick amounts (payManage/config) on the real
 * server: saved on the console, they bound the merchant API's orders at once (a deposit by its
 * direction's and its pay type's range, a withdrawal by its direction's), refused `amountOutOfLimits`
 * naming the parameter in the caller's language, on the placement log, with no order written; a
 * disabled row bounds nothing; merchants read the set in force from `payConfig/query`.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositOrders } from '../src/modules/order/schema.ts';
import { call, type Session, signInAdmin, type TestApp } from './harness.ts';
import { HAN, lastLog, makeMerchant, mchCall, type TestMerchant } from './openapi-client.ts';
import { listeningApp, passage, sandboxCall, sandboxParty } from './upstream-helpers.ts';

let t: TestApp;
let admin: Session;
let m: TestMerchant;
let n = 0;

beforeAll(async () => {
  t = await listeningApp();
  admin = await signInAdmin(t);
  m = await makeMerchant(t, { singleMin: '1', singleMax: '100000' }, '100000');
  const party = await sandboxParty(t, 'PP_A');
  await sandboxCall(t, party, 'control', { outcome: 'hold' });
  for (const payType of ['wechat', 'alipay', 'bank_card'] as const)
    await passage(t, party, { payType, singleMin: '1', singleMax: '100000' });
});
afterAll(() => t.close());

/** Saves a pay type's parameters as the page's form does. */
async function parameters(code: string, minAmount: string, maxAmount: string, enabled = true) {
  const body = { code, minAmount, maxAmount, feeRate: '0.006', feeHint: `${code} 手续费0.6%`, enabled };
  const res = await call(t, 'POST', '/api/pay/payotherconfig/addOrEdit', { session: admin, body });
  expect(res.envelope.code, res.body).toBe(0);
}

const deposit = (payType: string, amount: string, locale = 'zh-CN') =>
  mchCall<{ orderNo: string; fields?: { field: string; message: string }[] }>(
    t,
    m,
    'deposit/create',
    { mchOrderNo: `PP-D-${++n}`, amount, payType },
    { headers: { 'accept-language': locale } },
  );
const withdraw = (amount: string) =>
  mchCall(t, m, 'withdraw/create', {
    mchOrderNo: `PP-W-${++n}`,
    amount,
    bankName: '招商银行',
    accountName: '张三',
    accountNo: '6225880112345678',
  });
const deposits = async () =>
  (
    await t.ctx.db
      .select({ id: depositOrders.id })
      .from(depositOrders)
      .where(eq(depositOrders.merchantId, m.id))
  ).length;

describe('pay parameters on the merchant API', () => {
  it('bound each order by its direction and its pay type, naming the parameter', async () => {
    // No parameters yet: only the merchant's and the passages' limits.
    expect((await deposit('wechat', '8000.00')).envelope.code).toBe(0);
    await parameters('deposit', '100', '50000');
    await parameters('wechat', '10', '5000');
    await parameters('withdraw', '100', '100000');

    const before = await deposits();
    const wechat = await deposit('wechat', '8000.00');
    expect(wechat.statusCode).toBe(400);
    expect(wechat.envelope.code).toBe(2009);
    expect(wechat.envelope.data).toEqual({
      fields: [{ field: 'amount', message: '超出支付参数「微信」的金额范围（10 ~ 5000）' }],
    });
    const { reason } = await lastLog(t);
    expect(reason['zh-CN']).toContain('支付参数「微信」');
    expect(reason['en-US']).toContain('WeChat');
    expect(reason['en-US']).not.toMatch(HAN);
    // The direction's range holds for every pay type; the message follows the caller's language.
    const small = await deposit('alipay', '50.00', 'en-US');
    expect(small.envelope.data?.fields?.[0]?.message).toBe(
      "is outside the Deposit pay parameters' range (100 to 50000)",
    );
    expect(await deposits()).toBe(before);
    // A pay type without its own parameters: the direction's range only.
    expect((await deposit('bank_card', '8000.00')).envelope.code).toBe(0);
    // Withdrawals: their own range.
    const tiny = await withdraw('20.00');
    expect(tiny.envelope.code).toBe(2009);
    expect((tiny.envelope.data as { fields: { message: string }[] }).fields[0]!.message).toBe(
      '超出支付参数「提现」的金额范围（100 ~ 100000）',
    );
    expect((await withdraw('60000.00')).envelope.code).toBe(0);

    // Switched off on the console: it bounds nothing, at once.
    await parameters('wechat', '10', '5000', false);
    expect((await deposit('wechat', '8000.00')).envelope.code).toBe(0);
  });

  it('answers merchants the parameters in force with their quick amounts', async () => {
    const quick = await call(t, 'POST', '/api/pay/fastAmount/add', {
      session: admin,
      body: { code: 'deposit', amounts: '500, 100,200', enabled: true },
    });
    expect(quick.envelope.code, quick.body).toBe(0);
    const res = await mchCall<{ payTypes: Record<string, unknown>[] }>(
      t,
      m,
      'payConfig/query',
      {},
      { headers: { 'accept-language': 'en-US' } },
    );
    expect(res.envelope.code, res.body).toBe(0);
    // WeChat is switched off (the test above): not in force, not answered.
    expect(res.envelope.data.payTypes).toEqual([
      {
        code: 'deposit',
        name: 'Deposit',
        minAmount: '100',
        maxAmount: '50000',
        feeRate: '0.006',
        feeHint: 'deposit 手续费0.6%',
        quickAmounts: ['100', '200', '500'],
      },
      {
        code: 'withdraw',
        name: 'Withdrawal',
        minAmount: '100',
        maxAmount: '100000',
        feeRate: '0.006',
        feeHint: 'withdraw 手续费0.6%',
        quickAmounts: [],
      },
    ]);
    expect((await lastLog(t)).endpoint).toBe('queryPayConfig');
  });
});
