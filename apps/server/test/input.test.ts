/** security.md, "Input and transport" and the password policy. */
import { ErrorCode } from '@payops/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPasswordPolicy } from '../src/platform/passwords.ts';
import { call, createTestApp, type Session, signInAdmin, type TestApp } from './harness.ts';

let t: TestApp;
let session: Session;
beforeAll(async () => {
  t = await createTestApp();
  session = await signInAdmin(t);
});
afterAll(() => t.close());

/** Small deterministic generator: the same fuzz cases on every run. */
function* fuzzValues(seed: number): Generator<unknown> {
  let x = seed;
  const next = () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x;
  };
  const atoms: unknown[] = [
    null,
    true,
    0,
    -1,
    Number.MAX_VALUE,
    '',
    ' ',
    'x'.repeat(5000),
    "'; DROP TABLE operators; --",
    '{}',
    [],
    {},
    '\u0000',
    '😀',
    12.5,
    '2026-13-45T99:00:00Z',
  ];
  for (let i = 0; i < 60; i++) {
    const pick = () => atoms[next() % atoms.length];
    yield next() % 3 === 0
      ? pick()
      : {
          [['username', 'password', 'googleCode', 'startTime', 'userId', 'code', 'x'][next() % 7]!]: pick(),
          a: pick(),
        };
  }
}

async function counts() {
  const r = await t.ctx.pool.query(
    `SELECT (SELECT count(*) FROM operators) AS ops, (SELECT count(*) FROM sessions) AS sessions, (SELECT count(*) FROM ip_rules) AS ips`,
  );
  return r.rows[0];
}

describe('input validation', () => {
  it('answers fuzzed bodies with 4xx, never 5xx, and changes nothing', async () => {
    const before = await counts();
    const routes = [
      '/api/auth',
      '/api/bindGoogle',
      '/api/sys/user/updatePassword',
      '/api/pay/transferOrder/countTransferOrder',
      '/api/sys/user/bindGoogle',
    ];
    let n = 0;
    for (const url of routes) {
      for (const body of fuzzValues(url.length)) {
        const res = await call(t, 'POST', url, {
          session,
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });
        expect(res.statusCode, `${url} ${JSON.stringify(body)?.slice(0, 80)}`).toBeLessThan(500);
        expect(res.envelope.code).not.toBe(0);
        n++;
      }
    }
    expect(n).toBe(300);
    expect(await counts()).toEqual(before);
  });

  it('names the field in the operator language', async () => {
    const body = { startTime: 'yesterday', endTime: '2026-11-22T00:00:00Z' };
    const en = await call(t, 'POST', '/api/pay/transferOrder/countTransferOrder', {
      session,
      body,
      headers: { 'accept-language': 'en-US' },
    });
    const zh = await call(t, 'POST', '/api/pay/transferOrder/countTransferOrder', {
      session,
      body,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(en.statusCode).toBe(400);
    expect(en.envelope.msg).toBe('Invalid request: startTime has an invalid format');
    expect(zh.envelope.msg).toBe('请求参数有误: startTime 格式不正确');
    expect(en.envelope.data).toEqual({ fields: [{ field: 'startTime', message: 'has an invalid format' }] });
    const missing = await call(t, 'POST', '/api/pay/transferOrder/countTransferOrder', {
      session,
      body: {},
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(missing.envelope.msg).toContain('startTime 不能为空');
    const reversed = { startTime: '2026-11-22T00:00:00Z', endTime: '2026-11-21T00:00:00Z' };
    const order = await call(t, 'POST', '/api/pay/transferOrder/countTransferOrder', {
      session,
      body: reversed,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(order.envelope.msg).toBe('请求参数有误: endTime 不能早于startTime');
  });

  it('answers an oversized body with 413', async () => {
    const res = await call(t, 'POST', '/api/bindGoogle', {
      session,
      body: JSON.stringify({ googleCode: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.envelope.code).toBe(ErrorCode.payloadTooLarge);
  });

  it('answers unknown API paths with the 404 envelope', async () => {
    const res = await call(t, 'GET', '/api/nothing/here');
    expect(res.statusCode).toBe(404);
    expect(res.envelope.code).toBe(ErrorCode.notFound);
  });
});

describe('security headers', () => {
  it('sends CSP without inline script, frame-ancestors none, nosniff, no-referrer, no-store', async () => {
    const res = await call(t, 'GET', '/api/health');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await call(t, 'GET', '/api/nothing/here')).headers['cache-control']).toBe('no-store');
    const refused = await call(t, 'POST', '/api/member/memberList/findByPage', {
      body: { page: 1, pageSize: 20 },
    });
    expect(refused.envelope.code).toBe(ErrorCode.notSignedIn);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('serves the OpenAPI document generated from the schemas', async () => {
    const res = await call(t, 'GET', '/api/docs');
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth', '/api/current', '/api/resource']),
    );
  });
});

describe('password policy', () => {
  const policy = { minLength: 8, maxLength: 16 };
  const reasons = (pw: string, p = policy) => {
    try {
      checkPasswordPolicy(pw, p, 'operator1');
      return [];
    } catch (e) {
      return (e as { data: { reasons: string[] } }).data.reasons;
    }
  };

  it('wants 8 to 16 letters and digits by default, refuses common ones, never truncates', () => {
    expect(reasons('Abcdefg1')).toEqual([]);
    expect(reasons('Abc1234')).toEqual(['min_length_8']);
    expect(reasons('abcdefgh')).toEqual(['letters_and_digits']);
    expect(reasons('Password123')).toEqual(['common']);
    expect(reasons('Abcdefgh12345678X')).toEqual(['max_length_16']);
    expect(reasons('myoperator1pw9')).toEqual(['contains_username']);
  });

  it('refuses an 11-character password when the policy says 12', () => {
    expect(reasons('Abcdefghij1', { minLength: 12, maxLength: 64 })).toEqual(['min_length_12']);
    expect(reasons('Abcdefghijk1', { minLength: 12, maxLength: 64 })).toEqual([]);
  });
});
