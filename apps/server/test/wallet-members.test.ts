/**
 * /wallet members through the wallet app's services and the console's routes: registration gives a
 * ledger account, lists are masked, freeze/unfreeze need a reason and happen once, KYC states, pay
 * accounts masked, and the fund log shows wallet members' postings only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPayAccount, registerWalletMember, submitKyc } from '../src/modules/wallet/wallet-app.service.ts';
import { ledgerIsSound, verifyLedger } from '../src/platform/ledger/index.ts';
import { call, createTestApp, type Session, signInAdmin, type TestApp } from './harness.ts';

type Row = Record<string, unknown>;
type Page = { list: Row[]; pager: { total: number } };

let t: TestApp;
let admin: Session;
let memberId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  const m = await t.ctx.db.transaction(async (tx) => {
    const row = await registerWalletMember(t.ctx, tx, { account: 'W100001', phone: '13800138001' });
    await addPayAccount(t.ctx, tx, row, {
      payType: 'bank_card',
      accountNo: '6222021234567890123',
      holderName: '王小明',
      bankName: '工商银行',
    });
    return submitKyc(t.ctx, tx, row.id, '王小明', '110101199001011234');
  });
  memberId = m.id;
});
afterAll(async () => {
  const report = await verifyLedger(t.ctx.db);
  expect(ledgerIsSound(report), JSON.stringify(report)).toBe(true);
  await t.close();
});

const page = (path: string, body: Row = {}) =>
  call<Page>(t, 'POST', `/api/wallet/${path}/findByPage`, {
    session: admin,
    body: { pageSize: 50, ...body },
  });

describe('wallet members', () => {
  it('lists a registered member masked, verified, with a zero balance from its ledger account', async () => {
    const res = await page('member', { filters: { account: 'W100001' } });
    expect(res.envelope.code, res.body).toBe(0);
    const [row] = res.envelope.data.list;
    expect(row).toMatchObject({ kycState: 'verified', status: 'normal', available: '0.00000000', level: 1 });
    expect(res.body).not.toContain('13800138001');
    expect(res.body).not.toContain('110101199001011234');
    expect(row!.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
  });

  it('registering the same account twice is refused, the first stays', async () => {
    const again = t.ctx.db.transaction((tx) =>
      registerWalletMember(t.ctx, tx, { account: 'W100001', phone: '13800138009' }),
    );
    await expect(again).rejects.toMatchObject({ code: 409 });
    expect((await page('member')).envelope.data.pager.total).toBe(1);
  });

  it('freezes with a reason, once; a missing reason is a 400 naming it', async () => {
    const bare = await call(t, 'POST', '/api/wallet/member/freeze', {
      session: admin,
      body: { id: memberId },
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.body).toContain('reason');
    const both = await Promise.all(
      [1, 2].map(() =>
        call(t, 'POST', '/api/wallet/member/freeze', {
          session: admin,
          body: { id: memberId, reason: '可疑交易' },
        }),
      ),
    );
    expect(both.map((r) => r.envelope.code).sort()).toEqual([0, 409]);
    const frozen = await page('member', { filters: { status: 'frozen' } });
    expect(frozen.envelope.data.list).toHaveLength(1);
    const unfreeze = await call(t, 'POST', '/api/wallet/member/unfreeze', {
      session: admin,
      body: { id: memberId, reason: '核实无误' },
    });
    expect(unfreeze.envelope.code, unfreeze.body).toBe(0);
  });

  it('shows pay accounts masked', async () => {
    const res = await page('payTypeInfo', { filters: { walletMemberId: memberId } });
    expect(res.envelope.data.list).toHaveLength(1);
    expect(res.body).not.toContain('6222021234567890123');
    expect(res.envelope.data.list[0]).toMatchObject({ payType: 'bank_card', bankName: '工商银行' });
  });
});
