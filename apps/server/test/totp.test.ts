/** security.md, "Authenticator codes (TOTP)": each promise with its test. */
import { ErrorCode } from '@payops/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operators } from '../src/modules/sys/schema.ts';
import {
  bindAuthenticator,
  call,
  createOperator,
  createTestApp,
  encrypt,
  intoNextStep,
  signIn,
  signInRaw,
  type TestApp,
  totpCode,
} from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A fresh operator with the admin role and a bound authenticator. */
async function boundOperator(name: string) {
  const password = `${name}Pass123`;
  const id = await createOperator(t, name, password, ['admin']);
  const session = await signIn(t, name, password);
  const secret = await bindAuthenticator(t, session, id);
  return { id, password, secret, session };
}

// GET /api/sys/user/googleAuthAdmin needs a code by default: a code-required route.
const codeRoute = '/api/sys/user/googleAuthAdmin';

describe('authenticator codes', () => {
  it('binds with a valid code, reports it bound, and never shows the secret again', async () => {
    const { session } = await boundOperator('binder');
    const me = await call<{ googleAuthStatusData: number }>(t, 'GET', '/api/current', { session });
    expect(me.envelope.data.googleAuthStatusData).toBe(1);
    const again = await call(t, 'GET', '/api/getGoogleQR', { session });
    expect(again.envelope.code).toBe(ErrorCode.conflict);
  });

  it('asks for the code at sign-in once bound', async () => {
    const { password, secret } = await boundOperator('signer');
    expect((await signInRaw(t, 'signer', password)).envelope.code).toBe(ErrorCode.needCode);
    t.ctx.clock.advance(30_000);
    const ok = await signInRaw(t, 'signer', password, await totpCode(t, secret));
    expect(ok.envelope.code).toBe(0);
  });

  it('answers 17017 on a code-required route without googleCode, and passes with one', async () => {
    const { session, secret } = await boundOperator('coder');
    expect((await call(t, 'GET', codeRoute, { session })).envelope.code).toBe(ErrorCode.needCode);
    const res = await call(t, 'GET', codeRoute, { session, code: await totpCode(t, secret) });
    expect(res.envelope.code).toBe(0);
  });

  it('accepts the previous step but refuses a code 60 s old', async () => {
    const { session, secret } = await boundOperator('stepper');
    // Binding spent the step before this one; move on so the previous step is an unused one, early in
    // the step so that the server reads the same step as the code was made in.
    intoNextStep(t);
    const previous = await totpCode(t, secret, -30);
    expect((await call(t, 'GET', codeRoute, { session, code: previous })).envelope.code).toBe(0);
    t.ctx.clock.advance(30_000);
    const old = await totpCode(t, secret, -60);
    expect((await call(t, 'GET', codeRoute, { session, code: old })).envelope.code).toBe(ErrorCode.needCode);
  });

  it('lets a code work once: two parallel requests, exactly one passes', async () => {
    const { session, secret } = await boundOperator('racer');
    const code = await totpCode(t, secret);
    const answers = await Promise.all([1, 2, 3].map(() => call(t, 'GET', codeRoute, { session, code })));
    expect(answers.filter((a) => a.envelope.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.envelope.code === ErrorCode.needCode)).toHaveLength(2);
  });

  it('locks code entry for 15 minutes after 5 wrong codes', async () => {
    const { session, secret } = await boundOperator('guesser');
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push((await call(t, 'GET', codeRoute, { session, code: '000000' })).envelope.code);
    expect(answers.slice(0, 4).every((c) => c === ErrorCode.needCode)).toBe(true);
    expect(answers[4]).toBe(ErrorCode.codeLocked);
    t.ctx.clock.advance(30_000);
    const right = await totpCode(t, secret);
    expect((await call(t, 'GET', codeRoute, { session, code: right })).envelope.code).toBe(
      ErrorCode.codeLocked,
    );
    t.ctx.clock.advance(14.5 * 60_000);
    // 15 minutes after the fifth wrong code the lock has lifted; the session was idle 14.5 minutes.
    expect(
      (await call(t, 'GET', codeRoute, { session, code: await totpCode(t, secret) })).envelope.code,
    ).toBe(0);
  });

  it('keeps secrets encrypted at rest: no base32 secret in the database', async () => {
    const { id, secret } = await boundOperator('sealed');
    const [row] = await t.ctx.db.select().from(operators).where(eq(operators.id, id));
    expect(row!.totpSecretEnc).toMatch(/^v1\./);
    const dump = await t.ctx.pool.query(`SELECT row_to_json(o)::text AS j FROM operators o`);
    const all = dump.rows.map((r) => r.j).join('\n');
    expect(all).not.toContain(secret);
    expect(all).not.toMatch(/"[A-Z2-7]{32}"/);
  });

  it('decides code requirements on the server from the resource table', async () => {
    const { session, secret } = await boundOperator('flagger');
    // The password change needs a code by default: without one the server refuses, whatever the client thinks.
    const [a, b] = await encrypt(t, 'flaggerPass123', 'Zq9vRotated77');
    const res = await call(t, 'POST', '/api/sys/user/updatePassword', {
      session,
      body: { originalPassWord: a, passWord: b },
    });
    expect(res.envelope.code).toBe(ErrorCode.needCode);
    await t.ctx.pool.query(
      `UPDATE resources SET needs_code = false WHERE permission = 'sys.user.updatePassword'`,
    );
    const [c, d] = await encrypt(t, 'flaggerPass123', 'Zq9vRotated77');
    const done = await call(t, 'POST', '/api/sys/user/updatePassword', {
      session,
      body: { originalPassWord: c, passWord: d },
    });
    await t.ctx.pool.query(
      `UPDATE resources SET needs_code = true WHERE permission = 'sys.user.updatePassword'`,
    );
    expect(done.envelope.code).toBe(0);
    expect(secret).toBeTruthy();
  });
});
