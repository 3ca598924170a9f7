/**
 * The upstream callback endpoint on the real server: a bad signature, a malformed body, an unknown
 * third party, a wrong amount are 4xx that change nothing (and are kept in upstream_callbacks);
 * duplicate and concurrent callbacks give one effect; a failure callback fails the order; a callback
 * from an address the provider's interface config does not list is refused.
 */
import { localText } from '@payops/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositOrders } from '../src/modules/order/schema.ts';
import { interfaceTypes, thirdInterfaces } from '../src/modules/payManage/schema.ts';
import { platformOrigin } from '../src/modules/upstream/origin.ts';
import { placeDeposit } from '../src/modules/upstream/placement.ts';
import { upstreamCallbacks } from '../src/modules/upstream/schema.ts';
import { signed } from '../src/modules/upstream/signing.ts';
import { statusHistory } from '../src/platform/transitions/schema.ts';
import { call, signInAdmin, type TestApp } from './harness.ts';
import { type Party, sandboxCall, sandboxWorld, waitFor } from './upstream-helpers.ts';

let t: TestApp;
let party: Party;
let merchantId: number;
let n = 0;

beforeAll(async () => {
  let m: { id: number };
  ({ t, party, m } = await sandboxWorld('SBX_CB', { payType: 'alipay' }, { outcome: 'hold' }));
  merchantId = m.id;
});
afterAll(() => t.close());

async function pending() {
  const { order } = await placeDeposit(t.ctx, {
    merchantId,
    mchOrderNo: `C-${++n}`,
    payType: 'alipay',
    amount: '88.80',
  });
  expect(order.status).toBe('pending_payment');
  return order;
}

const orderOf = async (orderNo: string) =>
  (await t.ctx.db.select().from(depositOrders).where(eq(depositOrders.orderNo, orderNo)))[0]!;

const history = (id: number) =>
  t.ctx.db
    .select()
    .from(statusHistory)
    .where(and(eq(statusHistory.resource, 'orderDepositList'), eq(statusHistory.recordId, String(id))));

function notify(body: unknown, code = party.code) {
  return fetch(`${platformOrigin(t.ctx)}/openapi/v1/upstream/${code}/notify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
    body: JSON.stringify(body),
  });
}

const paidCallback = (
  o: { orderNo: string; upstreamOrderNo: string | null },
  amount = '88.8',
  secret = party.secret,
) =>
  signed(
    secret,
    {
      mchNo: party.mchNo,
      orderNo: o.orderNo,
      upstreamOrderNo: o.upstreamOrderNo!,
      kind: 'payment',
      status: 'paid',
      amount,
    },
    new Date(),
  );

describe('refused callbacks change nothing', () => {
  it('refuses a bad signature, a malformed body, a wrong amount and an unknown third party', async () => {
    const o = await pending();
    const cases: [unknown, string, number][] = [
      [paidCallback(o, '88.8', 'not-the-secret'), party.code, 400],
      [{ ...paidCallback(o), status: 'success' }, party.code, 400],
      [[1, 2, 3], party.code, 400],
      [{ orderNo: o.orderNo }, party.code, 400],
      [paidCallback(o, '8888'), party.code, 400],
      [paidCallback(o), 'NO_SUCH_PARTY', 404],
    ];
    const messages: (string | undefined)[] = [];
    for (const [body, code, status] of cases) {
      const res = await notify(body, code);
      expect(res.status, JSON.stringify(body)).toBe(status);
      const answer = (await res.json()) as {
        code: number;
        data: { fields?: { field: string; message: string }[] };
      };
      expect(answer.code).not.toBe(0);
      if (status === 400) expect(answer.data.fields![0]!.message).toMatch(/^Callback refused \(/);
      messages.push(answer.data?.fields?.[0]?.message);
    }
    // Why, in the caller's language; stored as a system text each reader sees in theirs.
    expect([messages[0], messages[4]]).toEqual([
      'Callback refused (signature invalid)',
      'Callback refused (amount does not match the order)',
    ]);
    expect((await orderOf(o.orderNo)).status).toBe('pending_payment');
    expect((await history(o.id)).map((h) => h.transition)).toEqual(['submit']);
    const kept = await t.ctx.db
      .select()
      .from(upstreamCallbacks)
      .where(eq(upstreamCallbacks.result, 'refused'));
    expect(kept.length).toBeGreaterThanOrEqual(cases.length - 1);
    expect(kept.map((k) => k.reason)).toEqual(
      expect.arrayContaining([
        '@callbackRefused.badSignature',
        '@callbackRefused.amountMismatch',
        '@callbackRefused.unknownThirdParty',
      ]),
    );
  });
});

describe('callback addresses', () => {
  it('refuses a callback from an address the interface config does not list; a listed range passes', async () => {
    await t.ctx.db
      .insert(interfaceTypes)
      .values({ code: 'sandbox', name: 'Sandbox', signMethod: 'HMAC-SHA256', requestFormat: 'json' })
      .onConflictDoNothing();
    const [config] = await t.ctx.db
      .insert(thirdInterfaces)
      .values({
        thirdPartyId: party.id,
        interfaceType: 'sandbox',
        createUrl: `${platformOrigin(t.ctx)}/sandbox/upstream/pay/create`,
        callbackIps: '10.9.9.9',
      })
      .returning();
    try {
      const o = await pending();
      const res = await notify(paidCallback(o));
      expect(res.status).toBe(403);
      expect((await orderOf(o.orderNo)).status).toBe('pending_payment');
      const [kept] = await t.ctx.db
        .select()
        .from(upstreamCallbacks)
        .where(and(eq(upstreamCallbacks.orderNo, o.orderNo), eq(upstreamCallbacks.result, 'refused')));
      expect(kept?.reason).toBe('@callbackRefused.ipNotListed: 127.0.0.1');
      expect(localText(kept!.reason!, 'zh-CN')).toBe('回调无效（来源地址不在回调IP白名单）: 127.0.0.1');

      await t.ctx.db
        .update(thirdInterfaces)
        .set({ callbackIps: '10.9.9.9\n127.0.0.0/8' })
        .where(eq(thirdInterfaces.id, config!.id));
      expect((await notify(paidCallback(o))).status).toBe(200);
      expect((await orderOf(o.orderNo)).status).toBe('in_audit');
    } finally {
      await t.ctx.db.delete(thirdInterfaces).where(eq(thirdInterfaces.id, config!.id));
    }
  });
});

describe('duplicates', () => {
  it('applies a paid callback once: pay and audit, however many times it comes', async () => {
    const o = await pending();
    const body = paidCallback(o);
    const answers = await Promise.all(Array.from({ length: 8 }, () => notify(body)));
    const results = await Promise.all(
      answers.map(async (r) => [r.status, ((await r.json()) as { data: { result: string } }).data.result]),
    );
    expect(results.filter(([, r]) => r === 'applied')).toHaveLength(1);
    expect(results.every(([s]) => s === 200)).toBe(true);
    expect((await orderOf(o.orderNo)).status).toBe('in_audit');
    expect((await history(o.id)).map((h) => h.transition)).toEqual(['submit', 'pay', 'audit']);
    // A late repeat is still answered success, so the provider stops.
    const late = await notify(body);
    expect(late.status).toBe(200);
  });

  it("the sandbox's own duplicate, concurrent callbacks give one effect", async () => {
    const o = await pending();
    const answer = await sandboxCall(t, party, 'notify', {
      orderNo: o.orderNo,
      outcome: 'success',
      times: 5,
      concurrent: '1',
    });
    expect(answer.statuses).toBe('200,200,200,200,200');
    expect((await orderOf(o.orderNo)).status).toBe('in_audit');
    expect((await history(o.id)).map((h) => h.transition)).toEqual(['submit', 'pay', 'audit']);
  });

  it('a failure callback fails the order with the upstream reason, once', async () => {
    const o = await pending();
    await sandboxCall(t, party, 'notify', { orderNo: o.orderNo, outcome: 'fail', times: 2 });
    const failed = await orderOf(o.orderNo);
    expect(failed.status).toBe('failed');
    expect(failed.failReason).toBe('sandbox: payment declined');
    expect((await history(o.id)).map((h) => h.transition)).toEqual(['submit', 'fail']);
  });

  it("an order's raw callbacks are listed for its detail drawer, behind its own list's permission", async () => {
    const o = await pending();
    await sandboxCall(t, party, 'notify', { orderNo: o.orderNo, outcome: 'fail', times: 2 });
    const admin = await signInAdmin(t);
    const list = (api: string) =>
      call<{ list: Record<string, unknown>[] }>(t, 'POST', `${api}/callbacks/findByPage`, {
        session: admin,
        body: { page: 1, pageSize: 20, filters: { orderNo: o.orderNo } },
      });
    const deposits = await list('/api/pay/depositOrder');
    expect(deposits.envelope.code, deposits.body).toBe(0);
    expect(deposits.envelope.data.list.map((r) => r.result).sort()).toEqual(['applied', 'duplicate']);
    expect(deposits.envelope.data.list[0]).toMatchObject({ orderNo: o.orderNo, thirdPartyCode: party.code });
    // The withdrawals' tab never shows a deposit's callbacks.
    expect((await list('/api/pay/transferOrder')).envelope.data.list).toEqual([]);
  });

  it('a delayed callback with duplicates, as instructed for one order', async () => {
    const o = await pending();
    await sandboxCall(t, party, 'control', {
      orderNo: o.orderNo,
      outcome: 'success',
      delayMs: 150,
      duplicates: 2,
    });
    expect((await orderOf(o.orderNo)).status).toBe('pending_payment');
    await waitFor(async () => (await orderOf(o.orderNo)).status === 'in_audit');
    await waitFor(async () => {
      const kept = await t.ctx.db
        .select()
        .from(upstreamCallbacks)
        .where(eq(upstreamCallbacks.orderNo, o.orderNo));
      return kept.length === 3 && kept;
    });
    const kept = await t.ctx.db
      .select()
      .from(upstreamCallbacks)
      .where(eq(upstreamCallbacks.orderNo, o.orderNo));
    expect(kept.map((k) => k.result).sort()).toEqual(['applied', 'duplicate', 'duplicate']);
    expect((await history(o.id)).filter((h) => h.transition === 'pay')).toHaveLength(1);
  });
});
