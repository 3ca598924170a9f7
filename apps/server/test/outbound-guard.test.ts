/**
 * The outbound guard (platform/outbound.ts) on the real server listening on a port: callbacks to a
 * merchant and calls to a provider never reach loopback, private, link-local (cloud metadata) or
 * other internal addresses, whether written as an address or as a name resolving to one; the refused
 * delivery is a failed attempt saying why; redirects are not followed; the server's own origin (the
 * built-in sandbox) passes only through the allow-list; URL fields are refused at save time.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode, localText } from '@payops/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thirdParties } from '../src/modules/mch/passage.schema.ts';
import { attemptDelivery } from '../src/modules/notify/deliver.ts';
import { SANDBOX_NOTIFY_PATH } from '../src/modules/notify/sandbox.ts';
import {
  merchantNotifications,
  merchantNotifyAttempts,
  sandboxMerchantReceipts,
} from '../src/modules/notify/schema.ts';
import { placeDeposit } from '../src/modules/upstream/placement.ts';
import { blockedAddress } from '../src/platform/outbound.ts';
import { type Answer, call, createTestApp, type Session, signInAdmin, type TestApp } from './harness.ts';
import { finishDeposit, makeMerchant, newDeposit } from './notify-helpers.ts';
import { merchant, passage, sandboxCall, sandboxParty } from './upstream-helpers.ts';

let t: TestApp;
let admin: Session;
let port: number;
/** A server that answers every request with a redirect to the sandbox merchant, counting its hits. */
let redirector: http.Server;
let redirectorOrigin: string;
let redirectHits = 0;

beforeAll(async () => {
  redirector = http.createServer((req, res) => {
    redirectHits++;
    req.resume();
    res.writeHead(302, { location: `http://127.0.0.1:${port}${SANDBOX_NOTIFY_PATH}` }).end();
  });
  await new Promise<void>((r) => redirector.listen(0, '127.0.0.1', r));
  redirectorOrigin = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`;
  // The redirector is on the one allow-list (as an operator would list an internal provider).
  t = await createTestApp({ outboundAllowedOrigins: [redirectorOrigin], upstreamTimeoutMs: 1500 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  admin = await signInAdmin(t);
});
afterAll(async () => {
  await t.close();
  redirector.close();
});

/** One delivery attempt of a fresh final deposit of a merchant whose notify URL is `url`. */
async function deliverTo(url: string) {
  const m = await makeMerchant(t, url);
  const order = await finishDeposit(t, (await newDeposit(t, m.id)).id, 'success');
  const [n] = await t.ctx.db
    .select()
    .from(merchantNotifications)
    .where(eq(merchantNotifications.orderId, order.id));
  const outcome = await attemptDelivery(t.ctx, n!.id);
  const attempts = await t.ctx.db
    .select()
    .from(merchantNotifyAttempts)
    .where(eq(merchantNotifyAttempts.notificationId, n!.id))
    .orderBy(asc(merchantNotifyAttempts.id));
  const received = await t.ctx.db
    .select()
    .from(sandboxMerchantReceipts)
    .where(eq(sandboxMerchantReceipts.mchNo, m.mchNo));
  return { outcome, attempt: attempts[0]!, received: received.length };
}

describe('addresses', () => {
  it('names what each internal address is, and lets public ones through', () => {
    const cases: [string, string | null][] = [
      ['127.0.0.1', 'loopback'],
      ['127.8.9.10', 'loopback'],
      ['10.1.2.3', 'private'],
      ['172.16.0.1', 'private'],
      ['192.168.1.1', 'private'],
      ['100.64.0.1', 'private'],
      ['169.254.169.254', 'linkLocal'],
      ['0.0.0.0', 'unspecified'],
      ['224.0.0.1', 'multicast'],
      ['255.255.255.255', 'reserved'],
      ['::1', 'loopback'],
      ['::', 'unspecified'],
      ['fe80::1', 'linkLocal'],
      ['fd12:3456::1', 'private'],
      ['ff02::1', 'multicast'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:a9fe:a9fe', 'linkLocal'],
      ['64:ff9b::a00:1', 'private'],
      ['8.8.8.8', null],
      ['2606:4700:4700::1111', null],
    ];
    expect(cases.map(([ip]) => [ip, blockedAddress(ip)])).toEqual(cases);
  });
});

describe('callbacks to merchants', () => {
  it('reaches the sandbox merchant on this server through the allow-list (the server own origin)', async () => {
    const r = await deliverTo(`http://127.0.0.1:${port}${SANDBOX_NOTIFY_PATH}`);
    expect([r.outcome, r.attempt.httpStatus, r.received]).toEqual(['delivered', 200, 1]);
  });

  it('refuses a name that resolves to loopback (DNS checked at connect): a failed attempt saying why', async () => {
    // The same live endpoint as above, reached by the name "localhost": never contacted.
    const r = await deliverTo(`http://localhost:${port}${SANDBOX_NOTIFY_PATH}`);
    expect(r.outcome).toBe('retry');
    expect(r.attempt).toMatchObject({ ok: false, httpStatus: null });
    expect(localText(r.attempt.error!, 'en-US')).toMatch(
      /^Refused by the outbound guard \(a loopback address\): localhost \((127\.0\.0\.1|::1)\)$/,
    );
    expect(r.received).toBe(0);
    const [n] = await t.ctx.db
      .select()
      .from(merchantNotifications)
      .where(eq(merchantNotifications.id, r.attempt.notificationId));
    expect(n!.lastError).toBe(r.attempt.error);
  });

  it('refuses loopback in IPv6 and IPv4-mapped forms, private and metadata addresses, other schemes', async () => {
    const refused = [
      [`http://[::ffff:127.0.0.1]:${port}${SANDBOX_NOTIFY_PATH}`, '(a loopback address)'],
      [`http://[::1]:${port}${SANDBOX_NOTIFY_PATH}`, '(a loopback address)'],
      [`http://127.0.0.2:${port}${SANDBOX_NOTIFY_PATH}`, '(a loopback address)'],
      ['http://169.254.169.254/latest/meta-data/', '(a link-local address (cloud metadata included))'],
      ['http://10.0.0.8/notify', '(a private network address)'],
      ['http://[fd00::8]/notify', '(a private network address)'],
      ['http://0.0.0.0/notify', '(an unspecified address)'],
      ['file:///etc/passwd', '(not an http(s) URL)'],
    ];
    for (const [url, why] of refused) {
      const r = await deliverTo(url!);
      expect([url, r.outcome, r.attempt.httpStatus], url).toEqual([url, 'retry', null]);
      expect(localText(r.attempt.error!, 'en-US'), url).toContain(why);
    }
  });

  it('does not follow a redirect, even from an allowed origin', async () => {
    const before = redirectHits;
    const r = await deliverTo(`${redirectorOrigin}/notify`);
    expect(redirectHits).toBe(before + 1);
    expect([r.outcome, r.attempt.httpStatus, r.received]).toEqual(['retry', 302, 0]);
  });
});

describe('calls to providers', () => {
  it('fails a deposit over a provider whose base URL is internal, with the reason, never calling it', async () => {
    const party = await sandboxParty(t, 'SSRF_META');
    await sandboxCall(t, party, 'control', { outcome: 'hold' });
    await t.ctx.db
      .update(thirdParties)
      .set({ baseUrl: 'http://169.254.169.254/latest' })
      .where(eq(thirdParties.id, party.id));
    await passage(t, party, { payType: 'ecny' });
    const m = await merchant(t);
    const { order } = await placeDeposit(t.ctx, {
      merchantId: m.id,
      mchOrderNo: 'SSRF-1',
      payType: 'ecny',
      amount: '50',
      locale: 'en-US',
    });
    expect(order.status).toBe('failed');
    expect(order.failReason).toContain(
      'refused by the outbound guard: 169.254.169.254 is a link-local address',
    );
  });
});

describe('at save time', () => {
  const fields = (res: Answer) => {
    expect(res.envelope.code, res.body).toBe(ErrorCode.badRequest);
    return (res.envelope.data as { fields: { field: string; message: string }[] }).fields;
  };

  it("refuses an internal merchant notify URL with the field named, in the operator's language", async () => {
    const add = (notifyUrl: string, lang = 'en-US') =>
      call<{ id: number }>(t, 'POST', '/api/mch/mchList/add', {
        session: admin,
        headers: { 'accept-language': lang },
        body: { name: '回调地址商户', depositRate: '0.01', withdrawRate: '0.01', notifyUrl },
      });
    expect(fields(await add('http://169.254.169.254/latest/meta-data/'))).toEqual([
      {
        field: 'notifyUrl',
        message:
          'must be a public http(s) address: 169.254.169.254 is a link-local address (cloud metadata included)',
      },
    ]);
    expect(fields(await add('http://localhost:8080/notify', 'zh-CN'))).toEqual([
      { field: 'notifyUrl', message: '须为公网 http(s) 地址：localhost 是本机回环地址' },
    ]);
    const ok = await add('https://shop.example.com/pay/notify');
    expect(ok.envelope.code, ok.body).toBe(0);
    const edit = await call(t, 'POST', '/api/mch/mchList/edit', {
      session: admin,
      headers: { 'accept-language': 'en-US' },
      body: { id: ok.envelope.data.id, notifyUrl: 'http://[::1]/notify' },
    });
    expect(fields(edit).map((f) => f.field)).toEqual(['notifyUrl']);
  });

  it('refuses an internal provider base URL; a sandbox on this server is allowed', async () => {
    const type = await call(t, 'POST', '/api/pay/thirdinterfacetype/add', {
      session: admin,
      body: {
        code: 'sandbox',
        name: 'Sandbox',
        signMethod: 'HMAC-SHA256',
        requestFormat: 'json',
        status: 'on',
      },
    });
    expect(type.envelope.code, type.body).toBe(0);
    const add = (code: string, interfaceType: string, baseUrl: string) =>
      call(t, 'POST', '/api/pay/thirdpay/add', {
        session: admin,
        headers: { 'accept-language': 'en-US' },
        body: {
          code,
          name: `${code} Pay`,
          interfaceType,
          baseUrl,
          upstreamMchNo: 'P1',
          secret: 'provider-secret-ABCD',
          status: 'on',
        },
      });
    expect(fields(await add('INTERNAL', 'sandbox', 'http://10.0.0.5/api'))).toEqual([
      {
        field: 'baseUrl',
        message: 'must be a public http(s) address: 10.0.0.5 is a private network address',
      },
    ]);
    const own = await add('OWNSBX', 'sandbox', 'http://127.0.0.1:8080/sandbox/upstream');
    expect(own.envelope.code, own.body).toBe(0);
  });
});
