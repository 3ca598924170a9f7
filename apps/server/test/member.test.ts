/**
 * /member through its routes on a small demo platform: masking of every list (no full phone, card or
 * ID number unless unmasked), freeze and unfreeze, credit points through the ledger, payment-account
 * switches, the record pages, and the ledger check at the end.
 */
import { ErrorCode } from '@payops/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemo } from '../src/demo/generate.ts';
import { memberPaymentAccounts, members } from '../src/modules/member/schema.ts';
import { ledgerIsSound, verifyLedger } from '../src/platform/ledger/index.ts';
import {
  bindAuthenticator,
  call,
  createTestApp,
  type Session,
  signInAdmin,
  type TestApp,
  totpCode,
} from './harness.ts';

type Row = Record<string, unknown>;
type Page = { list: Row[]; pager: { total: number } };

let t: TestApp;
let admin: Session;
let secret: string;
let phones: string[];
let idNumbers: string[];
let cards: string[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  secret = await bindAuthenticator(t, admin, 1);
  const report = await generateDemo(t.ctx.db, t.ctx.keys.secretKey, t.ctx.clock.now(), {
    merchants: 3,
    members: 400,
    seed: 7,
    batch: 150,
  });
  expect(report).toMatchObject({ merchants: 3, members: 400 });
  const all = await t.ctx.db.select({ phone: members.phone, idNumber: members.idNumber }).from(members);
  phones = all.map((m) => m.phone);
  idNumbers = all.map((m) => m.idNumber);
  cards = (await t.ctx.db.select({ no: memberPaymentAccounts.accountNo }).from(memberPaymentAccounts)).map(
    (c) => c.no,
  );
});
afterAll(async () => {
  const report = await verifyLedger(t.ctx.db);
  expect(ledgerIsSound(report), JSON.stringify(report)).toBe(true);
  await t.close();
});

const page = (path: string, body: Row = {}) =>
  call<Page>(t, 'POST', `/api/member/${path}/findByPage`, {
    session: admin,
    body: { pageSize: 100, ...body },
  });

function carriesFullData(text: string): string | undefined {
  return [...phones, ...idNumbers, ...cards].find((v) => text.includes(v));
}

describe('masking', () => {
  it('no list answer carries a full phone, card or ID number unless unmasked', async () => {
    for (const path of ['memberList', 'memberPaymentList']) {
      const res = await page(path);
      expect(res.envelope.data.list.length).toBeGreaterThan(50);
      expect(carriesFullData(res.body), path).toBeUndefined();
    }
    const exported = await call(t, 'POST', '/api/member/memberList/export', {
      session: admin,
      body: { format: 'csv' },
    });
    expect(carriesFullData(exported.body)).toBeUndefined();
    const row = (await page('memberList')).envelope.data.list[0]!;
    expect(row.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(row.idNumber).toMatch(/^\d{3}\*+[\dX]{4}$/);
    expect(String(row.realName).slice(1)).toMatch(/^\*+$/);
  });

  it('shows data in clear after unmasking with a code', async () => {
    t.ctx.clock.advance(30_000);
    const unmask = await call(t, 'GET', '/api/sys/user/googleAuthAdmin', {
      session: admin,
      code: await totpCode(t, secret),
    });
    expect(unmask.envelope.code).toBe(0);
    const res = await page('memberList');
    expect(carriesFullData(res.body)).toBeDefined();
  });
});

describe('members', () => {
  it('finds a member by account and phone; balances and points come from the ledger', async () => {
    const [m] = await t.ctx.db.select().from(members).limit(1);
    const byAccount = await page('memberList', { filters: { account: m!.account } });
    expect(byAccount.envelope.data.list).toHaveLength(1);
    const byPhone = await page('memberList', { filters: { phone: m!.phone } });
    expect(byPhone.envelope.data.list.map((r) => r.account)).toContain(m!.account);
    expect(byAccount.envelope.data.list[0]!.creditPoints).toMatch(/^\d+(\.\d+)?$/);
  });

  it('freezes (with a reason) and unfreezes with the expected status, audited', async () => {
    const [m] = await t.ctx.db.select().from(members).limit(1);
    await t.ctx.db.update(members).set({ status: 'normal' });
    const freeze = await call(t, 'POST', '/api/member/memberList/freeze', {
      session: admin,
      body: { id: m!.id, reason: '可疑交易' },
    });
    expect(freeze.envelope.code, freeze.body).toBe(0);
    const twice = await call(t, 'POST', '/api/member/memberList/freeze', {
      session: admin,
      body: { id: m!.id, reason: '可疑交易' },
    });
    expect(twice.envelope.code).toBe(ErrorCode.conflict);
    const { rows } = await t.ctx.pool.query(
      `SELECT detail FROM operation_log WHERE object_type = 'memberList' AND object_id = $1 AND result = 'success'`,
      [String(m!.id)],
    );
    expect(rows[0].detail).toMatchObject({
      before: { status: 'normal' },
      after: { status: 'frozen' },
      reason: '可疑交易',
    });
    const frozen = await page('memberList', { filters: { account: m!.account } });
    expect(frozen.envelope.data.list[0]!.status).toBe('frozen');
    const unfreeze = await call(t, 'POST', '/api/member/memberList/unfreeze', {
      session: admin,
      body: { id: m!.id },
    });
    expect(unfreeze.envelope.code).toBe(0);
  });

  it('adjusts credit points through the ledger; points never go below zero', async () => {
    const [m] = await t.ctx.db.select().from(members).limit(1);
    const add = await call<Row>(t, 'POST', '/api/member/memberList/adjustPoints', {
      session: admin,
      body: { id: m!.id, points: '120', reason: '活动奖励' },
      headers: { 'idempotency-key': 'points-add-0001' },
    });
    expect(add.envelope.code, add.body).toBe(0);
    const points = String(add.envelope.data.creditPoints);
    const takeAll = await call(t, 'POST', '/api/member/memberList/adjustPoints', {
      session: admin,
      body: { id: m!.id, points: `-${points.split('.')[0]}1`, reason: 'too many' },
      headers: { 'idempotency-key': 'points-take-0001' },
    });
    expect(takeAll.envelope.code).toBe(ErrorCode.badRequest);
    const records = await page('financialRecordPage', { filters: { ownerCode: m!.account, kind: 'points' } });
    expect(records.envelope.data.list.some((r) => r.note === '活动奖励')).toBe(true);
  });

  it('financial records are the members’ CNY postings with their merchant', async () => {
    const res = await page('financialRecordPage', { filters: { kind: 'deposit' } });
    expect(res.envelope.data.list.length).toBeGreaterThan(0);
    expect(res.envelope.data.list[0]!.merchantIdLabel).toMatch(/^M\d{8}$/);
  });

  it('rebate pages are scoped to their direction', async () => {
    const res = await page('payFundOrderPage');
    expect(res.envelope.data.pager.total).toBeGreaterThan(0);
    expect(res.envelope.data.list.every((r) => String(r.orderNo).startsWith('RBP'))).toBe(true);
    const out = await page('transFundOrderPage');
    expect(out.envelope.data.list.length).toBeGreaterThan(0);
    expect(out.envelope.data.list.every((r) => String(r.orderNo).startsWith('RBT'))).toBe(true);
  });

  it('blacklists and disables a payment account', async () => {
    const [acc] = await t.ctx.db.select().from(memberPaymentAccounts).limit(1);
    for (const action of ['blacklist', 'disable'])
      expect(
        (
          await call(t, 'POST', `/api/member/memberPaymentList/${action}`, {
            session: admin,
            body: { id: acc!.id },
          })
        ).envelope.code,
      ).toBe(0);
    const res = await page('memberPaymentList', { filters: { memberAccount: acc!.memberAccount } });
    expect(res.envelope.data.list.find((r) => r.id === acc!.id)).toMatchObject({
      blacklisted: true,
      enabled: false,
    });
  });
});
