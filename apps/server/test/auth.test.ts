/** security.md, "Sign-in and session": each promise with its test. */
import { ErrorCode } from '@payops/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginLog, operators, sessions } from '../src/modules/sys/schema.ts';
import {
  call,
  createOperator,
  createTestApp,
  encrypt,
  signIn,
  signInAdmin,
  signInRaw,
  type TestApp,
} from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sign-in', () => {
  it('stores passwords as argon2id hashes', async () => {
    const [admin] = await t.ctx.db.select().from(operators).where(eq(operators.id, 1));
    expect(admin!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('hands out a 3072-bit RSA key and signs in with an encrypted password', async () => {
    const key = await call<{ publicKey: string; nonce: string }>(t, 'GET', '/api/auth/publicKey');
    const { createPublicKey } = await import('node:crypto');
    const details = createPublicKey(key.envelope.data.publicKey).asymmetricKeyDetails;
    expect(details?.modulusLength).toBeGreaterThanOrEqual(3072);
    const session = await signInAdmin(t);
    expect(session.token.length).toBeGreaterThanOrEqual(22);
    const me = await call<{ userId: number; userName: string; googleAuthStatusData: number }>(
      t,
      'GET',
      '/api/current',
      { session },
    );
    expect(me.envelope.data).toEqual({
      userId: 1,
      userName: 'admin',
      googleAuthStatusData: 0,
      mustChangePassword: false,
    });
  });

  it('refuses a replayed ciphertext', async () => {
    const [enc] = await encrypt(t, t.adminPassword);
    const first = await call(t, 'POST', '/api/auth', { body: { username: 'admin', password: enc } });
    expect(first.envelope.code).toBe(0);
    const replay = await call(t, 'POST', '/api/auth', { body: { username: 'admin', password: enc } });
    expect(replay.envelope.code).toBe(ErrorCode.nonceInvalid);
    // The replay is a sign-in attempt on the log, as the one it copied was.
    const [last] = await t.ctx.db.select().from(loginLog).orderBy(desc(loginLog.id)).limit(1);
    expect(last).toMatchObject({ username: 'admin', result: 'failure', reason: 'bad_ciphertext' });
  });

  it('gives unknown and known usernames the same answer', async () => {
    const unknown = await signInRaw(t, 'nobody-here', 'Whatever123');
    const known = await signInRaw(t, 'admin', 'Whatever123');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.envelope).toEqual(known.envelope);
    expect(known.envelope.code).toBe(ErrorCode.badCredentials);
  });

  it('locks the account for 30 minutes after 10 failures, even for the right password', async () => {
    await createOperator(t, 'locky', 'Locky12345', ['editor']);
    for (let i = 0; i < 10; i++)
      expect((await signInRaw(t, 'locky', 'wrong-pass1')).envelope.code).toBe(ErrorCode.badCredentials);
    expect((await signInRaw(t, 'locky', 'Locky12345')).envelope.code).toBe(ErrorCode.badCredentials);
    t.ctx.clock.advance(30 * 60_000 + 1000);
    expect((await signInRaw(t, 'locky', 'Locky12345')).envelope.code).toBe(0);
  });

  it('writes every attempt to the login log with IP, result and factor, and never the password', async () => {
    await signInRaw(t, 'admin', 'NotThePassword9');
    const rows = await t.ctx.db.select().from(loginLog).where(eq(loginLog.username, 'admin'));
    expect(rows.some((r) => r.result === 'failure' && r.reason === 'bad_password')).toBe(true);
    expect(rows.some((r) => r.result === 'success' && r.factor === 'password')).toBe(true);
    expect(rows.every((r) => r.ip === '127.0.0.1')).toBe(true);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain('NotThePassword9');
    expect(dump).not.toContain(t.adminPassword);
  });
});

describe('session', () => {
  it('stores tokens hashed, never in clear', async () => {
    const session = await signInAdmin(t);
    const rows = await t.ctx.db.select().from(sessions);
    expect(JSON.stringify(rows)).not.toContain(session.token);
    expect(JSON.stringify(rows)).not.toContain(session.cookie);
  });

  it('sets an HttpOnly SameSite=Strict cookie and refuses the token without it', async () => {
    const res = await signInRaw(t, 'admin', t.adminPassword);
    const cookie = res.cookies.find((c) => c.name === 'payops_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Strict');
    const token = res.envelope.data.token;
    const noCookie = await call(t, 'GET', '/api/current', { headers: { access_token: token } });
    expect(noCookie.envelope.code).toBe(ErrorCode.sessionBinding);
  });

  it('ends a session after 15 minutes idle', async () => {
    const session = await signInAdmin(t);
    t.ctx.clock.advance(14 * 60_000);
    expect((await call(t, 'GET', '/api/current', { session })).envelope.code).toBe(0);
    t.ctx.clock.advance(15 * 60_000 + 1000);
    expect((await call(t, 'GET', '/api/current', { session })).envelope.code).toBe(ErrorCode.sessionExpired);
  });

  it('ends a session after 12 hours however active', async () => {
    const session = await signInAdmin(t);
    for (let i = 0; i < 12 * 6; i++) {
      t.ctx.clock.advance(10 * 60_000);
      const code = (await call(t, 'GET', '/api/current', { session })).envelope.code;
      if (code !== 0) {
        expect(code).toBe(ErrorCode.sessionExpired);
        expect(i).toBe(12 * 6 - 1);
        return;
      }
    }
    throw new Error('session outlived 12 hours');
  });

  it('ends the session at logout', async () => {
    const session = await signInAdmin(t);
    expect((await call(t, 'POST', '/api/logout', { session })).envelope.code).toBe(0);
    expect((await call(t, 'GET', '/api/current', { session })).envelope.code).toBe(ErrorCode.sessionEnded);
  });

  it('ends every session of an operator who is disabled', async () => {
    const id = await createOperator(t, 'soon-off', 'SoonOff123', ['editor']);
    const session = await signIn(t, 'soon-off', 'SoonOff123');
    await t.ctx.db.update(operators).set({ status: 'disabled' }).where(eq(operators.id, id));
    expect((await call(t, 'GET', '/api/current', { session })).envelope.code).toBe(ErrorCode.sessionEnded);
  });

  it('never accepts a token in the URL', async () => {
    const session = await signInAdmin(t);
    const res = await call(t, 'GET', `/api/current?access_token=${session.token}`, {
      headers: { cookie: `payops_session=${session.cookie}` },
    });
    expect(res.envelope.code).toBe(ErrorCode.notSignedIn);
  });

  it('has no known credential on a fresh install: the admin password is random and kept mode 600', async () => {
    const fs = await import('node:fs');
    const file = `${t.ctx.config.dataDir}/initial-admin-password`;
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(t.adminPassword);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(t.adminPassword).toMatch(/^(?=.*\d)(?=.*[A-Za-z])[A-Za-z\d]{16}$/);
    const other = await createTestApp();
    expect(other.adminPassword).not.toBe(t.adminPassword);
    await other.close();
  });
});
