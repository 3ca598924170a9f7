/**
 * The platform switches (DATACENTER_ONOFF_CONTROLLER) on the real server: each one switched off stops
 * what its tooltip says, and nothing else. The merchant API refuses the stopped calls with
 * `serviceClosed` (2013, 403, the switch named in the caller's language, on the placement log) and
 * writes no order; auto-review, deposit failover and callbacks to merchants obey theirs (matched
 * pairing: match-flow.test); switched on again, each flow runs as before.
 */
import { DATACENTER_SWITCHES_KEY, type DatacenterSwitch } from '@payops/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliverDue } from '../src/modules/notify/deliver.ts';
import { SANDBOX_NOTIFY_PATH } from '../src/modules/notify/sandbox.ts';
import { merchantNotifications } from '../src/modules/notify/schema.ts';
import { depositOrders, withdrawOrders, withdrawReviewRules } from '../src/modules/order/schema.ts';
import { platformOrigin } from '../src/modules/upstream/origin.ts';
import { routingDecisions } from '../src/modules/upstream/schema.ts';
import { setSetting } from '../src/platform/settings.ts';
import type { TestApp } from './harness.ts';
import * as notify from './notify-helpers.ts';
import { lastLog, makeMerchant, mchCall, type TestMerchant } from './openapi-client.ts';
import { listeningApp, type Party, passage, sandboxCall, sandboxParty } from './upstream-helpers.ts';

let t: TestApp;
let m: TestMerchant;
let a: Party;
let b: Party;
let n = 0;

beforeAll(async () => {
  t = await listeningApp();
  m = await makeMerchant(t, { singleMin: '1', singleMax: '100000' }, '100000');
  a = await sandboxParty(t, 'SW_A');
  b = await sandboxParty(t, 'SW_B');
  await sandboxCall(t, a, 'control', { outcome: 'hold' });
  await sandboxCall(t, b, 'control', { outcome: 'hold' });
});
afterAll(() => t.close());
beforeEach(() => switches({}));

/** Stores the switches as the settings page does (a switch left out is on). */
const switches = (value: Partial<Record<DatacenterSwitch, boolean>>) =>
  setSetting(t.ctx, DATACENTER_SWITCHES_KEY, value, null);

const deposit = (extra: Record<string, string> = {}, locale = 'zh-CN') =>
  mchCall<{ orderNo: string; status: string }>(
    t,
    m,
    'deposit/create',
    { mchOrderNo: `SW-D-${++n}`, amount: '100.00', payType: 'wechat', ...extra },
    { headers: { 'accept-language': locale } },
  );
const withdraw = (extra: Record<string, string> = {}) =>
  mchCall<{ orderNo: string; status: string }>(t, m, 'withdraw/create', {
    mchOrderNo: `SW-W-${++n}`,
    amount: '50.00',
    bankName: '招商银行',
    accountName: '张三',
    accountNo: '6225880112345678',
    ...extra,
  });
const ordersOf = async (table: typeof depositOrders | typeof withdrawOrders) =>
  (await t.ctx.db.select({ id: table.id }).from(table).where(eq(table.merchantId, m.id))).length;

describe('merchant API', () => {
  it('refuses new deposits while DEPOSIT is off, naming the switch, and writes nothing', async () => {
    await passage(t, a, { payType: 'wechat' });
    const before = await ordersOf(depositOrders);
    await switches({ DEPOSIT: false });
    const zh = await deposit();
    expect(zh.statusCode).toBe(403);
    expect(zh.envelope).toMatchObject({ code: 2013, msg: '该业务已被平台暂停: 「充值开放」已关闭' });
    expect(zh.envelope.data).toEqual({ switch: 'DEPOSIT' });
    expect(await lastLog(t)).toMatchObject({
      code: 2013,
      reason: expect.objectContaining({ 'zh-CN': zh.envelope.msg }),
    });
    const en = await deposit({}, 'en-US');
    expect(en.envelope.msg).toBe('The platform has switched this service off: "Deposits open" is off');
    expect(await ordersOf(depositOrders)).toBe(before);
    // Other calls go on: withdrawals, queries.
    expect((await withdraw()).envelope.code).toBe(0);
    expect((await mchCall(t, m, 'balance/query', {})).envelope.code).toBe(0);

    await switches({ DEPOSIT: true });
    const open = await deposit();
    expect(open.envelope.code, open.body).toBe(0);
    expect(open.envelope.data.status).toBe('pending_payment');
  });

  it('stops OTC quotes, reservations, USDT and matched orders by their own switches', async () => {
    await switches({ OTC: false, RESERVATION_WITHDRAW: false, USDT: false, MATCH: false });
    const closedBy = async (p: Promise<{ envelope: { code: number; data: unknown } }>) => {
      const res = await p;
      return res.envelope.code === 2013
        ? (res.envelope.data as { switch: string }).switch
        : res.envelope.code;
    };
    expect(await closedBy(deposit({ currency: 'USD' }))).toBe('OTC');
    expect(await closedBy(withdraw({ currency: 'USDT' }))).toBe('OTC');
    expect(await closedBy(withdraw({ payoutAt: String(t.ctx.clock.nowMs() + 3_600_000) }))).toBe(
      'RESERVATION_WITHDRAW',
    );
    const usdt = { mchOrderNo: `SW-U-${++n}`, amount: '700.00', network: 'TRC20' };
    expect(await closedBy(mchCall(t, m, 'usdt/deposit/create', usdt))).toBe('USDT');
    const matched = { mchOrderNo: `SW-M-${++n}`, amount: '100.00', memberAccount: 'sw-member' };
    expect(await closedBy(mchCall(t, m, 'match/deposit', matched))).toBe('MATCH');
    // CNY orders of the normal family pass.
    expect((await deposit()).envelope.code).toBe(0);
    expect((await withdraw()).envelope.code).toBe(0);
    // The direction's switch speaks first.
    await switches({ WITHDRAW: false, OTC: false });
    expect(await closedBy(withdraw({ currency: 'USDT' }))).toBe('WITHDRAW');
  });
});

describe('flows', () => {
  it('leaves every withdrawal to an operator while WITHDRAW_AUTO_REVIEW is off', async () => {
    const [rule] = await t.ctx.db
      .insert(withdrawReviewRules)
      .values({ name: '开关测试', merchantId: m.id, maxAmount: '1000' })
      .returning();
    const statusOf = async (orderNo: string) =>
      (await t.ctx.db.select().from(withdrawOrders).where(eq(withdrawOrders.orderNo, orderNo)))[0]!.status;
    await switches({ WITHDRAW_AUTO_REVIEW: false });
    const held = await withdraw();
    expect(await statusOf(held.envelope.data.orderNo)).toBe('in_review');
    await switches({});
    const passed = await withdraw();
    expect(await statusOf(passed.envelope.data.orderNo)).toBe('approved');
    await t.ctx.db.delete(withdrawReviewRules).where(eq(withdrawReviewRules.id, rule!.id));
  });

  it('tries only the first passage while DEPOSIT_FAILOVER is off', async () => {
    const first = await passage(t, a, { payType: 'ecny', weight: 1 });
    const second = await passage(t, b, { payType: 'ecny', weight: 1, health: 'degraded' });
    await sandboxCall(t, a, 'control', { create: 'error', outcome: 'hold' });
    const verdicts = async (orderNo: string) =>
      (
        await t.ctx.db.select().from(routingDecisions).where(eq(routingDecisions.orderNo, orderNo))
      )[0]!.candidates.map((c) => [c.passageId, c.verdict]);

    await switches({ DEPOSIT_FAILOVER: false });
    const failed = await deposit({ payType: 'ecny' });
    expect(failed.envelope.code).toBe(2010); // upstreamFailed: the order exists, failed
    const orderNo = (failed.envelope.data as unknown as { order: { orderNo: string } }).order.orderNo;
    expect(await verdicts(orderNo)).toEqual([
      [first.id, 'upstream_error'],
      [second.id, 'failover_off'],
    ]);

    await switches({});
    const routed = await deposit({ payType: 'ecny' });
    expect(routed.envelope.code, routed.body).toBe(0);
    expect(await verdicts(routed.envelope.data.orderNo)).toEqual([
      [first.id, 'upstream_error'],
      [second.id, 'chosen'],
    ]);
    await sandboxCall(t, a, 'control', { outcome: 'hold' });
  });

  it('pauses callbacks to merchants while MERCHANT_NOTIFY is off, and keeps them', async () => {
    const receiver = await notify.makeMerchant(t, `${platformOrigin(t.ctx)}${SANDBOX_NOTIFY_PATH}`);
    const order = await notify.newDeposit(t, receiver.id);
    await notify.finishDeposit(t, order.id, 'success');
    const row = async () =>
      (
        await t.ctx.db.select().from(merchantNotifications).where(eq(merchantNotifications.orderId, order.id))
      )[0]!;
    await switches({ MERCHANT_NOTIFY: false });
    expect(await deliverDue(t.ctx)).toEqual({ delivered: 0, retry: 0, failed: 0, skipped: 0 });
    expect(await row()).toMatchObject({ status: 'pending', attempts: 0 });
    await switches({});
    expect((await deliverDue(t.ctx)).delivered).toBeGreaterThanOrEqual(1);
    expect(await row()).toMatchObject({ status: 'delivered', attempts: 1 });
  });
});
