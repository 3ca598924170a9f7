/**
 * Deposit orders through the operators' routes (issue 10): the receipt audit (approve credits the
 * merchant amount - fee once, reject credits nothing), the refund (reverses the credit; refused when
 * the merchant's available balance is short), manual success and failure under maker-checker with a
 * code, every path's bad input answering a 4xx with nothing changed, a race of parallel approvals with
 * one credit, the final-state event, the order events and the expiry job.
 */
import { ErrorCode, orderActionOf, orderRecordPage, systemText } from '@payops/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OrderFinal, onOrderFinal } from '../src/modules/order/final-state.ts';
import { expireDueDeposits } from '../src/modules/order/timeouts.ts';
import { operationLog } from '../src/modules/sys/schema.ts';
import { ledgerIsSound, verifyLedger } from '../src/platform/ledger/index.ts';
import { statusHistory } from '../src/platform/transitions/index.ts';
import {
  balances,
  code,
  depositInAudit,
  depositRow,
  entriesOf,
  eventsOf,
  fundMerchant,
  key,
  newMerchant,
  newWithdrawal,
  type OrderWorld,
  orderWorld,
  platform,
  post,
  type Row,
} from './order-support.ts';
import { statementsSent } from './statements-sent.ts';

let w: OrderWorld;
const finals: OrderFinal[] = [];
let stopListening: () => void;

beforeAll(async () => {
  w = await orderWorld();
  // Said in no SQL form: this file's transitions keep the transaction's path, where it runs.
  stopListening = onOrderFinal(
    async (_tx, e) => {
      finals.push(e);
    },
    () => undefined,
  );
});
afterAll(async () => {
  // Listeners are the process's, and the worker runs other files after this one.
  stopListening();
  const report = await verifyLedger(w.t.ctx.db);
  expect(ledgerIsSound(report), JSON.stringify(report)).toBe(true);
  await w.t.close();
});

const API = '/api/pay/depositOrder';

describe('receipt audit', () => {
  it('approve credits amount - fee, the fee to fee income and -amount to settlement, in one entry', async () => {
    const m = await newMerchant(w, 'Deposit Approve Co');
    const before = await platform(w);
    const o = await depositInAudit(w, m.id, '1000');
    const res = await post(w, `${API}/approve`, { id: o.id }, { key: key() });
    expect(res.envelope.code, res.body).toBe(0);
    expect(res.envelope.data).toMatchObject({ id: o.id, from: 'in_audit', to: 'success' });
    expect(await balances(w, m.id)).toEqual({ available: '990.00000000', frozen: '0.00000000' });
    const after = await platform(w);
    expect(Number(after.settlement) - Number(before.settlement)).toBe(-1000);
    expect(Number(after.fees) - Number(before.fees)).toBe(10);
    const row = await depositRow(w, o.id);
    expect(row).toMatchObject({ status: 'success', reviewedByName: 'admin' });
    expect(row.finishedAt).not.toBeNull();
    expect(row.paidAt).not.toBeNull();
    const entries = await entriesOf(w, 'deposit_order', o.orderNo);
    expect(entries.map((e) => e.event)).toEqual(['deposit']);
    expect(row.entryId).toBe(entries[0]!.id);
    expect(finals.filter((f) => f.order.orderNo === o.orderNo).map((f) => f.order.status)).toEqual([
      'success',
    ]);
    const events = await eventsOf(w, 'deposit', o.id);
    expect(events.map((e) => [e.action, e.fromStatus, e.toStatus, e.decision])).toEqual([
      ['deposit.submit', 'created', 'pending_payment', false],
      ['deposit.pay', 'pending_payment', 'paid', false],
      ['deposit.audit', 'paid', 'in_audit', false],
      ['deposit.approve', 'in_audit', 'success', true],
    ]);
  });

  it('writes the order event with the change and posts the credit last, after the history and audit rows', async () => {
    const m = await newMerchant(w, 'Deposit Order Of Writes Co');
    const o = await depositInAudit(w, m.id, '100');
    // The statements the approval's transaction sends, in order (the merchant's balance row is locked
    // by the posting: every approval of the merchant waits for it until the commit).
    const { sent, result: res } = await statementsSent(() =>
      post(w, `${API}/approve`, { id: o.id }, { key: key() }),
    );
    expect(res.envelope.code, res.body).toBe(0);
    const at = (test: (s: string) => boolean) => sent.findIndex(test);
    const begin = sent.indexOf('begin');
    const commit = sent.lastIndexOf('commit');
    const posting = at((s) => s.includes('insert into ledger_entries'));
    const history = at((s) => s.includes('insert into "status_history"'));
    const audit = at((s) => s.includes('insert into "operation_log"') && s.includes('audit_chain_heads'));
    expect([begin, history, audit].every((i) => i >= 0 && i < posting)).toBe(true);
    expect(commit).toBeGreaterThan(posting);
    // The order event is written by the change's own statement, not by one of its own.
    const change = sent.find((s) => s.startsWith('with upd as (update "deposit_orders"'));
    expect(change).toContain('insert into "order_events"');
    expect(sent.filter((s) => s.startsWith('insert into "order_events"'))).toEqual([]);
    expect((await eventsOf(w, 'deposit', o.id)).filter((e) => e.action === 'deposit.approve')).toHaveLength(
      1,
    );
    expect(
      sent
        .slice(posting + 1, commit)
        .filter((s) => s.startsWith('insert') || s.startsWith('update') || s.startsWith('with')),
    ).toEqual([]);
    expect(await balances(w, m.id)).toEqual({ available: '99.00000000', frozen: '0.00000000' });
    // So is the status-history row, with the extra the effect gives the audit row (computed apart).
    expect(change).toContain('insert into "status_history"');
    expect(sent.filter((s) => s.startsWith('insert into "status_history"'))).toEqual([]);
    const row = await depositRow(w, o.id);
    const extra = { entryId: Number(row.entryId), amount: row.amount, fee: row.fee };
    expect(extra).toEqual({ entryId: expect.any(Number), amount: '100.00000000', fee: '1.00000000' });
    const [historyRow] = await w.t.ctx.db
      .select()
      .from(statusHistory)
      .where(and(eq(statusHistory.recordId, String(o.id)), eq(statusHistory.transition, 'approve')));
    expect(historyRow!.extra).toEqual(extra);
    const [auditRow] = await w.t.ctx.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.objectType, 'orderDepositList'), eq(operationLog.objectId, String(o.id))))
      .orderBy(desc(operationLog.id))
      .limit(1);
    expect(auditRow!.detail).toMatchObject(extra);
  });

  it('ten parallel approvals of one order credit it exactly once', async () => {
    const m = await newMerchant(w, 'Deposit Race Co');
    const o = await depositInAudit(w, m.id, '500');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(w, `${API}/approve`, { id: o.id }, { key: key() })),
    );
    const codes = answers.map((a) => a.envelope.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === ErrorCode.conflict)).toHaveLength(9);
    expect(await balances(w, m.id)).toMatchObject({ available: '495.00000000' });
    expect(await entriesOf(w, 'deposit_order', o.orderNo)).toHaveLength(1);
  });

  it('refuses bad input with a 4xx and changes nothing', async () => {
    const m = await newMerchant(w, 'Deposit Refusals Co');
    const o = await depositInAudit(w, m.id, '200');
    const paid = await depositInAudit(w, m.id, '200', 'paid');
    // No Idempotency-Key on a money-moving transition.
    const noKey = await post(w, `${API}/approve`, { id: o.id });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.body).toContain('Idempotency-Key');
    // Wrong state: a paid order is not in audit yet.
    const wrong = await post(w, `${API}/approve`, { id: paid.id }, { key: key(), en: true });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.body).toContain('is no longer In audit (now: Paid)');
    // Unknown id.
    const unknown = await post(w, `${API}/approve`, { id: 99_999_999 }, { key: key() });
    expect(unknown.statusCode).toBe(404);
    // A reject without a reason, or a too short one.
    const noReason = await post(w, `${API}/reject`, { id: o.id });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.envelope.data).toMatchObject({ fields: [{ field: 'reason' }] });
    const short = await post(w, `${API}/reject`, { id: o.id, reason: 'x' });
    expect(short.statusCode).toBe(400);
    // A system transition has no route.
    const system = await post(w, `${API}/pay`, { id: paid.id });
    expect(system.statusCode).toBe(404);
    expect((await depositRow(w, o.id)).status).toBe('in_audit');
    expect((await depositRow(w, paid.id)).status).toBe('paid');
    expect(await balances(w, m.id)).toEqual({ available: '0.00000000', frozen: '0.00000000' });
    expect(await eventsOf(w, 'deposit', o.id)).toHaveLength(3);
  });

  it("refuses the receipt audit of a matched order with the family guard's reason, and credits nothing", async () => {
    const m = await newMerchant(w, 'Deposit Matched Co');
    const o = await depositInAudit(w, m.id, '400');
    // A matched (P2P) deposit settles through its matches: the guard the approval's one statement
    // carries as SQL keeps it unchanged there, and the locking path says why.
    await w.t.ctx.pool.query(`UPDATE deposit_orders SET family = 'match' WHERE id = $1`, [o.id]);
    const res = await post(w, `${API}/approve`, { id: o.id }, { key: key(), en: true });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain('a matched order settles through its matches');
    expect((await depositRow(w, o.id)).status).toBe('in_audit');
    expect(await balances(w, m.id)).toEqual({ available: '0.00000000', frozen: '0.00000000' });
    expect(await entriesOf(w, 'deposit_order', o.orderNo)).toHaveLength(0);
  });

  it('reject fails the order with its reason and credits nothing', async () => {
    const m = await newMerchant(w, 'Deposit Reject Co');
    const o = await depositInAudit(w, m.id, '300');
    const res = await post(w, `${API}/reject`, { id: o.id, reason: '未收到款项' });
    expect(res.envelope.code, res.body).toBe(0);
    expect(await depositRow(w, o.id)).toMatchObject({ status: 'failed', failReason: '未收到款项' });
    expect(await entriesOf(w, 'deposit_order', o.orderNo)).toHaveLength(0);
    expect(finals.find((f) => f.order.orderNo === o.orderNo)?.order.status).toBe('failed');
  });
});

describe('refund', () => {
  it('reverses the credit (event refund) and returns the fee', async () => {
    const m = await newMerchant(w, 'Refund Co');
    const before = await platform(w);
    const o = await fundMerchant(w, m.id, '1000');
    const noReason = await post(w, `${API}/refund`, { id: o.id }, { key: key() });
    expect(noReason.statusCode).toBe(400);
    const res = await post(w, `${API}/refund`, { id: o.id, reason: '会员申请退款' }, { key: key() });
    expect(res.envelope.code, res.body).toBe(0);
    expect(await balances(w, m.id)).toMatchObject({ available: '0.00000000' });
    const after = await platform(w);
    expect(Number(after.settlement)).toBe(Number(before.settlement));
    expect(Number(after.fees)).toBe(Number(before.fees));
    const events = (await entriesOf(w, 'deposit_order', o.orderNo)).map((e) => e.event).sort();
    expect(events).toEqual(['deposit', 'refund']);
    expect((await depositRow(w, o.id)).status).toBe('refunded');
  });

  it("is refused on the order when the merchant's available balance is short, and nothing moves", async () => {
    const m = await newMerchant(w, 'Refund Short Co');
    const o = await fundMerchant(w, m.id, '1000');
    // The merchant withdraws most of it: 900 + 9 fee frozen.
    await newWithdrawal(w, m.id, '900');
    const res = await post(w, `${API}/refund`, { id: o.id, reason: '会员申请退款' }, { key: key() });
    expect(res.statusCode).toBe(400);
    expect(res.envelope.data).toMatchObject({
      fields: [{ field: 'id', message: '商户可用余额不足，无法退款' }],
    });
    expect((await depositRow(w, o.id)).status).toBe('success');
    expect(await balances(w, m.id)).toEqual({ available: '81.00000000', frozen: '909.00000000' });
  });
});

describe('manual success and failure (maker-checker)', () => {
  it('a manual success needs a code and a reason; the maker cannot approve it; a checker can, once', async () => {
    const m = await newMerchant(w, 'Manual Success Co');
    const o = await depositInAudit(w, m.id, '100', 'pending_payment');
    const noCode = await post(w, `${API}/manualSuccess`, { id: o.id, reason: '会员已付款，上游未回调' });
    expect(noCode.envelope.code).toBe(ErrorCode.needCode);
    const noReason = await post(
      w,
      `${API}/manualSuccess`,
      { id: o.id },
      { code: await code(w, w.adminSecret) },
    );
    expect(noReason.statusCode).toBe(400);
    expect((await depositRow(w, o.id)).status).toBe('pending_payment');
    const asked = await post(
      w,
      `${API}/manualSuccess`,
      { id: o.id, reason: '会员已付款，上游未回调' },
      { code: await code(w, w.adminSecret) },
    );
    expect(asked.envelope.code, asked.body).toBe(0);
    expect(await depositRow(w, o.id)).toMatchObject({ status: 'manual_success_pending', manualBy: 1 });
    // The list names the maker (a reference to the operator), not their id.
    const listed = await post<{ list: Row[] }>(w, `${API}/findByPage`, { filters: { orderNo: o.orderNo } });
    expect(listed.envelope.data.list[0]).toMatchObject({ manualBy: 1, manualByLabel: 'admin' });
    const own = await post(w, `${API}/approveManualSuccess`, { id: o.id }, { key: key(), en: true });
    expect(own.statusCode).toBe(400);
    expect(own.body).toContain('the maker cannot approve');
    expect(await balances(w, m.id)).toEqual({ available: '0.00000000', frozen: '0.00000000' });
    const races = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(w, `${API}/approveManualSuccess`, { id: o.id }, { key: key(), session: w.checker }),
      ),
    );
    expect(races.filter((r) => r.envelope.code === 0)).toHaveLength(1);
    expect(await balances(w, m.id)).toMatchObject({ available: '99.00000000' });
    expect(await depositRow(w, o.id)).toMatchObject({ status: 'success', reviewedByName: 'checker' });
  });

  it('a declined manual request goes back to the state it left; a manual failure fails the order', async () => {
    const m = await newMerchant(w, 'Manual Fail Co');
    const o = await depositInAudit(w, m.id, '100', 'paid');
    const asked = await post(w, `${API}/manualFail`, { id: o.id, reason: '疑似欺诈订单' });
    expect(asked.envelope.code, asked.body).toBe(0);
    const declined = await post(
      w,
      `${API}/declineManual`,
      { id: o.id, reason: '已核实付款' },
      { session: w.checker },
    );
    expect(declined.envelope.code, declined.body).toBe(0);
    expect(declined.envelope.data).toMatchObject({ from: 'manual_fail_pending', to: 'paid' });
    expect(await depositRow(w, o.id)).toMatchObject({ status: 'paid', manualBy: null });
    await post(w, `${API}/manualFail`, { id: o.id, reason: '疑似欺诈订单' });
    const ok = await post(w, `${API}/approveManualFail`, { id: o.id }, { session: w.checker });
    expect(ok.envelope.code, ok.body).toBe(0);
    expect(await depositRow(w, o.id)).toMatchObject({ status: 'failed', failReason: '疑似欺诈订单' });
    const decisions = (await eventsOf(w, 'deposit', o.id)).filter((e) => e.decision).map((e) => e.action);
    expect(decisions).toEqual([
      'deposit.manualFail',
      'deposit.declineManual',
      'deposit.manualFail',
      'deposit.approveManualFail',
    ]);
    expect(await entriesOf(w, 'deposit_order', o.orderNo)).toHaveLength(0);
  });
});

describe('expiry job', () => {
  it('times out the open deposits past expiresAt, and no others', async () => {
    const m = await newMerchant(w, 'Expiry Co');
    const open = await depositInAudit(w, m.id, '50', 'pending_payment');
    const audit = await depositInAudit(w, m.id, '50');
    expect(await expireDueDeposits(w.t.ctx, w.t.ctx.clock.now())).not.toContain(open.id);
    const later = new Date(open.expiresAt!.getTime() + 1000);
    const expired = await expireDueDeposits(w.t.ctx, later);
    expect(expired).toContain(open.id);
    expect(expired).not.toContain(audit.id);
    expect(await depositRow(w, open.id)).toMatchObject({ status: 'timeout' });
    expect((await depositRow(w, open.id)).finishedAt).not.toBeNull();
    expect(await expireDueDeposits(w.t.ctx, later)).not.toContain(open.id);
    // The job's reason is a code, read in each operator's language (list and export).
    const filters = { orderNo: open.orderNo, action: orderActionOf('deposit', 'expire') };
    const page = await post<{ list: Row[] }>(w, `${orderRecordPage.api}/findByPage`, { page: 1, filters });
    expect(page.envelope.data.list.map((r) => r.reason)).toEqual([systemText('timeout')]);
    for (const [en, said] of [
      [false, '超时'],
      [true, 'Timed out'],
    ] as const) {
      const csv = await post(w, `${orderRecordPage.api}/export`, { format: 'csv', filters }, { en });
      expect(csv.body).toContain(said);
      expect(csv.body).not.toContain('@timeout');
    }
  });
});
