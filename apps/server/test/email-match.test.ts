/**
 * Email orders confirming matches, through the real paths: a deposit split across two pooled
 * withdrawals (merchant API), both pieces payer-paid (vouchers); the sandbox bank's email for one
 * piece, read over IMAP by the poller, confirms that piece and only it (by email, the email order
 * kept on the match); the same email again changes nothing; an email whose payer differs stays
 * unmatched, and an operator binds it by hand (another amount refused) which confirms the other piece.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailPollJob } from '../src/modules/email/poller.ts';
import {
  deliverToSandbox,
  notificationEmail,
  sendBankNotification,
} from '../src/modules/email/sandbox/bank.ts';
import { addSandboxMailbox, uploadEml } from './email-support.ts';
import { call } from './harness.ts';
import {
  addMembers,
  type MatchWorld,
  matchByNo,
  matchedDeposit,
  matchWorld,
  type Piece,
  pooledWithdrawal,
  rowOf,
  voucher,
} from './match-support.ts';

let w: MatchWorld;
let pieces: Piece[];
const USER = 'ops-ccb';

const poll = () => emailPollJob.handler(w.t.ctx, {});
const notice = (m: Record<string, unknown>, over: { payerName?: string; amount?: string } = {}) => ({
  amount: over.amount ?? String(m.amount),
  accountTail: String(m.payee_account_no).slice(-4),
  payerName: over.payerName ?? String(m.payer_name),
  paidAt: w.t.ctx.clock.now(),
});

beforeAll(async () => {
  w = await matchWorld();
  await addMembers(w, w.a, ['wa1', 'wa2']);
  await addMembers(w, w.b, ['pb1']);
  await pooledWithdrawal(w, 'wa1', '300');
  await pooledWithdrawal(w, 'wa2', '200');
  const res = await matchedDeposit(w, 'pb1', '400');
  expect(res.envelope.code, res.body).toBe(0);
  pieces = res.envelope.data.pieces;
  expect(pieces).toHaveLength(2);
  for (const p of pieces) expect((await voucher(w, p.matchNo)).envelope.code).toBe(0);
  await addSandboxMailbox(w.t, w.admin, USER, 'CCB');
}, 120_000);
afterAll(() => w.t.close());

describe('an email order confirms the match it fits', () => {
  it('confirms one piece of a split match, and only it; the same email again changes nothing', async () => {
    const first = await matchByNo(w, pieces[0]!.matchNo);
    expect(first.status).toBe('payer_paid');
    const eml = notificationEmail('CCB', notice(first), `${USER}@bank`, w.t.ctx.clock.now());
    await deliverToSandbox(w.t.ctx, USER, eml);
    await deliverToSandbox(w.t.ctx, USER, eml);
    expect(await poll()).toMatchObject({ read: 2, stored: 1, duplicates: 1 });

    const confirmed = await matchByNo(w, pieces[0]!.matchNo);
    expect(confirmed).toMatchObject({ status: 'confirmed', confirmed_by: 'email' });
    const order = await rowOf(w, 'email_orders', 'id = $1', confirmed.email_order_id);
    expect(order).toMatchObject({ status: 'matched', match_id: confirmed.id, source: 'imap', bank: 'CCB' });
    expect((await matchByNo(w, pieces[1]!.matchNo)).status).toBe('payer_paid');
    // The deposit is not done: its other piece still waits.
    expect((await rowOf(w, 'matches', 'id = $1', confirmed.id)).deposit_order_id).toBeDefined();

    // The list shows the match by its number.
    const list = await call<{ list: Record<string, unknown>[] }>(
      w.t,
      'POST',
      '/api/pay/emailOrder/findByPage',
      {
        session: w.admin,
        body: { filters: { matchId: Number(confirmed.id) }, page: 1, pageSize: 10 },
      },
    );
    expect(list.envelope.code, list.body).toBe(0);
    expect(list.envelope.data.list[0]).toMatchObject({ status: 'matched', matchIdLabel: pieces[0]!.matchNo });

    // Uploaded again as a file: the same message, never a second order.
    const again = await uploadEml(w.t, w.admin, eml);
    expect(again.statusCode).toBe(400);
  });

  it('leaves an email whose payer differs unmatched; an operator binds it to the piece it pays', async () => {
    const second = await matchByNo(w, pieces[1]!.matchNo);
    await sendBankNotification(w.t.ctx, USER, 'CCB', notice(second, { payerName: '另一个人' }));
    expect(await poll()).toMatchObject({ read: 1, stored: 1 });
    const { rows } = await w.t.ctx.pool.query(`SELECT * FROM email_orders WHERE status = 'unmatched'`);
    expect(rows).toHaveLength(1);
    const order = rows[0];
    expect((await matchByNo(w, pieces[1]!.matchNo)).status).toBe('payer_paid');

    const bind = (body: Record<string, unknown>) =>
      call<{ id: number; matchId: number }>(w.t, 'POST', '/api/pay/emailOrder/bind', {
        session: w.admin,
        body: { id: Number(order.id), reason: '付款人用家人账户转账', ...body },
      });
    // The first piece is confirmed already; a missing reason is refused; nothing changes.
    const first = await matchByNo(w, pieces[0]!.matchNo);
    const wrong = await bind({ matchId: Number(first.id) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('matchId');
    const noReason = await bind({ matchId: Number(second.id), reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect((await rowOf(w, 'email_orders', 'id = $1', order.id)).status).toBe('unmatched');

    const ok = await bind({ matchId: Number(second.id) });
    expect(ok.envelope.code, ok.body).toBe(0);
    expect(await matchByNo(w, pieces[1]!.matchNo)).toMatchObject({
      status: 'confirmed',
      confirmed_by: 'email',
    });
    expect(await rowOf(w, 'email_orders', 'id = $1', order.id)).toMatchObject({
      status: 'matched',
      match_id: second.id,
    });
    // Bound once: a second bind finds it no longer unmatched.
    const twice = await bind({ matchId: Number(second.id) });
    expect(twice.statusCode).toBeGreaterThanOrEqual(400);
    const { rows: history } = await w.t.ctx.pool.query(
      `SELECT to_status, operator_name, reason FROM status_history WHERE resource = 'emailOrderList' AND record_id = $1`,
      [String(order.id)],
    );
    expect(history).toEqual([
      { to_status: 'matched', operator_name: 'admin', reason: '付款人用家人账户转账' },
    ]);
  });
});
