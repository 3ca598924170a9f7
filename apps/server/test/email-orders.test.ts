/**
 * Bank-notification email orders through their real paths: mailboxes configured over the API (the
 * password sealed, never answered), the sandbox bank's notifications read over real IMAP (imapflow
 * against the sandbox IMAP server) by the poller's handler, each bank template, a duplicate message,
 * an unknown bank, UIDs remembered between runs, a wrong password kept as the mailbox's error, the
 * .eml upload (400 naming the problem and nothing written for a malformed or unknown-bank file), and
 * the header badge counting the unmatched ones.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../src/modules/email/bank-templates.ts';
import { emailMailboxes, emailOrders } from '../src/modules/email/email.schema.ts';
import { emailPollJob } from '../src/modules/email/poller.ts';
import {
  composeEmail,
  deliverToSandbox,
  notificationEmail,
  sendBankNotification,
} from '../src/modules/email/sandbox/bank.ts';
import { addSandboxMailbox, uploadEml } from './email-support.ts';
import { call, createTestApp, type Session, signInAdmin, type TestApp } from './harness.ts';

let t: TestApp;
let admin: Session;
let mailboxId = 0;
const USER = 'ops-icbc';

const poll = () => emailPollJob.handler(t.ctx, {});
const orderCount = async () => (await t.ctx.db.select({ n: count() }).from(emailOrders))[0]!.n;
const notice = (over: Partial<Notification> = {}): Notification => ({
  amount: '1234.50',
  accountTail: '6789',
  payerName: '张三',
  paidAt: new Date('2026-11-25T06:30:05Z'),
  ...over,
});
const list = (filters: Record<string, unknown>) =>
  call<{ list: Record<string, unknown>[] }>(t, 'POST', '/api/pay/emailOrder/findByPage', {
    session: admin,
    body: { filters, page: 1, pageSize: 50 },
  });

beforeAll(async () => {
  t = await createTestApp({ sandbox: true });
  admin = await signInAdmin(t);
  mailboxId = await addSandboxMailbox(t, admin, USER, 'ICBC');
});
afterAll(() => t.close());

describe('mailbox configs', () => {
  it('seal the password and never answer it; a new mailbox without one is refused', async () => {
    const missing = await call(t, 'POST', '/api/merchant/emailConfig/add', {
      session: admin,
      body: {
        name: 'no pw',
        bank: 'CCB',
        host: 'imap.example.com',
        port: 993,
        username: 'x',
        folder: 'INBOX',
        status: 'on',
      },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('password');
    const res = await call<{ list: Record<string, unknown>[] }>(
      t,
      'POST',
      '/api/merchant/emailConfig/findByPage',
      {
        session: admin,
        body: { page: 1, pageSize: 20 },
      },
    );
    expect(res.envelope.code, res.body).toBe(0);
    const [row] = res.envelope.data.list;
    expect(row).toMatchObject({ id: mailboxId, bank: 'ICBC', username: USER });
    expect(row).not.toHaveProperty('password');
    expect(row).not.toHaveProperty('passwordEnc');
    const [stored] = await t.ctx.db.select().from(emailMailboxes).where(eq(emailMailboxes.id, mailboxId));
    expect(stored!.passwordEnc).toMatch(/^v1\./);
    expect(res.body).not.toContain(stored!.passwordEnc);
  });

  it('assign a mailbox to an operator and a merchant, shown by name', async () => {
    const mch = await call<{ id: number }>(t, 'POST', '/api/mch/mchList/add', {
      session: admin,
      body: { name: '邮件商户', depositRate: '0.01', withdrawRate: '0.01' },
    });
    expect(mch.envelope.code, mch.body).toBe(0);
    const add = await call(t, 'POST', '/api/merchant/emailAssign/add', {
      session: admin,
      body: { mailboxId, operatorId: 1, merchantId: mch.envelope.data.id, remark: '白班' },
    });
    expect(add.envelope.code, add.body).toBe(0);
    const res = await call<{ list: Record<string, unknown>[] }>(
      t,
      'POST',
      '/api/merchant/emailAssign/findByPage',
      {
        session: admin,
        body: { filters: { mailboxId }, page: 1, pageSize: 20 },
      },
    );
    expect(res.envelope.data.list[0]).toMatchObject({
      mailboxIdLabel: `ICBC ${USER}`,
      operatorIdLabel: 'admin',
      merchantIdLabel: '邮件商户',
    });
    // The mailbox is in use: it cannot be removed.
    const remove = await call(t, 'POST', '/api/merchant/emailConfig/removeByIds', {
      session: admin,
      body: { ids: [mailboxId] },
    });
    expect(remove.statusCode).toBe(400);
  });
});

describe('the IMAP poller', () => {
  it('reads each bank template over IMAP, stores a duplicate once, keeps an unknown bank as failed_parse', async () => {
    const before = await orderCount();
    await sendBankNotification(t.ctx, USER, 'ICBC', notice());
    await sendBankNotification(
      t.ctx,
      USER,
      'CCB',
      notice({ amount: '88', accountTail: '1024', payerName: '李四' }),
    );
    await sendBankNotification(
      t.ctx,
      USER,
      'CMB',
      notice({ amount: '20000.01', accountTail: '5566', payerName: '王五' }),
    );
    const dup = notificationEmail('CCB', notice({ amount: '66.60', accountTail: '3333' }), 'x@y', new Date());
    await deliverToSandbox(t.ctx, USER, dup);
    await deliverToSandbox(t.ctx, USER, dup);
    const unknown = composeEmail({
      from: '"某某银行" <notice@unknown-bank.example>',
      to: 'x@y',
      subject: '入账通知',
      text: '您尾号为1111的账户收到转账汇款人民币100.00元',
      date: new Date(),
    });
    await deliverToSandbox(t.ctx, USER, unknown);

    const report = await poll();
    expect(report).toMatchObject({ mailboxes: 1, read: 6, duplicates: 1, failed: 1, stored: 4 });
    expect(await orderCount()).toBe(before + 5);
    const listed = await list({ mailboxId });
    expect(listed.envelope.code, listed.body).toBe(0);
    const rows = listed.envelope.data.list;
    const byBank = (bank: string, tail: string) =>
      rows.find((r) => r.bank === bank && r.accountTail === tail);
    expect(byBank('ICBC', '6789')).toMatchObject({
      amount: '1234.50000000',
      status: 'unmatched',
      source: 'imap',
      paidAt: '2026-11-25T06:30:05.000Z',
    });
    expect(byBank('CCB', '1024')).toMatchObject({ amount: '88.00000000', status: 'unmatched' });
    expect(byBank('CMB', '5566')).toMatchObject({
      amount: '20000.01000000',
      paidAt: '2026-11-25T06:30:05.000Z',
    });
    const failed = rows.find((r) => r.status === 'failed_parse');
    expect(failed).toMatchObject({ bank: null, amount: null, subject: '入账通知' });
    expect(failed!.reason).toBe('unknownBank');
    // The payer's name is personal data: masked on the list.
    expect(String(byBank('ICBC', '6789')!.payerName)).not.toBe('张三');

    // The next run reads only what arrived since (the UID is remembered).
    await sendBankNotification(t.ctx, USER, 'ICBC', notice({ amount: '10.00', accountTail: '7777' }));
    expect(await poll()).toMatchObject({ read: 1, stored: 1, duplicates: 0 });
    expect(await poll()).toMatchObject({ read: 0 });
    const [mb] = await t.ctx.db.select().from(emailMailboxes).where(eq(emailMailboxes.id, mailboxId));
    expect(mb).toMatchObject({ lastError: null });
    expect(mb!.lastUid).toBeGreaterThan(0);
  });

  it('keeps a refused login or an internal host as the mailbox error; the other mailboxes are still read', async () => {
    const res = await call<{ id: number }>(t, 'POST', '/api/merchant/emailConfig/edit', {
      session: admin,
      body: { id: mailboxId, password: 'wrong-password' },
    });
    expect(res.envelope.code, res.body).toBe(0);
    const second = await addSandboxMailbox(t, admin, 'ops-ccb', 'CCB');
    // A typed host on an internal address is never connected to (the outbound guard).
    const internal = await call<{ id: number }>(t, 'POST', '/api/merchant/emailConfig/add', {
      session: admin,
      body: {
        name: 'internal',
        bank: 'CMB',
        host: 'localhost',
        port: 993,
        tls: true,
        username: 'x',
        password: 'y',
        folder: 'INBOX',
        status: 'on',
      },
    });
    expect(internal.envelope.code, internal.body).toBe(0);
    await sendBankNotification(t.ctx, 'ops-ccb', 'CCB', notice({ amount: '77.00', accountTail: '4242' }));
    const report = await poll();
    expect(report).toMatchObject({ mailboxes: 3, read: 1, stored: 1 });
    const rows = await t.ctx.db.select().from(emailMailboxes);
    expect(rows.find((r) => r.id === mailboxId)!.lastError).toMatch(/credentials|auth/i);
    expect(rows.find((r) => r.id === second)!.lastError).toBeNull();
    expect(rows.find((r) => r.id === internal.envelope.data.id)!.lastError).toMatch(
      /refused: localhost is a loopback/,
    );
  });
});

describe('the .eml upload', () => {
  it('refuses a malformed or unknown-bank file with a 400 naming it, writing nothing', async () => {
    const before = await orderCount();
    const malformed = await uploadEml(t, admin, Buffer.from('this is not an email at all'));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.envelope.msg).toContain('不是有效的邮件文件');
    const unknown = composeEmail({
      from: 'notice@unknown-bank.example',
      to: 'x@y',
      subject: 'Incoming transfer',
      text: 'You received 100.00',
      date: new Date(),
    });
    const refused = await uploadEml(t, admin, unknown, { en: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.envelope.msg).toContain('unknown bank');
    const empty = await uploadEml(t, admin, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const missingAmount = composeEmail({
      from: 'service@ccb.com',
      to: 'x@y',
      subject: '中国建设银行账户交易提醒',
      text: '您的账户*1234于2026-11-25 10:00:00转账存入，付款人：赵六。',
      date: new Date(),
    });
    const noAmount = await uploadEml(t, admin, missingAmount);
    expect(noAmount.statusCode).toBe(400);
    expect(noAmount.envelope.msg).toContain('金额');
    expect(await orderCount()).toBe(before);
  });

  it('stores a readable file once (a second upload of it is refused)', async () => {
    const eml = notificationEmail(
      'CMB',
      notice({ amount: '300.00', accountTail: '9090', payerName: '钱七' }),
      'x@y',
      new Date(),
    );
    const first = await uploadEml(t, admin, eml, { mailboxId });
    expect(first.envelope.code, first.body).toBe(0);
    expect(first.envelope.data).toMatchObject({ status: 'unmatched', matchId: null });
    const again = await uploadEml(t, admin, eml);
    expect(again.statusCode).toBe(400);
    expect(again.envelope.msg).toContain('已生成过邮件订单');
    const [row] = await t.ctx.db.select().from(emailOrders).where(eq(emailOrders.id, first.envelope.data.id));
    expect(row).toMatchObject({ source: 'upload', bank: 'CMB', amount: '300.00000000', mailboxId });
  });
});

describe('the header badge', () => {
  it('counts the unmatched email orders of the window', async () => {
    const [{ n }] = (await t.ctx.db
      .select({ n: count() })
      .from(emailOrders)
      .where(eq(emailOrders.status, 'unmatched'))) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
    const day = (d: Date) => d.toISOString();
    const now = t.ctx.clock.now();
    const res = await call<{ failedMatchEmailOrderCount: number }>(
      t,
      'POST',
      '/api/pay/transferOrder/countTransferOrder',
      {
        session: admin,
        body: {
          startTime: day(new Date(now.getTime() - 5 * 86_400_000)),
          endTime: day(new Date(now.getTime() + 86_400_000)),
        },
      },
    );
    expect(res.envelope.code, res.body).toBe(0);
    expect(res.envelope.data.failedMatchEmailOrderCount).toBe(n);
  });
});
