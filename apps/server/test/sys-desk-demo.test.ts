/**
 * The demo's system desk (demo/sys-desk-day.ts) works through the console's routes as an operator
 * would: it signs in with password and code (a login_log row), its rules and announcements are what
 * the /sys pages list to an administrator, and each change has its operation-log row.
 */
import { blackIp, message, whiteIp } from '@payops/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DESK_OPERATOR, runSysDesk } from '../src/demo/sys-desk-day.ts';
import { loginLog, operationLog } from '../src/modules/sys/schema.ts';
import { call, createTestApp, type Session, signInAdmin, type TestApp } from './harness.ts';

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

const listed = async (path: string) =>
  (
    await call<{ list: Record<string, unknown>[] }>(t, 'POST', path, {
      session: admin,
      body: { page: 1, pageSize: 20 },
    })
  ).envelope.data.list;

it("signs in, keeps the IP lists and publishes an announcement: the /sys pages show the desk's work", async () => {
  expect(await runSysDesk(t.app, t.ctx)).toEqual({ blackIp: 2, whiteIp: 2, messages: 2, published: 1 });

  const black = await listed(blackIp.actions.list!.path);
  expect(black.map((r) => r.cidr).sort()).toEqual(['198.51.100.23/32', '203.0.113.0/24']);
  expect((await listed(whiteIp.actions.list!.path)).map((r) => r.cidr).sort()).toEqual([
    '192.0.2.0/28',
    '192.0.2.64/32',
  ]);
  const messages = await listed(message.actions.list!.path);
  expect(messages.map((m) => m.status).sort()).toEqual(['draft', 'published']);
  expect(messages.every((m) => m.createdByLabel === DESK_OPERATOR)).toBe(true);

  // Signed in with both factors, signed out again; every change audited under its name.
  const [login] = await t.ctx.db.select().from(loginLog).where(eq(loginLog.username, DESK_OPERATOR));
  expect(login).toMatchObject({ result: 'success', factor: 'password+totp', userAgent: 'PayOps demo desk' });
  const audited = await t.ctx.db
    .select({ action: operationLog.action })
    .from(operationLog)
    .where(and(eq(operationLog.operatorName, DESK_OPERATOR), eq(operationLog.result, 'success')));
  const count = (action: string) => audited.filter((a) => a.action === action).length;
  expect([count('sys.blackIp.add'), count('sys.whiteIp.add'), count('sys.message.add')]).toEqual([2, 2, 2]);
  expect(count('sys.message.publish')).toBe(1);
  // The black list holds: an address of its range is refused, the console's own address is not.
  const fromRange = await t.app.inject({
    method: 'GET',
    url: '/api/auth/publicKey',
    remoteAddress: '203.0.113.9',
  });
  expect(fromRange.statusCode).toBe(403);
  const fromHere = await t.app.inject({ method: 'GET', url: '/api/auth/publicKey' });
  expect(fromHere.statusCode).toBe(200);
});
