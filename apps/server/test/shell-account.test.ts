/**
 * The shell's server parts: the first-sign-in password change of operators created (or reset) by an
 * administrator, the password policy and the pending secret for the bind dialog, and the bell's
 * notification centre (approvals waiting for this operator, unread messages).
 */
import { ErrorCode } from '@payops/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantAdjustments, merchants } from '../src/modules/mch/schema.ts';
import { sysMessages } from '../src/modules/sys/message.schema.ts';
import {
  bindAuthenticator,
  call,
  createOperator,
  createTestApp,
  encrypt,
  type Session,
  signIn,
  signInAdmin,
  type TestApp,
  totpCode,
} from './harness.ts';

let t: TestApp;
let admin: Session;
let secret: string;
async function code(): Promise<string> {
  t.ctx.clock.advance(30_000);
  return totpCode(t, secret);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  secret = await bindAuthenticator(t, admin, 1);
});
afterAll(() => t.close());

describe('first sign-in password change', () => {
  it('an operator created by an administrator reaches nothing but the password change until done', async () => {
    const [password] = await encrypt(t, 'First2024pass');
    const add = await call<{ id: number }>(t, 'POST', '/api/sys/user/add', {
      session: admin,
      body: { username: 'fresh', password },
      code: await code(),
    });
    expect(add.envelope.code).toBe(0);
    // No role at all: the change of one's own password needs none.
    const fresh = await signIn(t, 'fresh', 'First2024pass');
    const me = await call<{ mustChangePassword: boolean }>(t, 'GET', '/api/current', { session: fresh });
    expect(me.envelope.data.mustChangePassword).toBe(true);
    const blocked = await call(t, 'GET', '/api/dashboard/overview', { session: fresh });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.envelope.code).toBe(ErrorCode.passwordChangeRequired);
    expect(blocked.envelope.msg).toBe('首次登录请先修改密码');
    expect((await call(t, 'GET', '/api/passwordPolicy', { session: fresh })).envelope.data).toEqual({
      minLength: 8,
      maxLength: 16,
    });

    // The change itself goes through (no code: this operator has no authenticator bound yet, though the
    // action asks one of those who have), then ends the session; the next one is free.
    const [originalPassWord, passWord] = await encrypt(t, 'First2024pass', 'Chosen2024mine');
    const change = await call(t, 'POST', '/api/sys/user/updatePassword', {
      session: fresh,
      body: { originalPassWord, passWord },
    });
    expect(change.envelope.code).toBe(0);
    const again = await signIn(t, 'fresh', 'Chosen2024mine');
    expect((await call(t, 'GET', '/api/dashboard/overview', { session: again })).envelope.code).toBe(0);

    // An administrator's reset sets it again.
    const [reset] = await encrypt(t, 'Reset2024pass');
    const res = await call(t, 'POST', '/api/sys/user/resetPassword', {
      session: admin,
      body: { id: add.envelope.data.id, password: reset },
      code: await code(),
    });
    expect(res.envelope.code).toBe(0);
    const afterReset = await signIn(t, 'fresh', 'Reset2024pass');
    expect((await call(t, 'GET', '/api/dashboard/overview', { session: afterReset })).envelope.code).toBe(
      ErrorCode.passwordChangeRequired,
    );
  });

  it('holds for list pages, whose statement carries the session check', async () => {
    const id = await createOperator(t, 'lister', 'Lister2024ok', ['admin']);
    const [reset] = await encrypt(t, 'Reset2024list');
    const res = await call(t, 'POST', '/api/sys/user/resetPassword', {
      session: admin,
      body: { id, password: reset },
      code: await code(),
    });
    expect(res.envelope.code).toBe(0);
    const lister = await signIn(t, 'lister', 'Reset2024list');
    const page = await call<{ list: unknown[] }>(t, 'POST', '/api/member/memberList/findByPage', {
      session: lister,
      body: { page: 1, pageSize: 20 },
    });
    expect(page.envelope.code).toBe(ErrorCode.passwordChangeRequired);
    expect(page.envelope.data).toBeFalsy();
  });
});

describe('own password change', () => {
  it('asks an operator with an authenticator for a code, as the resources table says', async () => {
    const [originalPassWord, passWord] = await encrypt(t, 'wrong-anyway', 'Another2024pw');
    const res = await call(t, 'POST', '/api/sys/user/updatePassword', {
      session: admin,
      body: { originalPassWord, passWord },
    });
    expect(res.envelope.code).toBe(ErrorCode.needCode);
  });
});

describe('bind dialog secret', () => {
  it('is answered only while a secret is pending, never once bound', async () => {
    await createOperator(t, 'binder', 'Binder2024x', ['editor']);
    const s = await signIn(t, 'binder', 'Binder2024x');
    expect((await call(t, 'GET', '/api/getGoogleSecret', { session: s })).envelope.code).toBe(
      ErrorCode.conflict,
    );
    await call(t, 'GET', '/api/getGoogleQR', { session: s });
    const pending = await call<{ secret: string }>(t, 'GET', '/api/getGoogleSecret', { session: s });
    expect(pending.envelope.data.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(
      (
        await call(t, 'POST', '/api/bindGoogle', {
          session: s,
          body: { googleCode: await totpCode(t, pending.envelope.data.secret) },
        })
      ).envelope.code,
    ).toBe(0);
    expect((await call(t, 'GET', '/api/getGoogleSecret', { session: s })).envelope.code).toBe(
      ErrorCode.conflict,
    );
    expect((await call(t, 'GET', '/api/getGoogleSecret', { session: admin })).envelope.code).toBe(
      ErrorCode.conflict,
    );
  });
});

describe('notification centre', () => {
  interface Answer {
    total: number;
    groups: { kind: string; count: number; link: string; items: { id: number; text: string }[] }[];
  }
  const bell = (s: Session, lang = 'zh-CN') =>
    call<Answer>(t, 'GET', '/api/dashboard/notifications', {
      session: s,
      headers: { 'accept-language': lang },
    });

  it('counts approvals waiting for this operator (not their own) and unread messages', async () => {
    const [m] = await t.ctx.db
      .insert(merchants)
      .values({ mchNo: 'M-BELL', name: 'Bell', secretEnc: 'x', secretHint: 'x' })
      .returning({ id: merchants.id });
    const editorId = await createOperator(t, 'maker', 'Maker2024x', ['editor']);
    const pending = { merchantId: m!.id, mchNo: 'M-BELL', reason: 'r', status: 'pending' as const };
    await t.ctx.db.insert(merchantAdjustments).values([
      { ...pending, type: 'debit', amount: '120.50', makerId: editorId, makerName: 'maker' },
      { ...pending, type: 'credit', amount: '7.00', makerId: editorId, makerName: 'maker' },
      // The admin's own request waits for someone else.
      { ...pending, type: 'credit', amount: '9.00', makerId: 1, makerName: 'admin' },
      {
        ...pending,
        status: 'executed',
        type: 'credit',
        amount: '1.00',
        makerId: editorId,
        makerName: 'maker',
      },
    ]);
    await t.ctx.db.insert(sysMessages).values([
      { title: 'Maintenance tonight', content: 'x', status: 'published', publishedAt: t.ctx.clock.now() },
      { title: 'Draft only', content: 'x', status: 'draft' },
    ]);

    const zh = await bell(admin);
    expect(zh.envelope.code).toBe(0);
    const approvals = zh.envelope.data.groups.find((g) => g.kind === 'approvals')!;
    expect(approvals.count).toBe(2);
    expect(approvals.link).toBe('/mch/mchList?tab=approvals');
    expect(approvals.items.map((i) => i.text)).toEqual([
      'M-BELL · 加款 7 · maker',
      'M-BELL · 扣款 120.5 · maker',
    ]);
    const messages = zh.envelope.data.groups.find((g) => g.kind === 'messages')!;
    expect(messages.count).toBe(1);
    expect(messages.items[0]!.text).toBe('Maintenance tonight');
    expect(zh.envelope.data.total).toBe(3);
    const en = await bell(admin, 'en-US');
    expect(en.envelope.data.groups[0]!.items[1]!.text).toBe('M-BELL · Debit 120.5 · maker');

    // Without the approve permission there is no approvals group at all.
    const maker = await signIn(t, 'maker', 'Maker2024x');
    const theirs = await bell(maker);
    expect(theirs.envelope.data.groups.map((g) => g.kind)).toEqual(['messages']);
    expect(theirs.envelope.data.total).toBe(1);
  });
});
