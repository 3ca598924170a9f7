/**
 * Money hardening (issue 9), the amount rule: one rule per currency in contracts, matching the numeric
 * columns, applied at the API edge (400 naming the field in the operator's language, nothing changed),
 * and an approval whose result would overflow the balance column refused the same way. The ledger
 * verification closes the file.
 */
import { randomBytes } from 'node:crypto';
import { CURRENCIES, checkAmount, ErrorCode, MONEY_INTEGER_DIGITS } from '@payops/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { merchantAdjustments } from '../src/modules/mch/schema.ts';
import { ledgerAccounts } from '../src/platform/ledger/index.ts';
import { setSetting } from '../src/platform/settings.ts';
import {
  ageAdjustments,
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
import { verifyLedgerAfterAll } from './ledger-helpers.ts';

type Row = Record<string, unknown>;
type Fields = { fields: { field: string; message: string }[] };

let t: TestApp;
let admin: Session;
let adminSecret: string;
let checker: Session;
let checkerSecret: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  adminSecret = await bindAuthenticator(t, admin, 1);
  const checkerId = await createOperator(t, 'checker', 'Checker12345', ['admin']);
  checker = await signIn(t, 'checker', 'Checker12345');
  checkerSecret = await bindAuthenticator(t, checker, checkerId);
});
verifyLedgerAfterAll(() => t);

const _tx = <T>(work: Parameters<TestApp['ctx']['db']['transaction']>[0]) =>
  t.ctx.db.transaction(work) as Promise<T>;

/** A new Idempotency-Key: money-moving calls carry one. */
const newKey = () => `hardening-${randomBytes(8).toString('hex')}`;

/** A fresh code of the next 30 s step (a code works once per operator). */
async function code(secret: string): Promise<string> {
  t.ctx.clock.advance(30_000);
  return totpCode(t, secret);
}

async function newMerchant(name: string): Promise<Row> {
  const res = await call<Row>(t, 'POST', '/api/mch/mchList/add', {
    session: admin,
    body: { name, depositRate: '0.012', withdrawRate: '0.008' },
  });
  expect(res.envelope.code, res.body).toBe(0);
  return res.envelope.data;
}

const adjust = async (body: Row, lang = 'zh-CN') =>
  call<Row>(t, 'POST', '/api/mch/mchList/adjust', {
    session: admin,
    body,
    code: await code(adminSecret),
    headers: { 'accept-language': lang, 'idempotency-key': newKey() },
  });

async function balanceOf(merchantId: unknown): Promise<string | undefined> {
  const [row] = await t.ctx.db
    .select({ available: ledgerAccounts.available })
    .from(ledgerAccounts)
    .where(sql`owner_type = 'merchant' AND owner_id = ${Number(merchantId)} AND currency = 'CNY'`);
  return row?.available;
}

describe('the amount rule (contracts)', () => {
  it('is stated per currency: 2 decimals for fiat, 8 for crypto, whole points', () => {
    expect(CURRENCIES.CNY.scale).toBe(2);
    expect(CURRENCIES.USDT.scale).toBe(8);
    expect(CURRENCIES.PTS.scale).toBe(0);
    expect(checkAmount('10.05', 'CNY')).toBeNull();
    expect(checkAmount('10.005', 'CNY')).toEqual({ reason: 'scale', scale: 2 });
    expect(checkAmount('10.12345678', 'USDT')).toBeNull();
    expect(checkAmount('10.123456789', 'USDT')).toEqual({ reason: 'scale', scale: 8 });
    // Trailing zeros are not extra precision.
    expect(checkAmount('10.50000', 'CNY')).toBeNull();
    expect(checkAmount('9'.repeat(MONEY_INTEGER_DIGITS), 'CNY')).toBeNull();
    expect(checkAmount(`1${'0'.repeat(MONEY_INTEGER_DIGITS)}`, 'CNY')).toEqual({
      reason: 'range',
      digits: MONEY_INTEGER_DIGITS,
    });
    expect(checkAmount('0', 'CNY')).toEqual({ reason: 'sign', sign: 'positive' });
    expect(checkAmount('1e5', 'CNY')).toEqual({ reason: 'format' });
    expect(checkAmount('1', 'XXX')).toEqual({ reason: 'currency' });
  });

  it('matches the numeric columns: 20 integer digits and 8 decimals', async () => {
    const { rows } = await t.ctx.db.execute<{ precision: number; scale: number }>(sql`
      SELECT numeric_precision AS precision, numeric_scale AS scale FROM information_schema.columns
       WHERE table_name = 'ledger_accounts' AND column_name = 'available'`);
    expect(rows[0]!.precision - rows[0]!.scale).toBe(MONEY_INTEGER_DIGITS);
    expect(Math.max(...Object.values(CURRENCIES).map((c) => c.scale))).toBeLessThanOrEqual(rows[0]!.scale);
  });
});

describe('amounts at the API edge', () => {
  it('too many decimals for CNY: 400 naming the amount in the operator’s language, nothing changes', async () => {
    await setSetting(t.ctx, 'adjustApprovalThreshold', '50000', 1);
    const m = await newMerchant('Scale Co');
    const before = await t.ctx.db.select().from(merchantAdjustments);
    const zh = await adjust({ id: m.id, type: 'credit', amount: '10.005', reason: '测试' });
    expect(zh.statusCode).toBe(400);
    expect(zh.envelope.code).toBe(ErrorCode.badRequest);
    expect((zh.envelope.data as Fields).fields).toEqual([{ field: 'amount', message: '最多2位小数' }]);
    const en = await adjust({ id: m.id, type: 'credit', amount: '10.005', reason: 'test' }, 'en-US');
    expect((en.envelope.data as Fields).fields).toEqual([
      { field: 'amount', message: 'must have at most 2 decimals' },
    ]);
    const range = await adjust({ id: m.id, type: 'credit', amount: `1${'0'.repeat(20)}`, reason: 'x2' });
    expect(range.statusCode).toBe(400);
    expect((range.envelope.data as Fields).fields[0]).toEqual({
      field: 'amount',
      message: '超出范围（整数部分最多20位）',
    });
    expect(await t.ctx.db.select().from(merchantAdjustments)).toEqual(before);
    expect(await balanceOf(m.id)).toBe('0.00000000');
    // Two decimals pass and are written as they are.
    const fine = await adjust({ id: m.id, type: 'credit', amount: '10.05', reason: '测试' });
    expect(fine.envelope.code, fine.body).toBe(0);
    expect(await balanceOf(m.id)).toBe('10.05000000');
  });

  it('merchant limits in the add form follow the CNY rule too', async () => {
    const res = await call<Fields>(t, 'POST', '/api/mch/mchList/add', {
      session: admin,
      headers: { 'accept-language': 'en-US' },
      body: { name: 'Limit Co', depositRate: '0.01', withdrawRate: '0.01', singleMax: '100.001' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.envelope.data.fields).toEqual([
      { field: 'singleMax', message: 'must have at most 2 decimals' },
    ]);
  });

  it('credit points are whole: a fraction is refused naming points; repeated changes each post', async () => {
    const m = await newMerchant('Points Co');
    const [member] = await t.ctx.db
      .execute<{ id: string }>(sql`
      INSERT INTO members (merchant_id, mch_no, account)
      VALUES (${Number(m.id)}, ${String(m.mchNo)}, 'pts-member')
      RETURNING id`)
      .then((r) => r.rows);
    const points = (p: string) =>
      call<Row>(t, 'POST', '/api/member/memberList/adjustPoints', {
        session: admin,
        body: { id: Number(member!.id), points: p, reason: '活动奖励' },
        headers: { 'idempotency-key': newKey() },
      });
    const frac = await points('1.5');
    expect(frac.statusCode).toBe(400);
    expect((frac.envelope.data as unknown as Fields).fields).toEqual([
      { field: 'points', message: '须为整数' },
    ]);
    // Each manual change is its own event: the same member twice is two entries, not a conflict.
    expect((await points('100')).envelope.code).toBe(0);
    const second = await points('100');
    expect(second.envelope.code, second.body).toBe(0);
    expect(second.envelope.data.creditPoints).toBe('200.00000000');
  });

  it('an approval whose result overflows the balance column is refused with 400, nothing changes', async () => {
    await setSetting(t.ctx, 'adjustApprovalThreshold', '10', 1);
    await ageAdjustments(t); // the file's earlier credits are not this test's
    const m = await newMerchant('Overflow Co');
    expect((await adjust({ id: m.id, type: 'credit', amount: '5', reason: '小额' })).envelope.code).toBe(0);
    const huge = '99999999999999999999.99';
    const req = await adjust({ id: m.id, type: 'credit', amount: huge, reason: '巨额' });
    expect(req.envelope.data, req.body).toMatchObject({ status: 'pending' });
    const approve = await call<Fields>(t, 'POST', '/api/mch/adjust/approve', {
      session: checker,
      body: { id: req.envelope.data.adjustmentId },
      code: await code(checkerSecret),
      headers: { 'idempotency-key': newKey() },
    });
    expect(approve.statusCode, approve.body).toBe(400);
    expect(approve.envelope.data.fields).toEqual([
      { field: 'amount', message: '超出范围：结果余额超过账户可记录的上限' },
    ]);
    expect(await balanceOf(m.id)).toBe('5.00000000');
    const [adj] = await t.ctx.db
      .select()
      .from(merchantAdjustments)
      .where(eq(merchantAdjustments.id, Number(req.envelope.data.adjustmentId)));
    expect(adj!.status).toBe('pending');
    await setSetting(t.ctx, 'adjustApprovalThreshold', '50000', 1);
  });
});
