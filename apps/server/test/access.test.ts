/** security.md, "Access": deny by default, server-side permissions, strict bodies, IP lists, masking. */
import { ErrorCode } from '@payops/contracts';
import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { operationLog, sessions } from '../src/modules/sys/schema.ts';
import { installGuard } from '../src/platform/guard.ts';
import { mask, maskRow } from '../src/platform/masking.ts';
import { setSetting } from '../src/platform/settings.ts';
import {
  bindAuthenticator,
  call,
  createOperator,
  createTestApp,
  signIn,
  signInAdmin,
  type TestApp,
  totpCode,
} from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('deny by default', () => {
  it('refuses to start when an API route declares no access', async () => {
    const app = Fastify();
    installGuard(app, t.ctx);
    expect(() => app.get('/api/forgotten', async () => 'x')).toThrow(/declares no access/);
    expect(() => app.get('/api/fine', { config: { access: 'session' } }, async () => 'x')).not.toThrow();
  });

  it('lists every API route with its access in the registry', () => {
    expect(t.routes.length).toBeGreaterThan(10);
    expect(t.routes.find((r) => r.url === '/api/sys/user/googleAuthAdmin')?.access).toBe(
      'sys.user.googleAuthAdmin',
    );
    // One's own password: any signed-in operator (the code its permission asks is checked in the route).
    expect(t.routes.find((r) => r.url === '/api/sys/user/updatePassword')?.access).toBe('session');
    expect(t.routes.find((r) => r.url === '/api/auth')?.access).toBe('public');
  });
});

describe('permissions on the server', () => {
  it('answers 403 to an operator without the permission, and records the refusal', async () => {
    await createOperator(t, 'viewer', 'Viewer12345', ['editor']);
    const session = await signIn(t, 'viewer', 'Viewer12345');
    const res = await call(t, 'GET', '/api/sys/user/googleAuthAdmin', { session, code: '123456' });
    expect(res.statusCode).toBe(403);
    expect(res.envelope.code).toBe(ErrorCode.forbidden);
    const rows = await t.ctx.db
      .select()
      .from(operationLog)
      .where(
        and(eq(operationLog.operatorName, 'viewer'), eq(operationLog.action, 'sys.user.googleAuthAdmin')),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ result: 'failure', code: ErrorCode.forbidden, ip: '127.0.0.1' });
  });

  it('gives an editor a menu without action permissions', async () => {
    const session = await signIn(t, 'viewer', 'Viewer12345');
    const res = await call<{ resource: string[] }>(t, 'GET', '/api/resource', { session });
    expect(res.envelope.data.resource.some((r) => r.includes(':sys.user:'))).toBe(true);
    expect(res.envelope.data.resource.some((r) => r.includes('sys.user.updatePassword'))).toBe(false);
  });

  it('refuses unknown keys in a body (no mass assignment), naming the field', async () => {
    const session = await signInAdmin(t);
    const res = await call<{ fields: { field: string }[] }>(t, 'POST', '/api/bindGoogle', {
      session,
      body: { googleCode: '123456', balance: '1000000' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.envelope.msg).toContain('balance');
    expect(res.envelope.msg).toMatch(/unknown field/);
  });
});

describe('IP lists', () => {
  async function rule(list: 'black' | 'white', cidr: string) {
    await t.ctx.pool.query('INSERT INTO ip_rules (list, cidr) VALUES ($1, $2)', [list, cidr]);
    t.ipFilter.invalidate();
  }
  async function clear() {
    await t.ctx.pool.query('DELETE FROM ip_rules');
    await setSetting(t.ctx, 'whiteIpEnabled', false, null);
    t.ipFilter.invalidate();
  }

  it('refuses a black-listed address, and a forged X-Forwarded-For does not get around it', async () => {
    await rule('black', '127.0.0.0/8');
    const plain = await call(t, 'GET', '/api/auth/publicKey');
    const forged = await call(t, 'GET', '/api/auth/publicKey', {
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    await clear();
    expect(plain.envelope.code).toBe(ErrorCode.ipDenied);
    expect(forged.envelope.code).toBe(ErrorCode.ipDenied);
    expect((await call(t, 'GET', '/api/auth/publicKey')).envelope.code).toBe(0);
  });

  it('enforces the white list only when switched on', async () => {
    await rule('white', '10.0.0.0/8');
    expect((await call(t, 'GET', '/api/auth/publicKey')).envelope.code).toBe(0);
    await setSetting(t.ctx, 'whiteIpEnabled', true, null);
    t.ipFilter.invalidate();
    expect((await call(t, 'GET', '/api/auth/publicKey')).envelope.code).toBe(ErrorCode.ipDenied);
    await rule('white', '127.0.0.1');
    expect((await call(t, 'GET', '/api/auth/publicKey')).envelope.code).toBe(0);
    await clear();
  });

  it('believes X-Forwarded-For only from a pinned trusted proxy', async () => {
    const behindProxy = await createTestApp({ trustedProxies: ['127.0.0.1'] });
    await behindProxy.ctx.pool.query(`INSERT INTO ip_rules (list, cidr) VALUES ('black', '203.0.113.0/24')`);
    const viaProxy = await call(behindProxy, 'GET', '/api/auth/publicKey', {
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    const other = await call(behindProxy, 'GET', '/api/auth/publicKey', {
      headers: { 'x-forwarded-for': '198.51.100.1' },
    });
    await behindProxy.close();
    expect(viaProxy.envelope.code).toBe(ErrorCode.ipDenied);
    expect(other.envelope.code).toBe(0);
    expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.1, 10.0.0.2' }).trustedProxies).toEqual([
      '10.0.0.1',
      '10.0.0.2',
    ]);
  });
});

describe('masking', () => {
  it('masks each kind of personal data', () => {
    expect(mask('bankCard', '6222021234567890123')).toBe('622202*********0123');
    expect(mask('phone', '13812345678')).toBe('138****5678');
    expect(mask('name', '张三丰')).toBe('张**');
    expect(mask('idNumber', '110101199003071234')).toBe('110***********1234');
    expect(mask('email', 'zhang.san@example.com')).toBe('z********@example.com');
    expect(mask('address', '北京市朝阳区建国路88号')).toBe('北京市朝阳区******');
    expect(mask('secret', 'sk_live_abcdef123456')).toBe('******3456');
  });

  it('leaves unmasked sessions in clear except for secrets', () => {
    const row = { name: '李四', card: '6222021234567890', key: 'abcdefghijkl' };
    const fields = { name: 'name', card: 'bankCard', key: 'secret' } as const;
    expect(maskRow(row, fields, false)).toEqual({ name: '李*', card: '622202******7890', key: '******ijkl' });
    expect(maskRow(row, fields, true)).toEqual({ name: '李四', card: '6222021234567890', key: '******ijkl' });
  });

  it('unmasks for this session only, with a code, one audit row per unmask', async () => {
    const id = await createOperator(t, 'unmasker', 'Unmasker123', ['admin']);
    const session = await signIn(t, 'unmasker', 'Unmasker123');
    const secret = await bindAuthenticator(t, session, id);
    expect((await call(t, 'GET', '/api/sys/user/googleAuthAdmin', { session })).envelope.code).toBe(
      ErrorCode.needCode,
    );
    const res = await call(t, 'GET', '/api/sys/user/googleAuthAdmin', {
      session,
      code: await totpCode(t, secret),
    });
    expect(res.envelope.code).toBe(0);
    const open = await t.ctx.db.select().from(sessions).where(eq(sessions.operatorId, id));
    expect(open.filter((s) => s.unmaskedAt !== null)).toHaveLength(1);
    const rows = await t.ctx.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.operatorId, id), eq(operationLog.action, 'sys.user.googleAuthAdmin')));
    expect(rows.filter((r) => r.result === 'success')).toHaveLength(1);
    expect(rows.filter((r) => r.result === 'failure')).toHaveLength(1);
    t.ctx.clock.advance(30_000);
    const next = await signIn(t, 'unmasker', 'Unmasker123', await totpCode(t, secret));
    const after = await t.ctx.db.select().from(sessions).where(eq(sessions.operatorId, id));
    expect(after).toHaveLength(2);
    expect(after.filter((s) => s.unmaskedAt !== null)).toHaveLength(1);
    expect(next.token).toBeTruthy();
  });
});
