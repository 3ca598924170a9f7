/**
 * Cashier (counter) payments (issue 16): a payment confirmed by the code the sandbox SMS outbox
 * received, wrong codes counted across calls and the 6th try refused even with the right code,
 * expired and replayed codes refused with one effect, the hourly send limit, and the staff-only rule:
 * an administrator not named in cashierStaff gets 403 on every cashier route.
 */
import { randomUUID } from 'node:crypto';
import { systemText } from '@payops/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCashierDay } from '../src/demo/cashier-day.ts';
import { counterSmsCodes } from '../src/modules/cashier/cashier.schema.ts';
import { expireCounterPayments } from '../src/modules/cashier/expiry.ts';
import { SANDBOX_SMS_PATH } from '../src/modules/cashier/routes.ts';
import { sandboxCodeFor } from '../src/modules/cashier/sms.ts';
import { operationLog } from '../src/modules/sys/schema.ts';
import { registerWalletMember } from '../src/modules/wallet/wallet-app.service.ts';
import { verifyChain } from '../src/platform/audit.ts';
import { findAccount, ledgerIsSound, verifyLedger } from '../src/platform/ledger/index.ts';
import { setSetting } from '../src/platform/settings.ts';
import {
  call,
  createOperator,
  createTestApp,
  type Session,
  signIn,
  signInAdmin,
  type TestApp,
} from './harness.ts';

type Row = Record<string, unknown>;
const API = '/api/wallet/counterPaymentPage';
const PHONE = '13900139001';
let t: TestApp;
let cashier: Session;
let memberId: number;

beforeAll(async () => {
  t = await createTestApp({ cashierStaff: ['admin'] });
  cashier = await signInAdmin(t);
  const m = await t.ctx.db.transaction((tx) =>
    registerWalletMember(t.ctx, tx, { account: 'W-CASHIER-1', phone: PHONE }),
  );
  memberId = m.id;
  // The tests share one member: room for their codes (the limit has a test of its own).
  await setSetting(t.ctx, 'counterSmsPerHour', 60, null);
});

/** Moves the clock; the session idles out past 15 minutes, so the cashier signs in again. */
async function advance(ms: number) {
  t.ctx.clock.advance(ms);
  cashier = await signInAdmin(t);
}

afterAll(async () => {
  // Every test moved money or refused to: the books balance and the operation log's chain holds.
  const report = await verifyLedger(t.ctx.db);
  expect(ledgerIsSound(report), JSON.stringify(report)).toBe(true);
  expect((await verifyChain(t.ctx.db, 'operation_log')).brokenAt).toBeUndefined();
  await t.close();
});

const en = { 'accept-language': 'en-US' };

async function create(amount = '100.50', session = cashier) {
  const res = await call<{ id: number; paymentNo: string }>(t, 'POST', `${API}/add`, {
    session,
    body: { walletMemberId: memberId, amount, remark: 'counter cash' },
  });
  expect(res.envelope.code, res.body).toBe(0);
  return res.envelope.data;
}

const sendCode = (id: number) =>
  call(t, 'POST', `${API}/sendCode`, { session: cashier, body: { id }, headers: en });

const confirm = (id: number, code: string, key = randomUUID()) =>
  call<{ to: string; effect: { entryId: number } }>(t, 'POST', `${API}/confirm`, {
    session: cashier,
    body: { id, code },
    headers: { ...en, 'idempotency-key': key },
  });

async function codeOf(paymentNo: string): Promise<string> {
  const code = await sandboxCodeFor(t.ctx.db, PHONE, paymentNo);
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function balance(): Promise<string> {
  return (await findAccount(t.ctx.db, { ownerType: 'wallet_member', ownerId: memberId }))?.available ?? '0';
}

async function payment(id: number): Promise<Row> {
  const res = await call<Row>(t, 'GET', `${API}/getById?id=${id}`, { session: cashier });
  return res.envelope.data;
}

async function latestSms(paymentId: number) {
  const rows = await t.ctx.db
    .select()
    .from(counterSmsCodes)
    .where(eq(counterSmsCodes.paymentId, paymentId))
    .orderBy(counterSmsCodes.id);
  return rows.at(-1)!;
}

const fieldMessage = (res: { envelope: { data: unknown } }) =>
  (res.envelope.data as { fields: { field: string; message: string }[] }).fields[0];

describe('a counter payment confirmed by SMS code', () => {
  it('credits the member once with the code from the sandbox outbox; a replay moves nothing', async () => {
    const p = await create('100.50');
    expect((await sendCode(p.id)).envelope.code).toBe(0);
    const code = await codeOf(p.paymentNo);
    // The code is stored only as a keyed hash, and neither the history nor the audit rows hold it.
    const sms = await latestSms(p.id);
    expect(sms.codeHash).not.toContain(code);
    const before = await balance();
    const key = randomUUID();
    const ok = await confirm(p.id, code, key);
    expect(ok.envelope.code, ok.body).toBe(0);
    expect(ok.envelope.data.to).toBe('confirmed');
    expect(Number(await balance()) - Number(before)).toBeCloseTo(100.5, 8);
    const row = await payment(p.id);
    expect(row).toMatchObject({ status: 'confirmed', entryId: ok.envelope.data.effect.entryId });
    expect(await latestSms(p.id)).toMatchObject({ state: 'used', tries: 1 });

    // The same request again (a retry): the stored answer, no second credit.
    const retry = await confirm(p.id, code, key);
    expect(retry.envelope).toEqual(ok.envelope);
    // The code replayed in a new request: a clear refusal naming the code, still one credit.
    const replay = await confirm(p.id, code);
    expect(replay.statusCode).toBe(400);
    expect(fieldMessage(replay)).toEqual({
      field: 'code',
      message: 'this code was already used and cannot be used again',
    });
    expect(Number(await balance()) - Number(before)).toBeCloseTo(100.5, 8);

    const logged = await t.ctx.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.objectType, 'counterPaymentPage'), eq(operationLog.objectId, String(p.id))));
    const text = JSON.stringify(logged);
    // The code as a value of its own: six digits can also occur by chance inside a hash's hex.
    expect(text).not.toMatch(new RegExp(`(?<![0-9a-f])${code}(?![0-9a-f])`));
    expect(logged.map((r) => `${r.action}:${r.result}`)).toEqual(
      expect.arrayContaining([
        'wallet.counterPaymentPage.add:success',
        'wallet.counterPaymentPage.sendCode:success',
        'wallet.counterPaymentPage.confirm:success',
        'wallet.counterPaymentPage.confirm:failure',
      ]),
    );
    // The cashier log page shows them, and only counter payments' rows.
    const log = await call<{ list: Row[] }>(t, 'POST', '/api/wallet/counterPaymenLogtPage/findByPage', {
      session: cashier,
      body: { page: 1, pageSize: 50, filters: { objectId: String(p.id) } },
    });
    expect(log.envelope.data.list.length).toBe(logged.length);
    expect(
      log.envelope.data.list.every((r) => String(r.action).startsWith('wallet.counterPaymentPage.')),
    ).toBe(true);
  });

  it('counts wrong codes across calls and refuses the 6th try even with the right code', async () => {
    const p = await create('20');
    await sendCode(p.id);
    const code = await codeOf(p.paymentNo);
    const before = await balance();
    for (let i = 1; i <= 5; i++) {
      const res = await confirm(p.id, wrongOf(code));
      expect(res.statusCode).toBe(400);
      expect(fieldMessage(res)?.message).toBe(
        i < 5 ? `wrong code; ${5 - i} tries left` : 'wrong code; no tries left: send a new code',
      );
      expect((await latestSms(p.id)).tries).toBe(i);
    }
    expect((await latestSms(p.id)).state).toBe('locked');
    const sixth = await confirm(p.id, code);
    expect(sixth.statusCode).toBe(400);
    expect(fieldMessage(sixth)?.message).toMatch(/too many wrong tries/);
    expect(await payment(p.id)).toMatchObject({ status: 'code_sent', entryId: null });
    expect(await balance()).toBe(before);
    // A new code works again.
    await sendCode(p.id);
    expect((await confirm(p.id, await codeOf(p.paymentNo))).envelope.code).toBe(0);
  });

  it('parallel guesses cannot pass the limit: the tries are counted under the row lock', async () => {
    const p = await create('3');
    await sendCode(p.id);
    const code = await codeOf(p.paymentNo);
    const answers = await Promise.all(Array.from({ length: 8 }, () => confirm(p.id, wrongOf(code))));
    expect(answers.every((a) => a.statusCode === 400)).toBe(true);
    expect(await latestSms(p.id)).toMatchObject({ state: 'locked', tries: 5 });
  });

  it('refuses an expired code with a clear message and moves nothing; a fresh code works', async () => {
    const p = await create('7.25');
    await sendCode(p.id);
    const code = await codeOf(p.paymentNo);
    const before = await balance();
    await advance(5 * 60_000 + 1000);
    const late = await confirm(p.id, code);
    expect(late.statusCode).toBe(400);
    expect(fieldMessage(late)).toEqual({ field: 'code', message: 'the code has expired; send a new code' });
    expect(await balance()).toBe(before);
    expect((await latestSms(p.id)).state).toBe('expired');
    await sendCode(p.id);
    const fresh = await codeOf(p.paymentNo);
    // The first code stays dead even after a new one was sent.
    if (fresh !== code) expect((await confirm(p.id, code)).statusCode).toBe(400);
    expect((await confirm(p.id, fresh)).envelope.code).toBe(0);
  });

  it('two parallel confirmations with the right code credit once', async () => {
    const p = await create('11');
    await sendCode(p.id);
    const code = await codeOf(p.paymentNo);
    const before = await balance();
    const answers = await Promise.all([confirm(p.id, code), confirm(p.id, code), confirm(p.id, code)]);
    expect(answers.filter((a) => a.envelope.code === 0)).toHaveLength(1);
    expect(Number(await balance()) - Number(before)).toBeCloseTo(11, 8);
  });

  it('limits the codes sent to a member per hour (setting counterSmsPerHour)', async () => {
    await setSetting(t.ctx, 'counterSmsPerHour', 2, null);
    const p = await create('5');
    // Codes sent in the last hour, this member's included, count.
    const recent = await t.ctx.db
      .select()
      .from(counterSmsCodes)
      .where(eq(counterSmsCodes.walletMemberId, memberId));
    if (recent.length) await advance(3_600_000);
    expect((await sendCode(p.id)).envelope.code).toBe(0);
    expect((await sendCode(p.id)).envelope.code).toBe(0);
    const third = await sendCode(p.id);
    expect(third.statusCode).toBe(429);
    expect(fieldMessage(third)?.message).toMatch(
      /^this member was sent 2 codes in the last hour; try again after \d\d:\d\d$/,
    );
    expect((await payment(p.id)).codesSent).toBe(2);
    await advance(3_600_000);
    expect((await sendCode(p.id)).envelope.code).toBe(0);
    await setSetting(t.ctx, 'counterSmsPerHour', 60, null);
  });

  it('refuses bad input with a 400 naming the field, and a confirmation without its key', async () => {
    const p = await create('1');
    await sendCode(p.id);
    const letters = await confirm(p.id, '12a456');
    expect(letters.statusCode).toBe(400);
    expect(fieldMessage(letters)).toEqual({ field: 'code', message: 'must be 6 digits' });
    const noKey = await call(t, 'POST', `${API}/confirm`, {
      session: cashier,
      body: { id: p.id, code: '123456' },
    });
    expect(noKey.statusCode).toBe(400);
    const tooPrecise = await call(t, 'POST', `${API}/add`, {
      session: cashier,
      body: { walletMemberId: memberId, amount: '1.005' },
    });
    expect(tooPrecise.statusCode).toBe(400);
    expect((await latestSms(p.id)).tries).toBe(0);
  });

  it('cancelling retires the code; an unconfirmed payment expires after 30 minutes', async () => {
    const a = await create('2');
    await sendCode(a.id);
    const code = await codeOf(a.paymentNo);
    const cancel = await call(t, 'POST', `${API}/cancel`, {
      session: cashier,
      body: { id: a.id, reason: 'member left' },
    });
    expect(cancel.envelope.code, cancel.body).toBe(0);
    expect((await latestSms(a.id)).state).toBe('expired');
    expect((await confirm(a.id, code)).statusCode).toBe(409);
    const b = await create('2');
    await advance(31 * 60_000);
    await expireCounterPayments(t.ctx);
    expect(await payment(b.id)).toMatchObject({ status: 'expired', closeReason: systemText('timeout') });
  });
});

describe('the demo', () => {
  it("the demo's cashier desk fills the three cashier pages through the payments' own paths", async () => {
    const report = await runCashierDay(t.ctx, { operatorId: 1, username: 'admin', locale: 'zh-CN' });
    expect(report).toEqual({ confirmed: 3, cancelled: 1, waiting: 1 });
    for (const page of ['counterPaymentPage', 'counterPaymentSmsPage', 'counterPaymenLogtPage']) {
      const res = await call<{ list: Row[] }>(t, 'POST', `/api/wallet/${page}/findByPage`, {
        session: cashier,
        body: { page: 1, pageSize: 10 },
      });
      expect(res.envelope.data.list.length, page).toBeGreaterThan(0);
    }
  });
});

describe('only named cashier staff reach the cashier pages', () => {
  it('an administrator with every permission who is not in cashierStaff gets 403 on every cashier route', async () => {
    await createOperator(t, 'boss', 'Boss12345678', ['admin']);
    const boss = await signIn(t, 'boss', 'Boss12345678');
    const cashierRoutes = t.routes.filter((r) => r.staffOnly);
    // Payments (list, add, export, options, getById, audit, 3 transitions), codes, log, sandbox outbox.
    expect(cashierRoutes.length).toBeGreaterThanOrEqual(15);
    for (const r of cashierRoutes) {
      const res = await call(t, r.method as 'GET' | 'POST', r.url.replace(':id', '1'), {
        session: boss,
        body: r.method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
    }
    // The same routes answer the cashier; the menu shows the pages to the cashier only.
    const list = await call(t, 'POST', `${API}/findByPage`, {
      session: cashier,
      body: { page: 1, pageSize: 10 },
    });
    expect(list.statusCode).toBe(200);
    const menuOf = async (s: Session) =>
      JSON.stringify((await call(t, 'GET', '/api/menu', { session: s })).envelope.data);
    expect(await menuOf(cashier)).toContain('counterPaymentPage');
    expect(await menuOf(boss)).not.toContain('counterPaymentPage');
    // Named in the setting (the list the menu reads too), the same administrator gets in.
    await setSetting(t.ctx, 'cashierStaff', ['admin', 'boss'], null);
    const now = await call(t, 'POST', `${API}/findByPage`, {
      session: boss,
      body: { page: 1, pageSize: 10 },
    });
    expect(now.statusCode).toBe(200);
    await setSetting(t.ctx, 'cashierStaff', ['admin'], null);
  });

  it('the sandbox outbox shows the member the messages of a payment', async () => {
    const p = await create('4');
    await sendCode(p.id);
    const res = await call<{ list: { text: string }[] }>(
      t,
      'GET',
      `${SANDBOX_SMS_PATH}?paymentNo=${p.paymentNo}`,
      {
        session: cashier,
      },
    );
    expect(res.envelope.data.list[0]?.text).toContain(await codeOf(p.paymentNo));
  });
});
