import { randomUUID } from 'node:crypto';
/**
 * Issue 18, sections 3 and 4, each scenario as the issue tells it: masking that cannot be side-stepped,
 * personal data out of the audit trail, declared answers only, and the access and authenticator gaps.
 */
import { ErrorCode } from '@payops/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemo } from '../src/demo/generate.ts';
import { merchants } from '../src/modules/mch/schema.ts';
import { memberPaymentAccounts, members } from '../src/modules/member/schema.ts';
import { authNonces, operationLog, operators, resources } from '../src/modules/sys/schema.ts';
import { open } from '../src/platform/secret-box.ts';
import { getSetting, setSetting } from '../src/platform/settings.ts';
import { deleteExpiredNonces } from '../src/platform/transport.ts';
import {
  bindAuthenticator,
  call,
  createOperator,
  createTestApp,
  type Session,
  signIn,
  signInAdmin,
  signInRaw,
  type TestApp,
  totpCode,
} from './harness.ts';

type Row = Record<string, unknown>;
let t: TestApp;
let admin: Session;
let adminSecret: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  adminSecret = await bindAuthenticator(t, admin, 1);
  await generateDemo(t.ctx.db, t.ctx.keys.secretKey, t.ctx.clock.now(), {
    merchants: 2,
    members: 30,
    seed: 3,
    batch: 30,
  });
});
afterAll(() => t.close());

const lastAudit = async (action: string) =>
  (
    await t.ctx.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.action, action))
      .orderBy(desc(operationLog.id))
      .limit(1)
  )[0];

describe('hostile amounts', () => {
  it('refuses a credit whose result overflows the balance column with a 400, and moves nothing', async () => {
    const approverId = await createOperator(t, 'approver', 'Approver12345', ['admin']);
    const approver = await signIn(t, 'approver', 'Approver12345');
    const approverSecret = await bindAuthenticator(t, approver, approverId);
    const m = await call<{ id: number; mchNo: string }>(t, 'POST', '/api/mch/mchList/add', {
      session: admin,
      body: { name: '溢出测试商户', depositRate: '0.01', withdrawRate: '0.01' },
    });
    const credit = async (amount: string, type = 'credit') => {
      const res = await call<{ adjustmentId: number }>(t, 'POST', '/api/mch/mchList/adjust', {
        session: admin,
        code: await totpCode(t, adminSecret),
        headers: { 'idempotency-key': randomUUID() },
        body: { id: m.envelope.data.id, type, amount, reason: 'overflow probe' },
      });
      t.ctx.clock.advance(30_000);
      return res;
    };
    const approve = async (adjustmentId: number) => {
      const res = await call(t, 'POST', '/api/mch/adjust/approve', {
        session: approver,
        code: await totpCode(t, approverSecret),
        headers: { 'idempotency-key': randomUUID() },
        body: { id: adjustmentId },
      });
      t.ctx.clock.advance(30_000);
      return res;
    };
    // Above the approval threshold: it waits, then the approval fills the column to its brim.
    const big = await credit('99999999999999999999.99');
    expect(big.envelope.code, big.body).toBe(0);
    const approved = await approve(big.envelope.data.adjustmentId);
    expect(approved.envelope.code, approved.body).toBe(0);
    const balance = () =>
      t.ctx.pool.query(
        "SELECT available::text FROM ledger_accounts WHERE owner_code = $1 AND owner_type = 'merchant'",
        [m.envelope.data.mchNo],
      );
    const before = (await balance()).rows;
    const over = await credit('1.00');
    expect(over.statusCode, over.body).toBe(400);
    expect(over.body).not.toMatch(/insert|update|numeric/i);
    expect((await balance()).rows).toEqual(before);
    // Take it back, so the platform's contra account is away from its edge for the other tests.
    const back = await credit('99999999999999999999.99', 'debit');
    expect((await approve(back.envelope.data.adjustmentId)).envelope.code).toBe(0);
  });
});

describe('masking cannot be side-stepped', () => {
  it('an operator without unmask cannot confirm a phone or card number by guessing filters', async () => {
    await createOperator(t, 'guesser', 'Guesser12345', ['editor']);
    const guesser = await signIn(t, 'guesser', 'Guesser12345');
    const [m] = await t.ctx.db.select({ phone: members.phone }).from(members).limit(1);
    // The masked form gives away all but four digits: each guess would be one call.
    for (const phone of [m!.phone, `${m!.phone.slice(0, -1)}0`]) {
      const res = await call(t, 'POST', '/api/member/memberList/findByPage', {
        session: guesser,
        body: { page: 1, pageSize: 10, filters: { phone } },
        headers: { 'accept-language': 'en-US' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.envelope.data).toEqual({
        fields: [
          { field: 'filters.phone', message: 'can be filtered on only after unmasking personal data' },
        ],
      });
    }
    const [card] = await t.ctx.db
      .select({ no: memberPaymentAccounts.accountNo })
      .from(memberPaymentAccounts)
      .limit(1);
    const byCard = await call(t, 'POST', '/api/member/memberPaymentList/findByPage', {
      session: guesser,
      body: { page: 1, pageSize: 10, filters: { accountNo: card!.no } },
    });
    expect(byCard.statusCode).toBe(400);
    expect(JSON.stringify(byCard.envelope.data)).toContain('filters.accountNo');
  });

  it('an unmasked session may filter on a masked field', async () => {
    const unmask = await call(t, 'GET', '/api/sys/user/googleAuthAdmin', {
      session: admin,
      code: await totpCode(t, adminSecret),
    });
    expect(unmask.envelope.code, unmask.body).toBe(0);
    t.ctx.clock.advance(30_000);
    const [m] = await t.ctx.db.select({ phone: members.phone }).from(members).limit(1);
    const res = await call<{ list: Row[] }>(t, 'POST', '/api/member/memberList/findByPage', {
      session: admin,
      body: { page: 1, pageSize: 10, filters: { phone: m!.phone } },
    });
    expect(res.envelope.code, res.body).toBe(0);
    expect(res.envelope.data.list.map((r) => r.phone)).toContain(m!.phone);
  });

  it('throttles list calls per operator', async () => {
    const limited = await createTestApp({ listRatePerMinute: 3 });
    try {
      const s = await signInAdmin(limited);
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await call(limited, 'POST', '/api/sys/user/findByPage', { session: s, body: {} });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it("keeps a new merchant's contact and phone masked in the operation log", async () => {
    const res = await call<Row>(t, 'POST', '/api/mch/mchList/add', {
      session: admin,
      body: {
        name: '审计掩码商户',
        depositRate: '0.01',
        withdrawRate: '0.01',
        phone: '13812345678',
        contact: '张伟',
      },
    });
    expect(res.envelope.code, res.body).toBe(0);
    const row = await lastAudit('mch.mchList.add');
    const detail = JSON.stringify(row?.detail);
    expect(detail).not.toContain('13812345678');
    expect(detail).not.toContain('张伟');
    expect(detail).toContain('138****5678');
  });

  it('never keeps a full card number from an export filter', async () => {
    const [card] = await t.ctx.db
      .select({ no: memberPaymentAccounts.accountNo })
      .from(memberPaymentAccounts)
      .limit(1);
    // The admin's session unmasked above, so the filter itself is allowed.
    const res = await call(t, 'POST', '/api/member/memberPaymentList/export', {
      session: admin,
      code: await totpCode(t, adminSecret),
      body: { format: 'csv', filters: { accountNo: card!.no } },
    });
    t.ctx.clock.advance(30_000);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const row = await lastAudit('member.memberPaymentList.export');
    expect(JSON.stringify(row?.detail)).not.toContain(card!.no);
  });

  it('answers only declared fields: adding a merchant does not answer its sealed secret', async () => {
    const res = await call<Row>(t, 'POST', '/api/mch/mchList/add', {
      session: admin,
      body: { name: '只答声明字段', depositRate: '0.01', withdrawRate: '0.01' },
    });
    expect(res.envelope.code, res.body).toBe(0);
    expect(res.envelope.data).not.toHaveProperty('secretEnc');
    expect(typeof res.envelope.data.signSecret).toBe('string');
    const [stored] = await t.ctx.db
      .select()
      .from(merchants)
      .where(eq(merchants.mchNo, String(res.envelope.data.mchNo)));
    expect(res.body).not.toContain(stored!.secretEnc);
  });

  it('documents every answer with a type: no unknown or any schema left in the OpenAPI document', () => {
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> };
    const untyped: string[] = [];
    let schemas = 0;
    const walk = (node: unknown, where: string, isSchema: boolean) => {
      if (!node || typeof node !== 'object') return;
      const o = node as Record<string, unknown>;
      if (isSchema) {
        schemas++;
        const typed = ['type', 'anyOf', 'oneOf', 'allOf', '$ref', 'enum', 'const', 'not'].some((k) => k in o);
        if (!typed) untyped.push(where);
      }
      for (const [k, v] of Object.entries(o)) {
        if (k === 'properties' || k === 'patternProperties' || k === '$defs' || k === 'definitions') {
          for (const [name, s] of Object.entries(v as object)) walk(s, `${where}.${name}`, true);
        } else if (['items', 'additionalProperties', 'schema', 'not'].includes(k) && typeof v === 'object') {
          walk(v, `${where}.${k}`, true);
        } else if (['anyOf', 'oneOf', 'allOf', 'prefixItems'].includes(k) && Array.isArray(v)) {
          for (const [i, s] of v.entries()) walk(s, `${where}.${k}[${i}]`, true);
        } else if (typeof v === 'object' && !isSchema) walk(v, `${where}.${k}`, false);
      }
    };
    for (const [path, ops] of Object.entries(doc.paths)) walk(ops, path, false);
    expect(schemas).toBeGreaterThan(1000);
    expect(untyped).toEqual([]);
  });
});

describe('access and authenticator gaps', () => {
  it('leaves no lookup open: only the sign-in and the operator-own routes are public or session-wide', () => {
    const open = t.routes.filter((r) => r.access === 'public' || r.access === 'session').map((r) => r.url);
    const allowed = new Set([
      '/api/health',
      '/api/docs',
      '/api/auth',
      '/api/auth/publicKey',
      '/api/current',
      '/api/menu',
      '/api/resource',
      '/api/logout',
      '/api/getGoogleQR',
      '/api/getGoogleSecret',
      '/api/bindGoogle',
      '/api/passwordPolicy',
      '/api/sys/user/updatePassword',
      '/api/sys/user/unmaskState',
      '/api/sys/user/remask',
      '/api/dashboard/notifications',
      '/api/dashboard/overview',
      // Each section answers null unless the operator may open the list it links to.
      '/api/dashboard/business',
      '/api/sys/message/unreadCount',
      '/api/sys/message/mine',
      '/api/sys/message/markRead',
      '/mockTrade/getLatestExchangeRate',
      // Upstream providers' callbacks, verified by the third party's signature (modules/upstream).
      '/openapi/v1/upstream/:thirdPartyCode/notify',
      // The built-in sandbox provider: "outside" the platform, each call signed by its account.
      '/sandbox/upstream/pay/create',
      '/sandbox/upstream/payout/create',
      '/sandbox/upstream/pay/query',
      '/sandbox/upstream/payout/query',
      '/sandbox/upstream/control',
      '/sandbox/upstream/notify',
      '/sandbox/upstream/cashier/:no',
      '/sandbox/upstream/statement',
      '/sandbox/upstream/balance/query',
      '/sandbox/upstream/balance/topup',
      // The sandbox P2P market (modules/trade): signed by a market third party's secret, like the provider.
      '/sandbox/market/order/push',
      '/sandbox/market/order/query',
      '/sandbox/market/order/settle',
      '/sandbox/market/control',
      '/sandbox/market/statement',
      // The built-in sandbox chain: a node's API, each call carrying the node key (chain/sandbox/node-key.ts).
      ...['head', 'transfers', 'tx', 'send', 'pay', 'mine', 'fail'].map((c) => `/sandbox/chain/${c}`),
      // The merchant API: no session, each call signed with the merchant's secret (modules/openapi).
      '/openapi/v1/deposit/create',
      '/openapi/v1/withdraw/create',
      '/openapi/v1/order/query',
      '/openapi/v1/balance/query',
      '/openapi/v1/payConfig/query',
      '/openapi/v1/usdt/deposit/create',
      '/openapi/v1/usdt/withdraw/create',
      '/openapi/v1/usdt/order/query',
      ...['deposit', 'withdraw', 'voucher', 'confirm'].map((c) => `/openapi/v1/match/${c}`),
      '/openapi/v1/gift/claim',
      // The built-in sandbox merchant: receives callbacks (signed); its control needs a permission.
      '/api/sandbox/merchant/notify',
    ]);
    expect(open.filter((u) => !allowed.has(u))).toEqual([]);
  });

  it('refuses the merchant names to an operator with no permission', async () => {
    await createOperator(t, 'nobody', 'Nobody12345', []);
    const nobody = await signIn(t, 'nobody', 'Nobody12345');
    const res = await call(t, 'POST', '/api/mch/mchList/options', { session: nobody, body: {} });
    expect(res.envelope.code).toBe(ErrorCode.forbidden);
  });

  it('requires binding for everyone when the setting is on: at sign-in and on every call', async () => {
    const id = await createOperator(t, 'unbound', 'Unbound12345', ['editor']);
    const early = await signIn(t, 'unbound', 'Unbound12345');
    await setSetting(t.ctx, 'requireAuthenticator', true, 1);
    try {
      // A session opened before the switch is held to it on its next call.
      const list = await call(t, 'POST', '/api/sys/user/findByPage', { session: early, body: {} });
      expect(list.envelope.code).toBe(ErrorCode.bindRequired);
      const res = await signInRaw(t, 'unbound', 'Unbound12345');
      expect(res.envelope.code, res.body).toBe(0);
      expect(res.envelope.data).toMatchObject({ mustBind: true });
      const s = await signIn(t, 'unbound', 'Unbound12345');
      expect((await call(t, 'GET', '/api/current', { session: s })).envelope.code).toBe(0);
      expect(
        (await call(t, 'POST', '/api/mch/mchList/options', { session: s, body: {} })).envelope.code,
      ).toBe(ErrorCode.bindRequired);
      // The bind dialog's parts answer: the QR and the same pending secret as text for manual entry.
      expect((await call(t, 'GET', '/api/getGoogleQR', { session: s })).statusCode).toBe(200);
      const [pending] = await t.ctx.db.select().from(operators).where(eq(operators.id, id));
      const text = await call(t, 'GET', '/api/getGoogleSecret', { session: s });
      expect(text.envelope.code, text.body).toBe(0);
      expect(text.envelope.data).toEqual({ secret: open(t.ctx.keys.secretKey, pending!.totpPendingEnc!) });
      await bindAuthenticator(t, s, id);
      const after = await call(t, 'POST', '/api/sys/user/findByPage', { session: s, body: {} });
      expect(after.envelope.code, after.body).toBe(0);
    } finally {
      await setSetting(t.ctx, 'requireAuthenticator', false, 1);
    }
  });

  it('validates the body before checking and spending the code', async () => {
    const [m] = await t.ctx.db.select({ id: merchants.id }).from(merchants).orderBy(merchants.id).limit(1);
    const code = await totpCode(t, adminSecret);
    const typo = await call(t, 'POST', '/api/mch/mchList/adjust', {
      session: admin,
      code,
      headers: { 'idempotency-key': randomUUID() },
      body: { id: m!.id, type: 'credit', amount: '1.0.0', reason: 'typo in the amount' },
    });
    expect(typo.statusCode).toBe(400);
    const fixed = await call(t, 'POST', '/api/mch/mchList/adjust', {
      session: admin,
      code,
      headers: { 'idempotency-key': randomUUID() },
      body: { id: m!.id, type: 'credit', amount: '1.00', reason: 'the same code, still unspent' },
    });
    expect(fixed.envelope.code, fixed.body).toBe(0);
    t.ctx.clock.advance(30_000);
  });

  it('throttles a guesser by address and account without locking the owner out, and tells the owner', async () => {
    await createOperator(t, 'target', 'Target12345', ['editor']);
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const attacker = await createTestApp({ trustedProxies: ['127.0.0.1'] });
    try {
      await createOperator(attacker, 'target', 'Target12345', ['editor']);
      const tryAs = async (ip: string, password: string) => {
        const key = await call<{ publicKey: string; nonce: string }>(attacker, 'GET', '/api/auth/publicKey', {
          headers: from(ip),
        });
        const { encryptPassword } = await import('@payops/contracts');
        return call<{ token: string; failedAttempts: number }>(attacker, 'POST', '/api/auth', {
          headers: from(ip),
          body: { username: 'target', password: await encryptPassword(key.envelope.data, password) },
        });
      };
      for (let i = 0; i < 10; i++)
        expect((await tryAs('203.0.113.9', `wrong-${i}`)).envelope.code).toBe(1004);
      // The guessing address is refused even with the right password...
      expect((await tryAs('203.0.113.9', 'Target12345')).envelope.code).toBe(1004);
      // ...the account is only slowed down (a short back-off), never locked for the owner.
      attacker.ctx.clock.advance(5_000);
      const owner = await tryAs('198.51.100.7', 'Target12345');
      expect(owner.envelope.code, owner.body).toBe(0);
      expect(owner.envelope.data.failedAttempts).toBe(10);
    } finally {
      await attacker.close();
    }
  });

  it('sends X-Frame-Options DENY, and HSTS only behind HTTPS', async () => {
    const res = await call(t, 'GET', '/api/health');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const https = await createTestApp({ cookieSecure: true });
    try {
      const secure = await call(https, 'GET', '/api/health');
      expect(secure.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await https.close();
    }
  });

  it('puts weakening settings behind a second administrator, with a bound on the threshold', async () => {
    const checkerId = await createOperator(t, 'checker', 'Checker12345', ['admin']);
    const checker = await signIn(t, 'checker', 'Checker12345');
    const checkerSecret = await bindAuthenticator(t, checker, checkerId);
    const edit = async (key: string, value: unknown) => {
      const res = await call<{ value: unknown; pendingChangeId?: number }>(
        t,
        'POST',
        '/api/sys/sysBackConfig/edit',
        {
          session: admin,
          code: await totpCode(t, adminSecret),
          body: { key, value },
        },
      );
      t.ctx.clock.advance(30_000);
      return res;
    };
    const approve = async (session: Session, secret: string, id: number) => {
      const res = await call(t, 'POST', '/api/sys/pendingChange/approve', {
        session,
        code: await totpCode(t, secret),
        body: { id },
      });
      t.ctx.clock.advance(30_000);
      return res;
    };
    // More than ten-fold at once is refused outright.
    const tooMuch = await edit('adjustApprovalThreshold', '500001');
    expect(tooMuch.statusCode).toBe(400);
    // A raise waits: the threshold stays until a second administrator approves.
    const raise = await edit('adjustApprovalThreshold', '100000');
    expect(raise.envelope.code, raise.body).toBe(0);
    expect(raise.envelope.data.value).toBe('50000');
    const id = raise.envelope.data.pendingChangeId!;
    expect((await approve(admin, adminSecret, id)).statusCode).toBe(400);
    expect((await approve(checker, checkerSecret, id)).envelope.code).toBe(0);
    expect(String(await getSetting(t.ctx, 'adjustApprovalThreshold'))).toBe('100000');
    // Lowering it again is a strengthening: at once.
    expect((await edit('adjustApprovalThreshold', '50000')).envelope.data.pendingChangeId).toBeUndefined();
    expect(String(await getSetting(t.ctx, 'adjustApprovalThreshold'))).toBe('50000');
    // A rejected raise leaves the threshold, and a decided change is decided once.
    const again = (await edit('adjustApprovalThreshold', '70000')).envelope.data.pendingChangeId!;
    const noReason = await call(t, 'POST', '/api/sys/pendingChange/reject', {
      session: checker,
      code: await totpCode(t, checkerSecret),
      body: { id: again },
    });
    t.ctx.clock.advance(30_000);
    expect(noReason.statusCode).toBe(400);
    const rejected = await call<{ to: string }>(t, 'POST', '/api/sys/pendingChange/reject', {
      session: checker,
      code: await totpCode(t, checkerSecret),
      body: { id: again, reason: 'no written approval' },
    });
    t.ctx.clock.advance(30_000);
    expect(rejected.envelope.data.to, rejected.body).toBe('rejected');
    expect((await approve(checker, checkerSecret, again)).statusCode).toBe(409);
    expect(String(await getSetting(t.ctx, 'adjustApprovalThreshold'))).toBe('50000');

    // Clearing the code of a money action waits too.
    const [adj] = await t.ctx.db
      .select()
      .from(resources)
      .where(eq(resources.permission, 'mch.mchList.adjust'));
    const cleared = await call(t, 'POST', '/api/sys/resource/edit', {
      session: admin,
      code: await totpCode(t, adminSecret),
      body: { id: adj!.id, needsCode: false },
    });
    t.ctx.clock.advance(30_000);
    expect(cleared.envelope.code, cleared.body).toBe(0);
    const [still] = await t.ctx.db.select().from(resources).where(eq(resources.id, adj!.id));
    expect(still!.needsCode).toBe(true);
    expect(cleared.envelope.data).toMatchObject({ needsCode: true, pendingChangeId: expect.any(Number) });
    const pending = await call<{ list: { id: number; key: string; status: string }[] }>(
      t,
      'POST',
      '/api/sys/pendingChange/findByPage',
      { session: checker, body: { page: 1, pageSize: 20, filters: { status: 'pending' } } },
    );
    const mine = pending.envelope.data.list.find((c) => c.key === 'mch.mchList.adjust')!;
    expect((await approve(checker, checkerSecret, mine.id)).envelope.code).toBe(0);
    const [now] = await t.ctx.db.select().from(resources).where(eq(resources.id, adj!.id));
    expect(now!.needsCode).toBe(false);
    await t.ctx.db.update(resources).set({ needsCode: true }).where(eq(resources.id, adj!.id));
  });

  it('keeps operators unchanged by a refused code-guarded call', async () => {
    const [before] = await t.ctx.db.select().from(operators).where(eq(operators.id, 1));
    const res = await call(t, 'POST', '/api/sys/user/resetGoogle', {
      session: admin,
      body: { id: 2_147_483_648 },
    });
    expect(res.statusCode).toBe(400);
    const [after] = await t.ctx.db.select().from(operators).where(eq(operators.id, 1));
    expect(after!.totpLastStep).toBe(before!.totpLastStep);
  });
  // Last: it uses up this address's public keys for the minute.
  it('rate-limits the public key per address and keeps the nonce table bounded', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 32; i++) codes.push((await call(t, 'GET', '/api/auth/publicKey')).statusCode);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);
    t.ctx.clock.advance(6 * 60_000);
    expect(await deleteExpiredNonces(t.ctx)).toBeGreaterThan(0);
    expect(await t.ctx.db.$count(authNonces)).toBe(0);
  });
});
