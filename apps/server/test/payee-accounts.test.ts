/**
 * Members' payment accounts (member/memberPaymentList) met by withdrawals on the real server: the
 * first withdrawal of a registered member to an account records it on the page; an operator disables
 * or blacklists it there and the next withdrawal to it is refused (`payeeAccountRefused` 2014, 403,
 * nothing frozen, on the placement log); enabled again, it passes; one approved before its account was
 * blacklisted is detained by the payout job. A caller that is not a registered
 * member leaves no account behind.
 */
import { localText, memberPaymentList, orderTransferList } from '@payops/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberPaymentAccounts, members } from '../src/modules/member/schema.ts';
import { withdrawOrders } from '../src/modules/order/schema.ts';
import { payOut } from '../src/modules/upstream/payout.ts';
import { runSystemTransition } from '../src/platform/transitions/index.ts';
import { call, createTestApp, type Session, signInAdmin, type TestApp } from './harness.ts';
import { balance, lastLog, makeMerchant, mchCall, type TestMerchant } from './openapi-client.ts';

let t: TestApp;
let admin: Session;
let m: TestMerchant;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  m = await makeMerchant(t, { singleMin: '1', singleMax: '100000' }, '10000');
  await t.ctx.db
    .insert(members)
    .values({ merchantId: m.id, mchNo: m.mchNo, account: 'payee-1', realName: '李四' });
});
afterAll(() => t.close());

const withdraw = (memberAccount: string, accountNo = '6217000012345678') =>
  mchCall(t, m, 'withdraw/create', {
    mchOrderNo: `PA-${++n}`,
    amount: '100.00',
    memberAccount,
    bankName: '建设银行',
    accountName: '李四',
    accountNo,
  });
const accountsOf = (memberAccount: string) =>
  t.ctx.db.select().from(memberPaymentAccounts).where(eq(memberPaymentAccounts.memberAccount, memberAccount));
const flag = async (action: 'disable' | 'enable' | 'blacklist' | 'unblacklist', id: number) => {
  const res = await call(t, 'POST', memberPaymentList.actions[action]!.path, {
    session: admin,
    body: { id },
  });
  expect(res.envelope.code, res.body).toBe(0);
};

describe('payee accounts', () => {
  it('records a member’s new payee account once, and refuses it while disabled or blacklisted', async () => {
    expect((await withdraw('payee-1')).envelope.code).toBe(0);
    expect((await withdraw('payee-1')).envelope.code).toBe(0);
    const [account, ...more] = await accountsOf('payee-1');
    expect(more).toEqual([]);
    expect(account).toMatchObject({
      payType: 'bank_card',
      accountNo: '6217000012345678',
      holderName: '李四',
      bankName: '建设银行',
      enabled: true,
      blacklisted: false,
    });

    for (const [off, on] of [
      ['disable', 'enable'],
      ['blacklist', 'unblacklist'],
    ] as const) {
      await flag(off, account!.id);
      const before = await balance(t, m);
      const refused = await withdraw('payee-1');
      expect(refused.statusCode).toBe(403);
      expect(refused.envelope).toMatchObject({ code: 2014, msg: '收款账户已被停用或拉黑' });
      expect(await balance(t, m)).toEqual(before);
      expect((await lastLog(t)).code).toBe(2014);
      // Another account of the same member is another matter.
      expect((await withdraw('payee-1', '6217000099998888')).envelope.code).toBe(0);
      await flag(on, account!.id);
      expect((await withdraw('payee-1')).envelope.code).toBe(0);
    }
  });

  it('records an account once when its first withdrawals come together', async () => {
    const all = await Promise.all(Array.from({ length: 6 }, () => withdraw('payee-1', '6217000099990000')));
    for (const res of all) expect(res.envelope.code, res.body).toBe(0);
    const same = (await accountsOf('payee-1')).filter((a) => a.accountNo === '6217000099990000');
    expect(same).toHaveLength(1);
  });

  it('holds at payout a withdrawal approved before its account was blacklisted: detained, still frozen', async () => {
    const res = await withdraw('payee-1', '6217000055556666');
    expect(res.envelope.code, res.body).toBe(0);
    const [o] = await t.ctx.db
      .select()
      .from(withdrawOrders)
      .where(eq(withdrawOrders.mchOrderNo, `PA-${n}`));
    if (o!.status === 'in_review') await runSystemTransition(t.ctx, orderTransferList, 'approve', o!.id);
    const [account] = (await accountsOf('payee-1')).filter((a) => a.accountNo === '6217000055556666');
    await flag('blacklist', account!.id);
    const before = await balance(t, m);
    const [approved] = await t.ctx.db.select().from(withdrawOrders).where(eq(withdrawOrders.id, o!.id));
    expect(await payOut(t.ctx, approved!)).toBe('skipped');
    const [after] = await t.ctx.db.select().from(withdrawOrders).where(eq(withdrawOrders.id, o!.id));
    expect(after!.status).toBe('detained');
    expect(await balance(t, m)).toEqual(before);
    const { rows } = await t.ctx.pool.query(
      `SELECT rule, entry_id, subject, source FROM risk_block_log WHERE order_no = $1`,
      [after!.orderNo],
    );
    expect(rows).toEqual([
      { rule: 'memberPaymentList', entry_id: account!.id, subject: '**** 6666', source: 'payout' },
    ]);
    const held = await t.ctx.pool.query(
      `SELECT reason FROM status_history WHERE resource = 'orderTransferList' AND record_id = $1 AND to_status = 'detained'`,
      [String(o!.id)],
    );
    expect(localText(held.rows[0].reason, 'en-US')).toBe(
      `Held by risk control (Payee account blacklisted): #${account!.id}`,
    );
  });

  it('keeps no account of a caller that is not a registered member', async () => {
    expect((await withdraw('walk-in')).envelope.code).toBe(0);
    expect(await accountsOf('walk-in')).toEqual([]);
  });
});
