/**
 * Bank email orders go through the risk service (issue 13, blackBlockEmailLog): an email whose payer
 * is on the deposit black list is stored `blocked`, confirms nothing, and shows on the email block
 * log linked to its email order (and on the block log); an operator's bind of an unmatched email to
 * a match whose member is black-listed is refused (400 on matchId), logged, and changes nothing.
 */
import { depositBlack } from '@payops/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userOf } from '../src/demo/email-day.ts';
import { runEmailRiskDay } from '../src/demo/email-risk-day.ts';
import { notificationEmail } from '../src/modules/email/sandbox/bank.ts';
import { addSandboxMailbox, uploadEml } from './email-support.ts';
import { call } from './harness.ts';
import {
  addMembers,
  type MatchWorld,
  matchByNo,
  matchedDeposit,
  matchWorld,
  ok,
  type Piece,
  pooledWithdrawal,
  type Row,
  rowOf,
  voucher,
} from './match-support.ts';

let w: MatchWorld;

/** A payer-paid match of `payer`'s deposit into `payee`'s withdrawal. */
async function paidMatch(payee: string, payer: string, amount: string): Promise<Row> {
  await pooledWithdrawal(w, payee, amount);
  const d = await matchedDeposit(w, payer, amount);
  const piece = d.envelope.data.pieces[0] as Piece;
  expect((await voucher(w, piece.matchNo)).envelope.code).toBe(0);
  return matchByNo(w, piece.matchNo);
}

const emailFor = (m: Row, payerName: string) =>
  notificationEmail(
    'CCB',
    {
      amount: String(m.amount),
      accountTail: String(m.payee_account_no).slice(-4),
      payerName,
      paidAt: w.t.ctx.clock.now(),
    },
    'risk@bank',
    w.t.ctx.clock.now(),
  );

const emailLog = (filters: Record<string, unknown> = {}) =>
  ok<{ list: Row[] }>(w, '/api/financeRisk/blockEmailLog/findByPage', { filters, page: 1, pageSize: 20 });

beforeAll(async () => {
  w = await matchWorld();
  await addMembers(w, w.a, ['ra1', 'ra2']);
  await addMembers(w, w.b, ['rb1', 'rb2']);
}, 120_000);
afterAll(() => w.t.close());

describe('email orders and the risk lists', () => {
  it('a black-listed payer’s email is blocked, confirms nothing, and is on the email block log', async () => {
    const m = await paidMatch('ra1', 'rb1', '300');
    await ok(w, depositBlack.actions.add!.path, { kind: 'realName', value: 'Name rb1', reason: '冒名付款' });
    const res = await uploadEml(w.t, w.admin, emailFor(m, 'Name rb1'));
    expect(res.envelope.code, res.body).toBe(0);
    expect(res.envelope.data).toMatchObject({ status: 'blocked', reason: 'riskBlocked' });
    expect((await matchByNo(w, String(m.match_no))).status).toBe('payer_paid');

    const log = await emailLog();
    expect(log.list).toHaveLength(1);
    expect(log.list[0]).toMatchObject({
      emailOrderId: res.envelope.data.id,
      rule: 'depositBlack',
      kind: 'realName',
      orderNo: m.deposit_order_no,
      mchNo: w.b.mchNo,
    });
    // The general block log has it too (source email); the email log never shows other sources.
    const all = await ok<{ list: Row[] }>(w, '/api/financeRisk/blockLog/findByPage', {
      filters: { source: 'email' },
      page: 1,
      pageSize: 20,
    });
    expect(all.list).toHaveLength(1);
    const order = await rowOf(w, 'email_orders', 'id = $1', res.envelope.data.id);
    expect(order).toMatchObject({ status: 'blocked', match_id: m.id });
  });

  it('binding an unmatched email to a black-listed member’s match is refused and logged', async () => {
    const m = await paidMatch('ra2', 'rb2', '200');
    // Another payer name: the email fits no match and stays unmatched.
    const res = await uploadEml(w.t, w.admin, emailFor(m, 'Somebody Else'));
    expect(res.envelope.data.status).toBe('unmatched');
    await ok(w, depositBlack.actions.add!.path, { kind: 'member', value: 'rb2', reason: '多次拒付' });
    const bind = await call(w.t, 'POST', '/api/pay/emailOrder/bind', {
      session: w.admin,
      body: { id: res.envelope.data.id, matchId: Number(m.id), reason: 'paid by a relative' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(bind.statusCode, bind.body).toBe(400);
    expect(bind.body).toContain('matchId');
    expect(bind.body).toContain('risk list');
    expect((await rowOf(w, 'email_orders', 'id = $1', res.envelope.data.id)).status).toBe('unmatched');
    expect((await matchByNo(w, String(m.match_no))).status).toBe('payer_paid');
    const log = await emailLog({ emailOrderId: res.envelope.data.id });
    expect(log.list).toMatchObject([{ rule: 'depositBlack', kind: 'member', orderNo: m.deposit_order_no }]);
  });

  it('the demo step: a transfer from a black-listed payer name read over IMAP comes out blocked', async () => {
    await addSandboxMailbox(w.t, w.admin, userOf('ICBC'), 'ICBC');
    const before = (await emailLog()).list.length;
    // The demo runs on a sandbox platform (its step does nothing otherwise).
    const config = w.t.ctx.config as { sandbox: boolean };
    const was = config.sandbox;
    config.sandbox = true;
    try {
      expect(await runEmailRiskDay(w.t.ctx)).toBe(2);
    } finally {
      config.sandbox = was;
    }
    const log = await emailLog();
    expect(log.list).toHaveLength(before + 1);
    expect(log.list[0]).toMatchObject({ rule: 'depositBlack', kind: 'realName', orderNo: '' });
  });
});
