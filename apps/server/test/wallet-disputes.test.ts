/**
 * Wallet disputes end to end through the services and routes: bad evidence refused with nothing
 * written, opened with evidence (the market's order disputed in the same transaction), claimed, past
 * its SLA (clock moved) marked overdue and counted in the bell, its payee shown masked, ruled on once
 * under a race, a split
 * through the ledger, maker-checker above the approval amount; the ledger sound at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markOverdue, openWalletDispute } from '../src/modules/wallet/dispute.service.ts';
import { walletActor } from '../src/modules/wallet/wallet-trade.service.ts';
import { findAccount, ledgerIsSound, verifyLedger } from '../src/platform/ledger/index.ts';
import { call, signInAdmin } from './harness.ts';
import { ok, PNG, paidOrder, type Row, type WalletWorld, walletWorld } from './wallet-support.ts';

let w: WalletWorld;

beforeAll(async () => {
  w = await walletWorld();
}, 60_000);
afterAll(async () => {
  const report = await verifyLedger(w.t.ctx.db);
  expect(ledgerIsSound(report), JSON.stringify(report)).toBe(true);
  await w.t.close();
});

const disputes = async (filters: Row = {}) =>
  (await ok<{ list: Row[] }>(w, '/api/wallet/dispute/findByPage', { filters, pageSize: 50 })).list;
const usdt = async (ownerId: number) =>
  Number(
    (await findAccount(w.t.ctx.db, { ownerType: 'wallet_member', ownerId, currency: 'USDT' }))?.available ??
      0,
  );
const open = async (orderId: number, evidence: { kind: 'voucher' | 'chat' | 'file'; content: string }[]) =>
  openWalletDispute(
    w.t.ctx,
    { orderId, by: 'buyer', memberId: w.buyer, reason: '已付款卖家不放币', evidence },
    await walletActor(w.t.ctx, w.buyer, 'en-US'),
  );
const rule = (path: string, body: Row) =>
  call(w.t, 'POST', `/api/wallet/dispute/${path}`, {
    session: w.admin,
    body,
    headers: { 'idempotency-key': `k-${Math.random()}` },
  });

describe('wallet disputes', () => {
  it('refuses evidence of a forbidden type or size with a 400 on evidence; nothing is written', async () => {
    const order = await paidOrder(w, '10');
    const text = Buffer.from('#!/bin/sh\necho not a voucher').toString('base64');
    await expect(open(order.id, [{ kind: 'voucher', content: text }])).rejects.toMatchObject({
      code: 400,
      data: { fields: [{ field: 'evidence', message: 'must be a PNG, JPEG or PDF file' }] },
    });
    const big = Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(3 * 1024 * 1024)]).toString('base64');
    await expect(open(order.id, [{ kind: 'file', content: big }])).rejects.toMatchObject({ code: 400 });
    expect(await disputes({ orderNo: order.orderNo })).toHaveLength(0);
    const { rows } = await w.t.ctx.pool.query('SELECT status FROM trade_orders WHERE id = $1', [order.id]);
    expect(rows[0].status).toBe('paid');
  });

  it('opens with evidence, is claimed, runs past its SLA and is overdue, then is ruled on once', async () => {
    const order = await paidOrder(w, '20');
    const d = await open(order.id, [
      { kind: 'voucher', content: PNG },
      { kind: 'chat', content: Buffer.from('买家: 已付款\n卖家: 没收到').toString('base64') },
    ]);
    expect(d.status).toBe('awaiting_seller');
    const { rows } = await w.t.ctx.pool.query('SELECT status FROM trade_orders WHERE id = $1', [order.id]);
    expect(rows[0].status).toBe('disputed');
    const evidence = await ok<{ list: Row[] }>(w, '/api/wallet/disputeEvidence/findByPage', {
      filters: { disputeId: d.id },
    });
    expect(evidence.list.map((e) => e.fileType)).toEqual(['image/png', 'text/plain']);
    // The detail shows where the buyer was told to pay: the seller's alipay account, masked.
    const payee = await ok<{ list: Row[] }>(w, '/api/wallet/disputePayee/findByPage', {
      filters: { tradeOrderId: d.tradeOrderId },
    });
    expect(payee.list).toEqual([
      expect.objectContaining({
        payType: 'alipay',
        payAccountIdLabel: '137****0001',
        holderName: '王*',
        bankName: '',
        fixedCodeId: null,
        codeOn: null,
      }),
    ]);

    await ok(w, '/api/wallet/dispute/claim', { id: d.id });
    expect(await markOverdue(w.t.ctx)).toBe(0);
    w.t.ctx.clock.advance(31 * 60_000);
    expect(await markOverdue(w.t.ctx)).toBe(1);
    // The operator's session timed out meanwhile: sign in again.
    w.admin = await signInAdmin(w.t);
    const [row] = await disputes({ disputeNo: d.disputeNo });
    expect(row).toMatchObject({ overdue: true, claimedBy: 1, status: 'awaiting_seller' });
    const bell = await call<{ groups: { kind: string; count: number }[] }>(
      w.t,
      'GET',
      '/api/dashboard/notifications',
      {
        session: w.admin,
      },
    );
    expect(bell.body).toContain('walletDisputes');

    const before = await usdt(w.buyer);
    const both = await Promise.all(
      [1, 2].map(() => rule('releaseToBuyer', { id: d.id, reason: '凭证属实，放币' })),
    );
    expect(both.map((r) => r.envelope.code).sort()).toEqual([0, 409]);
    const after = await usdt(w.buyer);
    // 20 USDT minus the 0.1 % fee, once.
    expect(Number(after) - Number(before)).toBeCloseTo(19.98, 6);
    const [done] = await disputes({ disputeNo: d.disputeNo });
    expect(done).toMatchObject({ status: 'resolved', resolution: 'release_buyer', overdue: false });
    const again = await rule('returnToSeller', { id: d.id, reason: '再来一次' });
    expect(again.statusCode).toBe(409);
  });

  it('splits: the seller gets the coins back, then the amount entered goes to the buyer', async () => {
    const order = await paidOrder(w, '30');
    const d = await open(order.id, []);
    const tooMuch = await rule('split', { id: d.id, reason: '各退一半', amount: '30' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.body).toContain('amount');
    const before = await usdt(w.buyer);
    const res = await rule('split', { id: d.id, reason: '各退一半', amount: '12.5' });
    expect(res.envelope.code, res.body).toBe(0);
    expect(Number(await usdt(w.buyer)) - Number(before)).toBeCloseTo(12.5, 6);
  });

  it('above the approval amount: proposed, and the maker cannot approve it', async () => {
    const settings = await ok<{ list: Row[] }>(w, '/api/wallet/settings/findByPage', {});
    const id = settings.list.find((r) => r.key === 'disputeApprovalAmount')!.id;
    await ok(w, '/api/wallet/settings/edit', { id, value: '10' });
    const order = await paidOrder(w, '40');
    const d = await open(order.id, []);
    expect(d.needsApproval).toBe(true);
    const direct = await rule('releaseToBuyer', { id: d.id, reason: '直接放币' });
    expect(direct.statusCode).toBeGreaterThanOrEqual(400);
    const proposed = await rule('proposeRelease', { id: d.id, reason: '凭证属实' });
    expect(proposed.envelope.code, proposed.body).toBe(0);
    const own = await rule('approve', { id: d.id });
    expect(own.statusCode).toBeGreaterThanOrEqual(400);
    const [row] = await disputes({ disputeNo: d.disputeNo });
    expect(row).toMatchObject({ status: 'pending_approval', resolution: 'release_buyer' });
  });
});
