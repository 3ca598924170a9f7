/**
 * Callbacks to merchants on the real server listening on a port: a final event makes one
 * notification, the delivery job POSTs it signed over HTTP to the sandbox merchant, failures are
 * retried on the back-off schedule (the app clock moves time), the last failure leaves it failed and
 * in the bell, an operator resends, and a repeated final event sends nothing twice.
 */
import { NOTIFY_BACKOFF_SECONDS } from '@payops/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointDemoMerchantsAtSandbox } from '../src/demo/sandbox-merchant.ts';
import { merchants } from '../src/modules/mch/schema.ts';
import { attemptDelivery, deliverDue } from '../src/modules/notify/deliver.ts';
import { SANDBOX_NOTIFY_PATH } from '../src/modules/notify/sandbox.ts';
import {
  type MerchantNotification,
  merchantNotifications,
  merchantNotifyAttempts,
  sandboxMerchantReceipts,
} from '../src/modules/notify/schema.ts';
import { emitOrderFinal } from '../src/modules/order/final-state.ts';
import { depositOrders, withdrawOrders } from '../src/modules/order/schema.ts';
import { signatureMatches, signParams } from '../src/platform/signing.ts';
import { statusHistory } from '../src/platform/transitions/schema.ts';
import { call, createTestApp, type Session, signInAdmin, type TestApp } from './harness.ts';
import { finishDeposit, makeMerchant, newDeposit, type TestMerchant } from './notify-helpers.ts';
import { waitFor } from './upstream-helpers.ts';

let t: TestApp;
let admin: Session;
let origin: string;
let mch: TestMerchant;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  admin = await signInAdmin(t);
  mch = await makeMerchant(t, `${origin}${SANDBOX_NOTIFY_PATH}`);
});
afterAll(async () => {
  await t.close();
});

async function notificationsOf(orderId: number): Promise<MerchantNotification[]> {
  return t.ctx.db.select().from(merchantNotifications).where(eq(merchantNotifications.orderId, orderId));
}

async function attemptsOf(id: number) {
  return t.ctx.db
    .select()
    .from(merchantNotifyAttempts)
    .where(eq(merchantNotifyAttempts.notificationId, id))
    .orderBy(asc(merchantNotifyAttempts.id));
}

async function failNext(n: number, mchNo = mch.mchNo) {
  const res = await call(t, 'POST', '/api/sandbox/merchant/control', {
    session: admin,
    body: { mchNo, failNext: n },
  });
  expect(res.envelope.code, res.body).toBe(0);
}

/** A final deposit of a fresh order and its one notification. */
async function finalDeposit(amount = '100') {
  const order = await finishDeposit(t, (await newDeposit(t, mch.id, amount)).id, 'success');
  const [n] = await notificationsOf(order.id);
  return { order, n: n! };
}

describe('a final state makes one notification', () => {
  it('records the unsigned callback parameters in the transition transaction', async () => {
    const { order, n } = await finalDeposit('123.4');
    expect(n).toMatchObject({
      family: 'deposit',
      orderNo: order.orderNo,
      mchNo: mch.mchNo,
      orderStatus: 'success',
      status: 'pending',
      attempts: 0,
      notifyUrl: `${origin}${SANDBOX_NOTIFY_PATH}`,
    });
    expect(n.payload).toEqual({
      type: 'deposit',
      mchNo: mch.mchNo,
      orderNo: order.orderNo,
      mchOrderNo: order.mchOrderNo,
      currency: 'CNY',
      amount: '123.40',
      fee: '2.46',
      status: 'success',
      finishedAt: order.finishedAt!.toISOString(),
    });
  });

  it('leaves no notification when the transition rolls back', async () => {
    const order = await newDeposit(t, mch.id);
    await expect(
      t.ctx.db.transaction(async (tx) => {
        const [o] = await tx
          .update(depositOrders)
          .set({ status: 'failed' })
          .where(eq(depositOrders.id, order.id))
          .returning();
        await emitOrderFinal(tx, { family: 'deposit', order: o!, from: 'created', at: t.ctx.clock.now() });
        throw new Error('the effect failed after the event');
      }),
    ).rejects.toThrow('the effect failed');
    expect(await notificationsOf(order.id)).toEqual([]);
  });
});

describe('withdrawals', () => {
  it('a final withdrawal makes its callback too, with its own type and fee', async () => {
    const now = t.ctx.clock.now();
    const [w] = await t.ctx.db
      .insert(withdrawOrders)
      .values({
        orderNo: `W-notify-${Date.now()}`,
        mchOrderNo: `w-notify-${Date.now()}`,
        merchantId: mch.id,
        mchNo: mch.mchNo,
        amount: '500',
        fee: '3.5',
        status: 'rejected',
        failReason: '风控拒绝',
        notifyUrl: mch.notifyUrl,
        dueAt: now,
        finishedAt: now,
      })
      .returning();
    await t.ctx.db.transaction((tx) =>
      emitOrderFinal(tx, { family: 'withdraw', order: w!, from: 'in_review', at: now }),
    );
    const [n] = await t.ctx.db
      .select()
      .from(merchantNotifications)
      .where(and(eq(merchantNotifications.family, 'withdraw'), eq(merchantNotifications.orderId, w!.id)));
    expect(n!.payload).toMatchObject({
      type: 'withdraw',
      orderNo: w!.orderNo,
      amount: '500.00',
      fee: '3.50',
      status: 'rejected',
      failReason: '风控拒绝',
    });
    expect(await attemptDelivery(t.ctx, n!.id)).toBe('delivered');
  });
});

describe('delivery', () => {
  it('POSTs a valid signature to the sandbox merchant, which answers success: delivered', async () => {
    const { order, n } = await finalDeposit();
    expect(await attemptDelivery(t.ctx, n.id)).toBe('delivered');

    const [receipt] = await t.ctx.db
      .select()
      .from(sandboxMerchantReceipts)
      .where(eq(sandboxMerchantReceipts.orderNo, order.orderNo));
    expect(receipt).toMatchObject({ mchNo: mch.mchNo, signatureValid: true, answeredStatus: 200 });
    // The merchant's side of the check, with only its own secret: the same HMAC over the same fields.
    const body = receipt!.body as Record<string, string>;
    expect(body.sign).toBe(signParams(mch.secret, body));
    expect(signatureMatches('another-secret', body, body.sign!)).toBe(false);
    expect(body).toMatchObject({ orderNo: order.orderNo, amount: '100.00', status: 'success' });

    const [after] = await notificationsOf(order.id);
    expect(after).toMatchObject({
      status: 'delivered',
      attempts: 1,
      lastHttpStatus: 200,
      nextAttemptAt: null,
    });
    const attempts = await attemptsOf(n.id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({
      attemptNo: 1,
      httpStatus: 200,
      responseExcerpt: 'success',
      ok: true,
    });
    expect(JSON.parse(attempts[0]!.requestBody)).toEqual(body);
    expect(attempts[0]!.latencyMs).toBeGreaterThanOrEqual(0);
    const history = await t.ctx.db
      .select()
      .from(statusHistory)
      .where(and(eq(statusHistory.resource, 'mchNotify'), eq(statusHistory.recordId, String(n.id))));
    expect(history.map((h) => [h.transition, h.fromStatus, h.toStatus])).toEqual([
      ['deliver', 'pending', 'delivered'],
    ]);
  });

  it('the sandbox refuses a wrong signature with 400 and records it', async () => {
    const params = { mchNo: mch.mchNo, orderNo: 'D-forged', amount: '1.00', status: 'success' };
    const res = await fetch(`${origin}${SANDBOX_NOTIFY_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...params, sign: signParams('not-the-secret', params) }),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).not.toBe('success');
    const [receipt] = await t.ctx.db
      .select()
      .from(sandboxMerchantReceipts)
      .where(eq(sandboxMerchantReceipts.orderNo, 'D-forged'));
    expect(receipt).toMatchObject({ signatureValid: false, answeredStatus: 400 });
  });

  it('retries a refused callback after 15 s, then 1 min, and delivers when the merchant accepts', async () => {
    const { n } = await finalDeposit();
    await failNext(2);
    expect(await attemptDelivery(t.ctx, n.id)).toBe('retry');
    let [row] = await notificationsOf(n.orderId);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastHttpStatus: 500 });
    expect(row!.lastError).toContain('HTTP 500');
    // Each wait counts from the attempt's own time (updatedAt), not from a clock read around it: a
    // stalled runner must not move the figures.
    const wait = () => row!.nextAttemptAt!.getTime() - row!.updatedAt.getTime();
    expect(wait()).toBe(15_000);

    // Not due yet: the job's pass leaves it alone.
    expect(await attemptDelivery(t.ctx, n.id)).toBe('skipped');
    t.ctx.clock.advance(15_000);
    expect(await attemptDelivery(t.ctx, n.id)).toBe('retry');
    [row] = await notificationsOf(n.orderId);
    expect(row!.attempts).toBe(2);
    expect(wait()).toBe(60_000);
    t.ctx.clock.advance(row!.nextAttemptAt!.getTime() - t.ctx.clock.nowMs() - 5_000);
    expect(await attemptDelivery(t.ctx, n.id)).toBe('skipped');
    t.ctx.clock.advance(5_000);
    const pass = await deliverDue(t.ctx);
    expect(pass.delivered).toBeGreaterThanOrEqual(1);
    [row] = await notificationsOf(n.orderId);
    expect(row).toMatchObject({ status: 'delivered', attempts: 3 });
    const attempts = await attemptsOf(n.id);
    expect(attempts.map((a) => [a.attemptNo, a.httpStatus, a.ok])).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 200, true],
    ]);
    expect(attempts[0]!.responseExcerpt).toBe('sandbox told to fail');
  });

  it('an unreachable merchant is a failed attempt with the error, not a crash', async () => {
    // A public-looking name that does not resolve (a loopback address is the outbound guard's: outbound-guard.test.ts).
    const dead = await makeMerchant(t, 'http://merchant.invalid/notify');
    const order = await finishDeposit(t, (await newDeposit(t, dead.id)).id, 'failed');
    const [n] = await notificationsOf(order.id);
    expect(await attemptDelivery(t.ctx, n!.id)).toBe('retry');
    const [a] = await attemptsOf(n!.id);
    expect(a).toMatchObject({ httpStatus: null, ok: false });
    expect(a!.error).toMatch(/ENOTFOUND|EAI_AGAIN/);
  });
});

describe('giving up and resending', () => {
  let n: MerchantNotification;

  it('is failed after the fifth retry (six attempts), and shows in the bell', async () => {
    ({ n } = await finalDeposit());
    await failNext(100);
    expect(await attemptDelivery(t.ctx, n.id)).toBe('retry');
    for (const [i, seconds] of NOTIFY_BACKOFF_SECONDS.entries()) {
      t.ctx.clock.advance(seconds * 1000);
      expect(await attemptDelivery(t.ctx, n.id)).toBe(
        i < NOTIFY_BACKOFF_SECONDS.length - 1 ? 'retry' : 'failed',
      );
    }
    const [row] = await notificationsOf(n.orderId);
    expect(row).toMatchObject({ status: 'failed', attempts: 6, nextAttemptAt: null });
    expect(await attemptsOf(n.id)).toHaveLength(6);
    t.ctx.clock.advance(3 * 3_600_000);
    expect(await attemptDelivery(t.ctx, n.id)).toBe('skipped');

    // Hours went by on the app clock: the earlier session is over.
    admin = await signInAdmin(t);
    const bell = await call<{
      groups: { kind: string; count: number; link: string; items: { text: string }[] }[];
    }>(t, 'GET', '/api/dashboard/notifications', { session: admin });
    const group = bell.envelope.data.groups.find((g) => g.kind === 'failedCallbacks');
    expect(group).toMatchObject({ count: 1, link: '/order/mchNotify?status=failed' });
    expect(group!.items[0]!.text).toContain(n.orderNo);
  });

  it('an operator resends: sent at once and delivered, the whole history kept', async () => {
    await failNext(0);
    const res = await call(t, 'POST', '/api/pay/mchNotify/resend', { session: admin, body: { id: n.id } });
    expect(res.envelope.code, res.body).toBe(0);
    // No delivery pass runs here: the resend's own attempt delivers it.
    const row = await waitFor(async () => {
      const [r] = await notificationsOf(n.orderId);
      return r?.status === 'delivered' && r;
    });
    expect(row).toMatchObject({ status: 'delivered', attempts: 7, roundAttempts: 1 });
    expect(await attemptsOf(n.id)).toHaveLength(7);

    // A delivered one may be resent (the merchant lost it); a pending one not: a 4xx naming the state
    // (a failed attempt leaves it pending for the back-off).
    await failNext(100);
    const again = await call(t, 'POST', '/api/pay/mchNotify/resend', { session: admin, body: { id: n.id } });
    expect(again.envelope.code).toBe(0);
    const twice = await call(t, 'POST', '/api/pay/mchNotify/resend', { session: admin, body: { id: n.id } });
    expect(twice.statusCode).toBeGreaterThanOrEqual(400);
    expect(twice.statusCode).toBeLessThan(500);
    expect(await waitFor(async () => (await attemptsOf(n.id)).length === 8)).toBe(true);
    await failNext(0);
  });

  it('lists notifications and their attempts for the page', async () => {
    const list = await call<{ list: { id: number; status: string }[] }>(
      t,
      'POST',
      '/api/pay/mchNotify/findByPage',
      {
        session: admin,
        body: { page: 1, pageSize: 50, filters: { orderNo: n.orderNo } },
      },
    );
    expect(list.envelope.data.list.map((r) => r.id)).toEqual([n.id]);
    // Its order's family is kept with it (a normal deposit here): the matched orders' report drills by it.
    const byFamily = (orderFamily: string) =>
      call<{ list: { id: number }[] }>(t, 'POST', '/api/pay/mchNotify/findByPage', {
        session: admin,
        body: { page: 1, pageSize: 50, filters: { orderNo: n.orderNo, orderFamily } },
      });
    expect((await byFamily('normal')).envelope.data.list.map((r) => r.id)).toEqual([n.id]);
    expect((await byFamily('match')).envelope.data.list).toEqual([]);
    const attempts = await call<{ list: { attemptNo: number }[] }>(
      t,
      'POST',
      '/api/pay/mchNotify/attempt/findByPage',
      {
        session: admin,
        body: { page: 1, pageSize: 50, filters: { notificationId: n.id } },
      },
    );
    expect(attempts.envelope.data.list.map((a) => a.attemptNo)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
  });
});

describe('duplicates', () => {
  it('a repeated final event makes no second notification and no second callback', async () => {
    const order = await finishDeposit(t, (await newDeposit(t, mch.id)).id, 'success');
    await t.ctx.db.transaction((tx) =>
      emitOrderFinal(tx, { family: 'deposit', order, from: 'in_audit', at: t.ctx.clock.now() }),
    );
    const rows = await notificationsOf(order.id);
    expect(rows).toHaveLength(1);
    await deliverDue(t.ctx);
    await deliverDue(t.ctx);
    const receipts = await t.ctx.db
      .select()
      .from(sandboxMerchantReceipts)
      .where(eq(sandboxMerchantReceipts.orderNo, order.orderNo));
    expect(receipts).toHaveLength(1);
    // A later final state of the same order (a refund) is news: its own callback.
    await finishDeposit(t, order.id, 'refunded');
    expect((await notificationsOf(order.id)).map((r) => r.orderStatus).sort()).toEqual([
      'refunded',
      'success',
    ]);
  });

  it('two passes racing on one due callback send it once', async () => {
    const { order, n } = await finalDeposit();
    const outcomes = await Promise.all([attemptDelivery(t.ctx, n.id), attemptDelivery(t.ctx, n.id)]);
    expect(outcomes.sort()).toEqual(['delivered', 'skipped']);
    const receipts = await t.ctx.db
      .select()
      .from(sandboxMerchantReceipts)
      .where(eq(sandboxMerchantReceipts.orderNo, order.orderNo));
    expect(receipts).toHaveLength(1);
  });
});

describe('demo', () => {
  it("points the demo merchants' example notify URLs at this server's sandbox merchant, nobody else's", async () => {
    const demo = await makeMerchant(t, 'https://api.shop7.example.cn/pay/notify');
    const real = await makeMerchant(t, 'https://merchant.example.com/notify');
    expect(await pointDemoMerchantsAtSandbox(t.ctx.db, `${origin}/`)).toBe(1);
    const urls = await t.ctx.db
      .select({ id: merchants.id, notifyUrl: merchants.notifyUrl })
      .from(merchants)
      .where(inArray(merchants.id, [demo.id, real.id]));
    expect(Object.fromEntries(urls.map((u) => [u.id, u.notifyUrl]))).toEqual({
      [demo.id]: `${origin}${SANDBOX_NOTIFY_PATH}`,
      [real.id]: 'https://merchant.example.com/notify',
    });
  });
});
