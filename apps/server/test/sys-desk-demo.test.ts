/**
 * The demo's system desk (demo/sys-desk-day.ts) works through the console's routes as an operator
 * would: it signs in with password and code (a login_log row), its rules and announcements are what
 * the /sys pages list to an administrator, and each change has its operation-log row.
 */
import { blackIp, message, pendingChange, sysBackConfig, whiteIp } from '@payops/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHECKER_OPERATOR, DESK_OPERATOR, runSysDesk } from '../src/demo/sys-desk-day.ts';
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
  expect(await runSysDesk(t.app, t.ctx)).toEqual({
    blackIp: 2,
    whiteIp: 2,
    messages: 2,
    published: 1,
    settings: 1,
    pendingChanges: 2,
  });

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

  // The settings: the longer retention applied, named by who set it; of the two weakening changes the
  // colleague rejected the desk's (the threshold) and its own waits (fewer confirmations): neither applied.
  const settings = await listed(sysBackConfig.actions.list!.path);
  const setting = (key: string) => settings.find((s) => s.key === key)!;
  expect(setting('upstreamCallbackRetentionDays')).toMatchObject({
    value: 180,
    updatedByLabel: DESK_OPERATOR,
  });
  expect(setting('adjustApprovalThreshold')).toMatchObject({ value: '50000', updatedBy: null });
  expect(setting('usdtConfirmations')).toMatchObject({ value: 3, updatedBy: null });
  const changes = await listed(pendingChange.actions.list!.path);
  expect(
    changes.map((c) => [c.key, String(c.value), c.status, c.requestedByLabel, c.decidedByLabel ?? null]),
  ).toEqual([
    ['adjustApprovalThreshold', '80000', 'rejected', DESK_OPERATOR, CHECKER_OPERATOR],
    ['usdtConfirmations', '1', 'pending', CHECKER_OPERATOR, null],
  ]);
  expect(changes[0]!.decisionNote).toContain('书面确认');
  // The black list holds: an address of its range is refused, the console's own address is not.
  const fromRange = await t.app.inject({
    method: 'GET',
    url: '/api/auth/publicKey',
    remoteAddress: '203.0.113.9',
  });
  expect(fromRange.statusCode).toBe(403);
  const fromHere = await t.app.inject({ method: 'GET', url: '/api/auth/publicKey' });
  expect(fromHere.statusCode).toBe(200);
  // The desk's second code waits for its authenticator's next step.
}, 90_000);
