/**
 * A third party's interface config (payManage/third_interfacet_list) names the URLs the platform
 * calls: a deposit is created at its create URL, a payout at its payout URL (else its create URL), an
 * order queried at its query URL; a config that is off, or of another interface type, is not in
 * force and the protocol's paths under the base URL are. A change on the page holds for the next call.
 * A sandbox URL on a loopback address is this server's, on the port it listens on now; any other
 * address inside the network is refused when saved.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thirdParties } from '../src/modules/mch/passage.schema.ts';
import { interfaceTypes } from '../src/modules/payManage/schema.ts';
import { accessOf } from '../src/modules/upstream/adapter.ts';
import { endpointsOf } from '../src/modules/upstream/endpoints.ts';
import { platformOrigin } from '../src/modules/upstream/origin.ts';
import { placeDeposit } from '../src/modules/upstream/placement.ts';
import { sandboxAdapter } from '../src/modules/upstream/sandbox-adapter.ts';
import { routingDecisions } from '../src/modules/upstream/schema.ts';
import { UpstreamError } from '../src/modules/upstream/types.ts';
import { call, type Session, signInAdmin, type TestApp } from './harness.ts';
import {
  listeningApp,
  merchant,
  type Party,
  passage,
  sandboxCall,
  sandboxParty,
} from './upstream-helpers.ts';

let t: TestApp;
let admin: Session;
let party: Party;
let merchantId: number;
let configId: number;
let n = 0;

const sandbox = () => `${platformOrigin(t.ctx)}/sandbox/upstream`;

const edit = async (values: Record<string, unknown>) => {
  const res = await call(t, 'POST', '/api/pay/thirdinterface/edit', {
    session: admin,
    body: { id: configId, ...values },
  });
  expect(res.envelope.code, res.body).toBe(0);
};

const deposit = () =>
  placeDeposit(t.ctx, { merchantId, mchOrderNo: `EP-${++n}`, payType: 'alipay', amount: '120' });

const decisionOf = async (orderNo: string) =>
  (await t.ctx.db.select().from(routingDecisions).where(eq(routingDecisions.orderNo, orderNo)))[0]!
    .candidates[0]!;

async function access() {
  const [tp] = await t.ctx.db.select().from(thirdParties).where(eq(thirdParties.id, party.id));
  return accessOf(t.ctx, tp!, await endpointsOf(t.ctx, tp!));
}

beforeAll(async () => {
  t = await listeningApp();
  admin = await signInAdmin(t);
  await t.ctx.db
    .insert(interfaceTypes)
    .values({ code: 'sandbox', name: 'Sandbox', signMethod: 'HMAC-SHA256', requestFormat: 'json' })
    .onConflictDoNothing();
  party = await sandboxParty(t, 'SBX_URL');
  await passage(t, party, { payType: 'alipay' });
  merchantId = (await merchant(t)).id;
  await sandboxCall(t, party, 'control', { outcome: 'hold' });
  const res = await call<{ id: number }>(t, 'POST', '/api/pay/thirdinterface/add', {
    session: admin,
    body: {
      thirdPartyId: party.id,
      interfaceType: 'sandbox',
      createUrl: `${sandbox()}/pay/elsewhere`,
      status: 'on',
    },
  });
  expect(res.envelope.code, res.body).toBe(0);
  configId = res.envelope.data.id;
});
afterAll(() => t.close());

describe("an interface config's URLs", () => {
  it('are where a deposit is created; a change on the page holds for the next one', async () => {
    // A path the provider does not serve: the upstream's error, on the routing decision.
    const missed = await deposit();
    expect(missed.order.status).toBe('failed');
    expect(await decisionOf(missed.order.orderNo)).toMatchObject({ verdict: 'upstream_error' });

    // Seeded on a loopback address with another port: this server's sandbox all the same.
    await edit({ createUrl: 'http://127.0.0.1:1/sandbox/upstream/pay/create' });
    const placed = await deposit();
    expect(placed.order).toMatchObject({ status: 'pending_payment' });

    // Off: not in force; the protocol's path under the base URL.
    await edit({ createUrl: `${sandbox()}/pay/elsewhere`, status: 'off' });
    expect((await deposit()).order.status).toBe('pending_payment');
    await edit({ status: 'on' });
    expect((await deposit()).order.status).toBe('failed');
    await edit({ createUrl: `${sandbox()}/pay/create` });
  });

  it("refuses an address inside the network, naming the field in the operator's language; nothing changes", async () => {
    const res = await call(t, 'POST', '/api/pay/thirdinterface/edit', {
      session: admin,
      body: { id: configId, queryUrl: 'http://10.0.0.8/query' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.envelope.data).toMatchObject({
      fields: [{ field: 'queryUrl', message: expect.stringContaining('must be a public http(s) address') }],
    });
    expect((await endpointsOf(t.ctx, { id: party.id, interfaceType: 'sandbox' })).query).toBeUndefined();
  });

  it('name where a payout is created (its payout URL, else its create URL) and where an order is queried', async () => {
    const payout = async (orderNo: string) =>
      sandboxAdapter.createPayout(
        await access(),
        {
          orderNo,
          amount: '50',
          bankCode: 'ICBC',
          bankName: '工商银行',
          accountName: '张三',
          accountNo: '6222000011112222',
          notifyUrl: 'http://127.0.0.1:9/none',
        },
        t.ctx.clock.now(),
      );
    // A payout provider's orders are its payouts: without a payout URL, its create URL.
    await edit({ createUrl: `${sandbox()}/payout/create`, payoutUrl: '' });
    expect((await payout('EP-P1')).upstreamOrderNo).toMatch(/^SBX/);
    // The payout URL first.
    await edit({ payoutUrl: `${sandbox()}/payout/elsewhere` });
    await expect(payout('EP-P2')).rejects.toBeInstanceOf(UpstreamError);
    await edit({ createUrl: `${sandbox()}/pay/create`, payoutUrl: `${sandbox()}/payout/create` });
    expect((await payout('EP-P2')).upstreamOrderNo).toMatch(/^SBX/);

    await edit({ queryUrl: `${sandbox()}/pay/elsewhere` });
    const query = async () => sandboxAdapter.queryOrder(await access(), 'EP-P2', 'payout', t.ctx.clock.now());
    await expect(query()).rejects.toBeInstanceOf(UpstreamError);
    await edit({ queryUrl: `${sandbox()}/payout/query` });
    expect(await query()).toMatchObject({ orderNo: 'EP-P2', kind: 'payout', status: 'pending' });
  });
});
