import { randomUUID } from 'node:crypto';
/**
 * /mch through its routes: merchant creation (secret once), balance adjustments with a code, the
 * Idempotency-Key, maker-checker above the threshold, the fund log, and the ledger check at the end.
 */
import { ErrorCode } from '@payops/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantAdjustments } from '../src/modules/mch/schema.ts';
import { resources } from '../src/modules/sys/schema.ts';
import { ledgerIsSound, ledgerPostings, verifyLedger } from '../src/platform/ledger/index.ts';
import { setSetting } from '../src/platform/settings.ts';
import {
  bindAuthenticator,
  call,
  createOperator,
  createTestApp,
  type Session,
  signIn,
  signInAdmin,
  type TestApp,
  totpCode,
} from './harness.ts';

type Row = Record<string, unknown>;
type Page = { list: Row[]; pager: { total: number } };

let t: TestApp;
let admin: Session;
let adminSecret: string;
let checker: Session;
let checkerSecret: string;

/** A fresh code of the next 30 s step (a code works once per operator). */
async function code(secret: string): Promise<string> {
  t.ctx.clock.advance(30_000);
  return totpCode(t, secret);
}

beforeAll(async () => {
  t = await createTestApp({ logLevel: process.env.DEBUG_LOG ? 'error' : 'silent' } as never);
  admin = await signInAdmin(t);
  adminSecret = await bindAuthenticator(t, admin, 1);
  const checkerId = await createOperator(t, 'checker', 'Checker12345', ['admin']);
  checker = await signIn(t, 'checker', 'Checker12345');
  checkerSecret = await bindAuthenticator(t, checker, checkerId);
});
afterAll(async () => {
  const report = await verifyLedger(t.ctx.db);
  expect(ledgerIsSound(report), JSON.stringify(report)).toBe(true);
  await t.close();
});

const newMerchant = async (name: string) => {
  const res = await call<Row>(t, 'POST', '/api/mch/mchList/add', {
    session: admin,
    body: { name, depositRate: '0.012', withdrawRate: '0.008', phone: '13812345678', contact: '张伟' },
  });
  expect(res.envelope.code, res.body).toBe(0);
  return res.envelope.data;
};

let keys = 0;
/** A fresh Idempotency-Key (money-moving calls require one). */
const newKey = () => `test-key-${++keys}-${Date.now()}`;

const adjust = async (body: Row, opts: { session?: Session; secret?: string; key?: string } = {}) =>
  call<Row>(t, 'POST', '/api/mch/mchList/adjust', {
    session: opts.session ?? admin,
    body,
    code: await code(opts.secret ?? adminSecret),
    headers: { 'idempotency-key': opts.key ?? newKey() },
  });

/** A decision on a pending adjustment (approve or reject: money moves, so a key is required). */
const decide = async (action: 'approve' | 'reject', session: Session, body: Row, secret?: string) =>
  call<{ id: number; from: string; to: string; effect: Row }>(t, 'POST', `/api/mch/adjust/${action}`, {
    session,
    body,
    ...(secret ? { code: await code(secret) } : {}),
    headers: { 'idempotency-key': newKey() },
  });

const postingsOf = async (mchNo: string) =>
  t.ctx.db.select().from(ledgerPostings).where(eq(ledgerPostings.ownerCode, mchNo));

describe('merchants', () => {
  it('creates a merchant with a generated number; the signing secret is answered once, masked after', async () => {
    const m = await newMerchant('上海星辰科技');
    expect(m.mchNo).toMatch(/^M\d{8}$/);
    expect(String(m.signSecret)).toHaveLength(43);
    expect(m.available).toBe('0.00000000');
    const list = await call<Page>(t, 'POST', '/api/mch/mchList/findByPage', {
      session: admin,
      body: { filters: { mchNo: m.mchNo } },
    });
    const row = list.envelope.data.list[0]!;
    expect(row.secretHint).toBe(`******${String(m.signSecret).slice(-4)}`);
    expect(JSON.stringify(list.envelope.data)).not.toContain(String(m.signSecret));
    expect(row.phone).toBe('138****5678');
    expect(row.contact).toBe('张*');
  });

  it('refuses bad fee rates and an unknown agent, naming the field', async () => {
    const res = await call<Row>(t, 'POST', '/api/mch/mchList/add', {
      session: admin,
      body: {
        name: 'Bad',
        depositRate: '0.01',
        withdrawRate: '0.01',
        feeRates: [{ payType: 'x' }],
        agentId: 999,
      },
    });
    expect(res.envelope.code).toBe(ErrorCode.badRequest);
    expect(res.body).toContain('feeRates');
  });

  it('moves status only from an allowed one', async () => {
    const m = await newMerchant('Status Co');
    const freeze = await call(t, 'POST', '/api/mch/mchList/freeze', {
      session: admin,
      body: { id: m.id, reason: 'risk review' },
      code: await code(adminSecret),
    });
    expect(freeze.envelope.code, freeze.body).toBe(0);
    expect(freeze.envelope.data).toMatchObject({ id: m.id, from: 'enabled', to: 'frozen' });
    const again = await call(t, 'POST', '/api/mch/mchList/freeze', {
      session: admin,
      body: { id: m.id, reason: 'risk review' },
      code: await code(adminSecret),
    });
    expect(again.envelope.code).toBe(ErrorCode.conflict);
    expect(
      (await call(t, 'POST', '/api/mch/mchList/enable', { session: admin, body: { id: m.id } })).envelope
        .code,
    ).toBe(0);
  });
});

describe('adjust balance', () => {
  it('needs an authenticator code (17017 without one)', async () => {
    const m = await newMerchant('Code Co');
    const res = await call(t, 'POST', '/api/mch/mchList/adjust', {
      session: admin,
      headers: { 'idempotency-key': randomUUID() },
      body: { id: m.id, type: 'credit', amount: '10', reason: 'test' },
    });
    expect(res.envelope.code).toBe(ErrorCode.needCode);
    expect(await postingsOf(String(m.mchNo))).toHaveLength(0);
  });

  it('credits, freezes, unfreezes and debits through postings; an overdraft is refused with a field error', async () => {
    const m = await newMerchant('Flow Co');
    const steps: [string, string, string, string][] = [
      ['credit', '1000.50', '1000.5', '0'],
      ['freeze', '200', '800.5', '200'],
      ['unfreeze', '50.25', '850.75', '149.75'],
      ['debit', '850.75', '0', '149.75'],
    ];
    for (const [type, amount, available, frozen] of steps) {
      const res = await adjust({ id: m.id, type, amount, reason: `step ${type}` });
      expect(res.envelope.code, res.body).toBe(0);
      expect(res.envelope.data.status).toBe('executed');
      expect(Number(res.envelope.data.available)).toBe(Number(available));
      expect(Number(res.envelope.data.frozen)).toBe(Number(frozen));
    }
    const over = await adjust({ id: m.id, type: 'debit', amount: '0.01', reason: 'too much' });
    expect(over.envelope.code).toBe(ErrorCode.badRequest);
    expect(over.envelope.msg).toContain('amount');
    expect(await postingsOf(String(m.mchNo))).toHaveLength(4);
  });

  it('refuses an amount as a JSON number, zero, or with unknown keys', async () => {
    const m = await newMerchant('Strict Co');
    for (const body of [
      { id: m.id, type: 'credit', amount: 10, reason: 'float' },
      { id: m.id, type: 'credit', amount: '0', reason: 'zero' },
      { id: m.id, type: 'credit', amount: '1', reason: 'extra', balance: '1' },
    ]) {
      expect((await adjust(body)).envelope.code).toBe(ErrorCode.badRequest);
    }
  });

  it('the fund log shows each posting with the operator and filters by merchant, kind and reference', async () => {
    const m = await newMerchant('Log Co');
    const res = await adjust({ id: m.id, type: 'credit', amount: '88.80', reason: 'opening balance' });
    const log = await call<Page>(t, 'POST', '/api/mch/fund_log/findByPage', {
      session: admin,
      body: { filters: { ownerCode: m.mchNo, kind: 'adjust_credit' } },
    });
    expect(log.envelope.data.list).toHaveLength(1);
    const row = log.envelope.data.list[0]!;
    expect(row).toMatchObject({
      amount: '88.80000000',
      balanceAfter: '88.80000000',
      operatorIdLabel: 'admin',
    });
    expect(row.refId).toBe(`ADJ${res.envelope.data.adjustmentId}`);
    expect(row.ownerIdLabel).toBe('Log Co');
    const byRef = await call<Page>(t, 'POST', '/api/mch/fund_log/findByPage', {
      session: admin,
      body: { filters: { refId: row.refId } },
    });
    expect(byRef.envelope.data.pager.total).toBe(1);
  });

  it('is audited with the balances before and after', async () => {
    const m = await newMerchant('Audit Co');
    await adjust({ id: m.id, type: 'credit', amount: '5', reason: 'audit me' });
    const { rows } = await t.ctx.db.execute<{ detail: Row }>(
      sql`SELECT detail FROM operation_log WHERE object_type = 'mchList' AND object_id = ${String(m.id)} AND action = 'mch.mchList.adjust'`,
    );
    expect(rows[0]!.detail).toMatchObject({
      before: { available: '0.00000000' },
      after: { available: '5.00000000' },
      reason: 'audit me',
    });
  });
});

describe('idempotency', () => {
  it('the same key twice: one posting, the same answer', async () => {
    const m = await newMerchant('Idem Co');
    const body = { id: m.id, type: 'credit', amount: '42', reason: 'retry me' };
    const first = await adjust(body, { key: 'key-retry-0001' });
    const second = await adjust(body, { key: 'key-retry-0001' });
    expect(second.envelope).toEqual(first.envelope);
    expect(await postingsOf(String(m.mchNo))).toHaveLength(1);
  });

  it('a different body with the same key is refused, naming the header', async () => {
    const m = await newMerchant('Idem Two');
    await adjust({ id: m.id, type: 'credit', amount: '1', reason: 'first' }, { key: 'key-mismatch-01' });
    const res = await adjust(
      { id: m.id, type: 'credit', amount: '2', reason: 'first' },
      { key: 'key-mismatch-01' },
    );
    expect(res.envelope.code).toBe(ErrorCode.badRequest);
    expect(res.envelope.msg).toContain('Idempotency-Key');
    expect(await postingsOf(String(m.mchNo))).toHaveLength(1);
  });

  it('20 identical adjustments in parallel with one key: one posting, one answer', async () => {
    const m = await newMerchant('Idem Race');
    // An administrator may switch off the code of an action; here it lets 20 requests race at once.
    await t.ctx.db
      .update(resources)
      .set({ needsCode: false })
      .where(eq(resources.permission, 'mch.mchList.adjust'));
    const body = { id: m.id, type: 'credit', amount: '7.77', reason: 'double click' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call<Row>(t, 'POST', '/api/mch/mchList/adjust', {
          session: admin,
          body,
          headers: { 'idempotency-key': 'key-race-000001' },
        }),
      ),
    );
    await t.ctx.db
      .update(resources)
      .set({ needsCode: true })
      .where(eq(resources.permission, 'mch.mchList.adjust'));
    expect(
      new Set(answers.map((a) => a.body)).size,
      [...new Set(answers.map((a) => a.body))].join('\n'),
    ).toBe(1);
    expect(answers[0]!.envelope.code).toBe(0);
    expect(await postingsOf(String(m.mchNo))).toHaveLength(1);
  });
});

describe('maker-checker', () => {
  it('above the threshold the money waits; the maker cannot approve; another operator approves once', async () => {
    await setSetting(t.ctx, 'adjustApprovalThreshold', '1000', 1);
    const m = await newMerchant('Big Money Co');
    const req = await adjust({ id: m.id, type: 'credit', amount: '5000', reason: 'large top-up' });
    expect(req.envelope.code, req.body).toBe(0);
    expect(req.envelope.data).toMatchObject({ status: 'pending', available: '0.00000000' });
    expect(await postingsOf(String(m.mchNo))).toHaveLength(0);
    const id = req.envelope.data.adjustmentId;

    const pending = await call<Page>(t, 'POST', '/api/mch/adjust/findByPage', {
      session: checker,
      body: { filters: { status: 'pending', mchNo: m.mchNo } },
    });
    expect(pending.envelope.data.list.map((r) => r.id)).toEqual([id]);

    const self = await decide('approve', admin, { id }, adminSecret);
    expect(self.envelope.code).toBe(ErrorCode.badRequest);
    expect(self.envelope.msg).toContain('发起人不能复核自己的申请');
    expect(await postingsOf(String(m.mchNo))).toHaveLength(0);

    const approve = () =>
      call<Row>(t, 'POST', '/api/mch/adjust/approve', {
        session: checker,
        body: { id },
        code: '',
        headers: { 'idempotency-key': newKey() },
      });
    const first = await decide('approve', checker, { id }, checkerSecret);
    expect(first.envelope.code, first.body).toBe(0);
    expect(first.envelope.data).toMatchObject({ from: 'pending', to: 'executed' });
    expect(first.envelope.data.effect).toMatchObject({ available: '5000.00000000' });
    const again = await decide('approve', checker, { id }, checkerSecret);
    expect(again.envelope.code).toBe(ErrorCode.conflict);
    expect((await approve()).envelope.code).toBe(ErrorCode.needCode);
    expect(await postingsOf(String(m.mchNo))).toHaveLength(1);
    // The request's history, newest first: the decisions and the maker's request (audited on the
    // merchant); the merchant's other adjustments are not in it.
    await adjust({ id: m.id, type: 'credit', amount: '10', reason: 'small top-up' });
    const history = await call<{ list: Row[] }>(t, 'GET', `/api/mch/adjust/audit?id=${id}`, {
      session: checker,
    });
    expect(history.envelope.code, history.body).toBe(0);
    expect(history.envelope.data.list.map((e) => [e.action, e.operatorName, e.result])).toEqual([
      ['mch.mchList.approve', 'checker', 'failure'], // the second approval: already executed
      ['mch.mchList.approve', 'checker', 'success'],
      ['mch.mchList.approve', 'admin', 'failure'], // the maker's own
      ['mch.mchList.adjust', 'admin', 'success'], // the request, audited on the merchant
    ]);
    await setSetting(t.ctx, 'adjustApprovalThreshold', '50000', 1);
  });

  it("an operator's pieces below the threshold add up: the one that crosses it in 24 h waits", async () => {
    await setSetting(t.ctx, 'adjustApprovalThreshold', '1000', 1);
    const m = await newMerchant('Split Co');
    const piece = (reason: string) =>
      adjust(
        { id: m.id, type: 'credit', amount: '600', reason },
        { session: checker, secret: checkerSecret },
      );
    const first = await piece('piece one');
    expect(first.body).toContain('executed');
    // 600 + 600 is over 1000: the second piece waits for another operator.
    const second = await piece('piece two');
    expect(second.envelope.data).toMatchObject({ status: 'pending', available: '600.00000000' });
    expect(await postingsOf(String(m.mchNo))).toHaveLength(1); // the first credit alone
    // A day later the window has passed: a piece executes alone again (the first is dated back, as
    // moving the clock would end every session of this file).
    await t.ctx.db
      .update(merchantAdjustments)
      .set({ createdAt: new Date(t.ctx.clock.nowMs() - 25 * 3_600_000) })
      .where(eq(merchantAdjustments.merchantId, Number(m.id)));
    const nextDay = await piece('next day');
    expect(nextDay.envelope.data, nextDay.body).toMatchObject({ status: 'executed' });
    await setSetting(t.ctx, 'adjustApprovalThreshold', '50000', 1);
  });

  it('parallel approvals by two checkers move the money once', async () => {
    await setSetting(t.ctx, 'adjustApprovalThreshold', '10', 1);
    const m = await newMerchant('Race Approve Co');
    const req = await adjust({ id: m.id, type: 'credit', amount: '300', reason: 'race' });
    const id = req.envelope.data.adjustmentId;
    await t.ctx.db
      .update(resources)
      .set({ needsCode: false })
      .where(eq(resources.permission, 'mch.mchList.approve'));
    const other = await createOperator(t, 'checker2', 'Checker12345', ['admin']);
    expect(other).toBeGreaterThan(0);
    const checker2 = await signIn(t, 'checker2', 'Checker12345');
    const results = await Promise.all(
      [checker, checker2, checker, checker2].map((s) => decide('approve', s, { id })),
    );
    await t.ctx.db
      .update(resources)
      .set({ needsCode: true })
      .where(eq(resources.permission, 'mch.mchList.approve'));
    expect(
      results.filter((r) => r.envelope.code === 0),
      results.map((r) => r.body).join('\n'),
    ).toHaveLength(1);
    expect(await postingsOf(String(m.mchNo))).toHaveLength(1);
    await setSetting(t.ctx, 'adjustApprovalThreshold', '50000', 1);
  });

  it('a rejected request moves nothing and cannot be approved after', async () => {
    await setSetting(t.ctx, 'adjustApprovalThreshold', '10', 1);
    const m = await newMerchant('Reject Co');
    const req = await adjust({ id: m.id, type: 'credit', amount: '20', reason: 'no' });
    const id = req.envelope.data.adjustmentId;
    expect((await decide('reject', checker, { id, reason: 'not agreed' })).envelope.code).toBe(0);
    const late = await decide('approve', checker, { id }, checkerSecret);
    expect(late.envelope.code).toBe(ErrorCode.conflict);
    expect(await postingsOf(String(m.mchNo))).toHaveLength(0);
    await setSetting(t.ctx, 'adjustApprovalThreshold', '50000', 1);
  });
});
