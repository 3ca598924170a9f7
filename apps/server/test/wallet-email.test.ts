/**
 * The wallet's gaps of issue 16 through the real routes:
 * - wallet mailboxes (emailConfigListWallet) and their email orders (emailOrderListWallet): the email
 *   engine bound to the wallet's scope; a sandbox bank email of a wallet buyer's payment, read over
 *   IMAP, marks that wallet trade order paid through its transition; the matching's pages never see
 *   the wallet's records (nor the reverse);
 * - assigning a dispute to another operator (who holds the dispute permission; bad input names the
 *   field; audited; the assignee's bell);
 * - an operator's evidence file (type and size checked, stored by hash, audited);
 * - maker-checker above the wallet's approval amount: a second operator approves, the maker cannot.
 */
import { emailBindOf } from '@payops/contracts/resources/order/email-order';
import { emailOrderListWallet } from '@payops/contracts/resources/wallet/wallet-email';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollMailboxes } from '../src/modules/email/poller.ts';
import {
  sandboxImap,
  sandboxMailboxPassword,
  sendBankNotification,
} from '../src/modules/email/sandbox/bank.ts';
import { openWalletDispute } from '../src/modules/wallet/dispute.service.ts';
import { walletPayAccounts } from '../src/modules/wallet/wallet.schema.ts';
import { submitKyc } from '../src/modules/wallet/wallet-app.service.ts';
import { takeWalletAd, walletActor } from '../src/modules/wallet/wallet-trade.service.ts';
import { findAccount, ledgerIsSound, verifyLedger } from '../src/platform/ledger/index.ts';
import { call, createOperator, type Session, signIn } from './harness.ts';
import { ok, PNG, paidOrder, type Row, type WalletWorld, walletWorld } from './wallet-support.ts';

let w: WalletWorld;
let checker: Session;
let checkerId: number;
let outsider: Session;
let outsiderId: number;

beforeAll(async () => {
  w = await walletWorld();
  checkerId = await createOperator(w.t, 'checker', 'Checker12345', ['admin']);
  checker = await signIn(w.t, 'checker', 'Checker12345');
  outsiderId = await createOperator(w.t, 'outsider', 'Outsider12345', []);
  outsider = await signIn(w.t, 'outsider', 'Outsider12345');
}, 60_000);
afterAll(async () => {
  const report = await verifyLedger(w.t.ctx.db);
  expect(ledgerIsSound(report), JSON.stringify(report)).toBe(true);
  await w.t.close();
});

const post = (path: string, body: Row, session: Session = w.admin, en = true) =>
  call<Row>(w.t, 'POST', path, {
    session,
    body,
    headers: { 'idempotency-key': `k-${Math.random()}`, ...(en ? { 'accept-language': 'en-US' } : {}) },
  });
const list = async (path: string, filters: Row = {}) =>
  (await ok<{ list: Row[] }>(w, `${path}/findByPage`, { filters, pageSize: 50 })).list;
const fieldsOf = (body: string) =>
  (JSON.parse(body).data?.fields ?? []) as { field: string; message: string }[];

describe('wallet mailboxes and email orders', () => {
  it('a wallet mailbox is added on the wallet page, a bad one refused naming the field', async () => {
    const bad = await post('/api/wallet/emailConfig/add', {
      name: 'no password',
      bank: 'ICBC',
      host: '127.0.0.1',
      port: 993,
      tls: false,
      username: 'x',
      folder: 'INBOX',
      status: 'on',
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.body)[0]).toMatchObject({
      field: 'password',
      message: 'is required for a new mailbox',
    });
    const noBank = await post('/api/wallet/emailConfig/add', { name: 'x', bank: 'NOPE', password: 'p' });
    expect(noBank.statusCode).toBe(400);
    expect(await list('/api/wallet/emailConfig')).toHaveLength(0);
  });

  it("a bank email of a wallet buyer's payment marks the wallet order paid; the matching never sees it", async () => {
    // The buyer's KYC name and the seller's receiving card: what a bank email shows.
    await w.t.ctx.db.transaction(async (tx) => {
      await submitKyc(w.t.ctx, tx, w.buyer, '李雷', '110101199001011234');
      await tx.insert(walletPayAccounts).values({
        walletMemberId: w.seller,
        memberAccount: 'WS0001',
        payType: 'bank_card',
        accountNo: '6222020000004321',
        holderName: '韩梅梅',
      });
    });
    // A sandbox bank mailbox added on the wallet's page.
    const mailboxId = await addWalletMailbox();
    const order = await takeWalletAd(w.t.ctx, w.buyer, { adId: w.adId, amount: '15', payType: 'alipay' });
    const now = w.t.ctx.clock.now();
    await sendBankNotification(w.t.ctx, 'wallet-icbc', 'ICBC', {
      amount: order.fiatAmount,
      accountTail: '4321',
      payerName: '李雷',
      paidAt: now,
    });
    await sendBankNotification(w.t.ctx, 'wallet-icbc', 'ICBC', {
      amount: '12345.67',
      accountTail: '4321',
      payerName: '李雷',
      paidAt: now,
    });
    const polled = await pollMailboxes(w.t.ctx);
    expect(polled.stored).toBe(2);
    const orders = await list('/api/wallet/emailOrder', { mailboxId });
    expect(orders.map((o) => [o.status, o.tradeOrderId, o.reason])).toEqual([
      ['unmatched', null, 'noMatch'],
      ['matched', order.id, null],
    ]);
    expect(orders[1]?.tradeOrderIdLabel).toBe(order.orderNo);
    const [trade] = await list('/api/wallet/tradeBuy', { orderNo: order.orderNo });
    expect(trade?.status).toBe('paid');
    // The trade order's history names the transition the email ran.
    const { rows } = await w.t.ctx.pool.query(
      `SELECT transition FROM status_history WHERE resource = 'tradeOrderList' AND record_id = $1`,
      [String(order.id)],
    );
    expect(rows.map((r) => r.transition)).toContain('pay');
    // The matching's pages hold none of the wallet's records.
    expect(await list('/api/pay/emailOrder', { mailboxId })).toHaveLength(0);
    expect((await list('/api/merchant/emailConfig')).map((m) => m.id)).not.toContain(mailboxId);
    const edit = await post('/api/merchant/emailConfig/edit', { id: mailboxId, name: 'moved' });
    expect(edit.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('an operator binds an email no wallet order fits to the order it pays, which it marks paid', async () => {
    const order = await takeWalletAd(w.t.ctx, w.buyer, { adId: w.adId, amount: '10', payType: 'alipay' });
    // Paid from another name than the buyer's: no order fits, the email stays unmatched.
    await sendBankNotification(w.t.ctx, 'wallet-icbc', 'ICBC', {
      amount: order.fiatAmount,
      accountTail: '4321',
      payerName: '王五',
      paidAt: w.t.ctx.clock.now(),
    });
    expect((await pollMailboxes(w.t.ctx)).stored).toBe(1);
    const email = (await list('/api/wallet/emailOrder', { status: 'unmatched' })).find(
      (e) => Number(e.amount) === Number(order.fiatAmount),
    );
    expect(email).toMatchObject({ status: 'unmatched', reason: 'noMatch', tradeOrderId: null });
    // The dialog's choice: the wallet orders awaiting payment (the bind's `waiting` filters).
    const choice = await ok<{ list: { value: number }[] }>(w, '/api/wallet/tradeBuy/options', {
      filters: emailBindOf(emailOrderListWallet)!.waiting,
      page: 1,
      pageSize: 50,
    });
    expect(choice.list.map((o) => o.value)).toContain(order.id);
    const bind = (body: Row) =>
      post('/api/wallet/emailOrder/bind', { id: email!.id, reason: '买家用家人账户付款', ...body });

    // An order already paid, no reason, an unknown order: refused naming the field, nothing changes.
    const [paid] = await list('/api/wallet/tradeBuy', { status: ['paid'] });
    expect(choice.list.map((o) => o.value)).not.toContain(paid!.id);
    const notWaiting = await bind({ tradeOrderId: paid!.id });
    expect(notWaiting.statusCode).toBe(400);
    expect(fieldsOf(notWaiting.body)[0]).toMatchObject({
      field: 'tradeOrderId',
      message: 'the wallet order is not awaiting payment',
    });
    expect((await bind({ tradeOrderId: order.id, reason: '' })).statusCode).toBe(400);
    expect(fieldsOf((await bind({ tradeOrderId: 999_999 })).body)[0]?.field).toBe('tradeOrderId');
    // The matching's bind does not reach the wallet's email orders.
    const other = await post('/api/pay/emailOrder/bind', { id: email!.id, matchId: 1, reason: '越界绑定' });
    expect(other.statusCode).toBe(404);
    expect((await list('/api/wallet/emailOrder', { id: email!.id }))[0]?.status).toBe('unmatched');

    const done = await bind({ tradeOrderId: order.id });
    expect(done.envelope.code, done.body).toBe(0);
    const [bound] = await list('/api/wallet/emailOrder', { id: email!.id });
    expect(bound).toMatchObject({ status: 'matched', tradeOrderId: order.id });
    const [trade] = await list('/api/wallet/tradeBuy', { orderNo: order.orderNo });
    expect(trade?.status).toBe('paid');
    // The order's `pay` and the email's `bound` are the operator's, with the reason.
    const { rows } = await w.t.ctx.pool.query(
      `SELECT resource, transition, operator_name, reason FROM status_history
        WHERE (resource = 'tradeOrderList' AND record_id = $1) OR (resource = 'emailOrderListWallet' AND record_id = $2)
        ORDER BY id`,
      [String(order.id), String(email!.id)],
    );
    expect(rows.slice(-2)).toEqual([
      {
        resource: 'emailOrderListWallet',
        transition: 'bound',
        operator_name: 'admin',
        reason: '买家用家人账户付款',
      },
      { resource: 'tradeOrderList', transition: 'pay', operator_name: 'admin', reason: '' },
    ]);
    // Bound once: a second bind finds it no longer unmatched.
    expect((await bind({ tradeOrderId: order.id })).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('the wallet email pages need their own permission', async () => {
    for (const path of ['/api/wallet/emailConfig/findByPage', '/api/wallet/emailOrder/findByPage']) {
      const res = await post(path, {}, outsider);
      expect(res.statusCode, path).toBe(403);
    }
  });
});

async function addWalletMailbox() {
  const { host, port } = await sandboxImap(w.t.ctx);
  const res = await post('/api/wallet/emailConfig/add', {
    name: 'wallet ICBC',
    bank: 'ICBC',
    host,
    port,
    tls: false,
    username: 'wallet-icbc',
    password: sandboxMailboxPassword(w.t.ctx, 'wallet-icbc'),
    folder: 'INBOX',
    status: 'on',
  });
  expect(res.envelope.code, res.body).toBe(0);
  return Number(res.envelope.data.id);
}

const openCase = async (amount: string) => {
  const order = await paidOrder(w, amount);
  return openWalletDispute(
    w.t.ctx,
    { orderId: order.id, by: 'buyer', memberId: w.buyer, reason: '已付款卖家不放币' },
    await walletActor(w.t.ctx, w.buyer, 'en-US'),
  );
};
const bellOf = async (session: Session) => {
  const res = await call<{ groups: { kind: string; items: { id: number }[] }[] }>(
    w.t,
    'GET',
    '/api/dashboard/notifications',
    { session },
  );
  return res.envelope.data.groups.find((g) => g.kind === 'walletDisputes')?.items.map((i) => i.id) ?? [];
};

describe('dispute assignment, operator evidence, maker-checker', () => {
  it('assigns a case to an operator holding the dispute permission; bad input names the field', async () => {
    const d = await openCase('11');
    const assignees = await call<{ list: { value: number; label: string }[] }>(
      w.t,
      'GET',
      '/api/wallet/dispute/assignees',
      { session: w.admin },
    );
    const ids = assignees.envelope.data.list.map((a) => a.value);
    expect(ids).toContain(checkerId);
    expect(ids).not.toContain(outsiderId);
    const noPerm = await post('/api/wallet/dispute/assign', {
      id: d.id,
      operatorId: outsiderId,
      reason: '换人处理',
    });
    expect(noPerm.statusCode).toBe(400);
    expect(fieldsOf(noPerm.body)[0]).toMatchObject({
      field: 'operatorId',
      message: 'is not an enabled operator allowed to handle disputes',
    });
    const noReason = await post('/api/wallet/dispute/assign', { id: d.id, operatorId: checkerId });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('reason');
    const forbidden = await post(
      '/api/wallet/dispute/assign',
      { id: d.id, operatorId: checkerId, reason: 'xx' },
      outsider,
    );
    expect(forbidden.statusCode).toBe(403);
    const [before] = await list('/api/wallet/dispute', { disputeNo: d.disputeNo });
    expect(before?.claimedBy).toBeNull();

    // Unclaimed, the case is every handler's; assigned, it is the assignee's.
    const done = await post('/api/wallet/dispute/assign', {
      id: d.id,
      operatorId: checkerId,
      reason: '夜班处理',
    });
    expect(done.envelope.code, done.body).toBe(0);
    const [row] = await list('/api/wallet/dispute', { disputeNo: d.disputeNo });
    expect(row).toMatchObject({ claimedBy: checkerId, claimedByLabel: 'checker' });
    // On the case's timeline (its audit rows), with the reason.
    const audit = await call<Row[]>(w.t, 'GET', `/api/wallet/dispute/audit?id=${d.id}`, { session: w.admin });
    expect(audit.body).toContain('夜班处理');
    expect(audit.body).toContain('assign');
    // The assignee's work: overdue later, it is in their bell and no longer in the assigner's.
    w.t.ctx.clock.advance(31 * 60_000);
    const { markOverdue } = await import('../src/modules/wallet/dispute.service.ts');
    await markOverdue(w.t.ctx);
    w.admin = await signIn(w.t, 'admin', w.t.adminPassword);
    checker = await signIn(w.t, 'checker', 'Checker12345');
    outsider = await signIn(w.t, 'outsider', 'Outsider12345');
    expect(await bellOf(checker)).toContain(d.id);
    expect(await bellOf(w.admin)).not.toContain(d.id);
  });

  it("adds an operator's evidence file: type and size checked, stored by its hash, audited", async () => {
    const d = await openCase('12');
    const script = Buffer.from('#!/bin/sh\necho hi').toString('base64');
    const bad = await post('/api/wallet/dispute/addEvidence', { id: d.id, kind: 'voucher', content: script });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.body)[0]).toMatchObject({
      field: 'evidence',
      message: 'must be a PNG, JPEG or PDF file',
    });
    const badKind = await post('/api/wallet/dispute/addEvidence', { id: d.id, kind: 'movie', content: PNG });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.body).toContain('kind');
    const forbidden = await post(
      '/api/wallet/dispute/addEvidence',
      { id: d.id, kind: 'voucher', content: PNG },
      outsider,
    );
    expect(forbidden.statusCode).toBe(403);
    expect(await list('/api/wallet/disputeEvidence', { disputeId: d.id })).toHaveLength(0);

    const good = await post('/api/wallet/dispute/addEvidence', {
      id: d.id,
      kind: 'voucher',
      content: PNG,
      note: '客服核实的银行流水',
    });
    expect(good.envelope.code, good.body).toBe(0);
    const [e] = await list('/api/wallet/disputeEvidence', { disputeId: d.id });
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(Buffer.from(PNG, 'base64')).digest('hex');
    expect(e).toMatchObject({
      addedBy: 'operator',
      fileType: 'image/png',
      fileHash: hash,
      note: '客服核实的银行流水',
    });
    const audit = await call<Row[]>(w.t, 'GET', `/api/wallet/dispute/audit?id=${d.id}`, { session: w.admin });
    expect(audit.body).toContain('addEvidence');
  });

  it('above the approval amount (a wallet setting) a second operator approves; the maker cannot', async () => {
    const settings = await ok<{ list: Row[] }>(w, '/api/wallet/settings/findByPage', {});
    const id = settings.list.find((r) => r.key === 'disputeApprovalAmount')!.id;
    const badSetting = await post('/api/wallet/settings/edit', { id, value: '-5' });
    expect(badSetting.statusCode).toBe(400);
    expect(fieldsOf(badSetting.body)[0]?.field).toBe('value');
    await ok(w, '/api/wallet/settings/edit', { id, value: '10' });
    const d = await openCase('40');
    expect(d.needsApproval).toBe(true);
    const proposed = await post('/api/wallet/dispute/proposeRelease', { id: d.id, reason: '凭证属实' });
    expect(proposed.envelope.code, proposed.body).toBe(0);
    const own = await post('/api/wallet/dispute/approve', { id: d.id });
    expect(own.statusCode).toBeGreaterThanOrEqual(400);
    const buyerBefore = await findAccount(w.t.ctx.db, {
      ownerType: 'wallet_member',
      ownerId: w.buyer,
      currency: 'USDT',
    });
    const approved = await post('/api/wallet/dispute/approve', { id: d.id }, checker);
    expect(approved.envelope.code, approved.body).toBe(0);
    const [row] = await list('/api/wallet/dispute', { disputeNo: d.disputeNo });
    expect(row).toMatchObject({ status: 'resolved', resolution: 'release_buyer', decidedBy: checkerId });
    const buyerAfter = await findAccount(w.t.ctx.db, {
      ownerType: 'wallet_member',
      ownerId: w.buyer,
      currency: 'USDT',
    });
    // 40 USDT minus the 0.1 % fee, once.
    expect(Number(buyerAfter?.available) - Number(buyerBefore?.available ?? 0)).toBeCloseTo(39.96, 6);
  });
});
