/**
 * The built-in sandbox provider and sandbox merchant are served only when configured (config
 * SANDBOX: on with the embedded demo database, off with DATABASE_URL unless SANDBOX=1), and telling
 * the sandbox merchant to fail needs its own permission (admin holds it), not just a session. With the
 * sandbox off, the server's own origin is no longer on the outbound allow-list either.
 */
import type { AddressInfo } from 'node:net';
import { ErrorCode, localText, Permission } from '@payops/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { chainAdapter } from '../src/modules/chain/adapter.ts';
import { attemptDelivery } from '../src/modules/notify/deliver.ts';
import { SANDBOX_NOTIFY_PATH } from '../src/modules/notify/sandbox.ts';
import { merchantNotifications, merchantNotifyAttempts } from '../src/modules/notify/schema.ts';
import { call, createOperator, createTestApp, signIn, signInAdmin, type TestApp } from './harness.ts';
import { finishDeposit, makeMerchant, newDeposit } from './notify-helpers.ts';

describe('the SANDBOX setting', () => {
  it('is on with the embedded database, off with DATABASE_URL, and SANDBOX says otherwise', () => {
    const url = 'postgres://payops@db.example.com/payops';
    expect(loadConfig({}).sandbox).toBe(true);
    expect(loadConfig({ DATABASE_URL: url }).sandbox).toBe(false);
    expect(loadConfig({ DATABASE_URL: url, SANDBOX: '1' }).sandbox).toBe(true);
    expect(loadConfig({ SANDBOX: '0' }).sandbox).toBe(false);
    expect(() => loadConfig({ SANDBOX: 'yes' })).toThrow(/SANDBOX/);
  });
});

describe('sandbox off', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ sandbox: false });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('serves neither the sandbox provider nor the sandbox merchant', async () => {
    const admin = await signInAdmin(t);
    const probes = [
      await call(t, 'POST', '/sandbox/upstream/pay/create', { body: {} }),
      await call(t, 'POST', '/sandbox/upstream/control', { body: {} }),
      await call(t, 'GET', '/sandbox/upstream/cashier/SBX1'),
      await call(t, 'POST', SANDBOX_NOTIFY_PATH, { body: { mchNo: 'M1' } }),
      await call(t, 'POST', '/api/sandbox/merchant/control', { session: admin, body: { failNext: 1 } }),
      await call(t, 'POST', '/sandbox/chain/pay', { body: { network: 'TRC20', to: 'T1', amount: '1' } }),
      await call(t, 'POST', '/sandbox/chain/head', { body: { network: 'TRC20' } }),
    ];
    expect(probes.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    // No sandbox chain and no node adapter yet: the watcher says so rather than guessing.
    expect(() => chainAdapter(t.ctx)).toThrow(/no chain node/);
  });

  it("refuses callbacks to the server's own address: the allow-list holds it only for the sandbox", async () => {
    const m = await makeMerchant(t, `http://127.0.0.1:${port}${SANDBOX_NOTIFY_PATH}`);
    const order = await finishDeposit(t, (await newDeposit(t, m.id)).id, 'success');
    const [n] = await t.ctx.db
      .select()
      .from(merchantNotifications)
      .where(eq(merchantNotifications.orderId, order.id));
    expect(await attemptDelivery(t.ctx, n!.id)).toBe('retry');
    const [a] = await t.ctx.db
      .select()
      .from(merchantNotifyAttempts)
      .where(eq(merchantNotifyAttempts.notificationId, n!.id));
    // Kept as a system text: each operator reads it in their language.
    expect(a!.error).toBe('@outboundRefused.loopback: 127.0.0.1');
    expect(localText(a!.error!, 'en-US')).toBe(
      'Refused by the outbound guard (a loopback address): 127.0.0.1',
    );
    expect(localText(a!.error!, 'zh-CN')).toBe('出站防护拒绝（本机回环地址）: 127.0.0.1');
  });
});

describe('sandbox on: the control of the sandbox merchant', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is refused to a signed-in operator without the permission, and allowed to admin', async () => {
    await createOperator(t, 'reader', 'Reader12345', ['editor']);
    const reader = await signIn(t, 'reader', 'Reader12345');
    const tell = (session: Awaited<ReturnType<typeof signIn>>) =>
      call(t, 'POST', '/api/sandbox/merchant/control', { session, body: { failNext: 3 } });
    expect((await tell(reader)).envelope.code).toBe(ErrorCode.forbidden);
    const { rows: none } = await t.ctx.pool.query('SELECT fail_next FROM sandbox_merchant_controls');
    expect(none).toEqual([]);
    const admin = await signInAdmin(t);
    const res = await tell(admin);
    expect(res.envelope, res.body).toEqual({
      code: 0,
      msg: expect.any(String),
      data: { mchNo: '', failNext: 3 },
    });
    // The permission is in the catalogue the role editor shows, under the callbacks page.
    const { rows } = await t.ctx.pool.query('SELECT page FROM resources WHERE permission = $1', [
      Permission.sandboxControl,
    ]);
    expect(rows).toEqual([{ page: '/order/mchNotify' }]);
  });
});
