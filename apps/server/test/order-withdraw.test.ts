/**
 * Withdrawal orders through the operators' routes and the system transitions others run (issue 10):
 * review with the auto-review rules (a passing rule approves in the same transaction), approve, reject
 * (unfreezes), detain and release back to the state it left (the lifecycle's `back`), payout success
 * (frozen debited: settlement + amount, fee income + fee) and failure (unfrozen), manual decisions
 * under maker-checker; bad input refused with nothing changed; a race of rejections with one release.
 */
import { ErrorCode, orderTransferList } from '@payops/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBusinessHours, localClock } from '../src/modules/order/auto-review.ts';
import { withdrawReviewRules } from '../src/modules/order/schema.ts';
import { ledgerIsSound, verifyLedger } from '../src/platform/ledger/index.ts';
import { runSystemTransition, statusHistory } from '../src/platform/transitions/index.ts';
import {
  balances,
  code,
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
  withdrawRow,
} from './order-support.ts';

let w: OrderWorld;

beforeAll(async () => {
  // The auto-review rule's daily count counts the platform day's withdrawals: the test's in one day.
  w = await orderWorld({ localHour: 10 });
});
afterAll(async () => {
  const report = await verifyLedger(w.t.ctx.db);
  expect(ledgerIsSound(report), JSON.stringify(report)).toBe(true);
  await w.t.close();
});

const API = '/api/pay/transferOrder';

/** A merchant with 990 available (a 1000 deposit at 1%). */
async function fundedMerchant(name: string) {
  const m = await newMerchant(w, name);
  await fundMerchant(w, m.id, '1000');
  return m;
}

const pay = (id: number) =>
  runSystemTransition(w.t.ctx, orderTransferList, 'pay', id, { values: { upstreamOrderNo: `UP${id}` } });

describe('review, approve, reject', () => {
  it('waits in review without a rule; reject returns amount + fee to the balance (event release)', async () => {
    const m = await fundedMerchant('Withdraw Reject Co');
    const o = await newWithdrawal(w, m.id, '500');
    expect((await withdrawRow(w, o.id)).status).toBe('in_review');
    expect(await balances(w, m.id)).toEqual({ available: '485.00000000', frozen: '505.00000000' });
    const noKey = await post(w, `${API}/reject`, { id: o.id, reason: '收款信息有误' });
    expect(noKey.statusCode).toBe(400);
    const noReason = await post(w, `${API}/reject`, { id: o.id }, { key: key() });
    expect(noReason.statusCode).toBe(400);
    expect(await balances(w, m.id)).toMatchObject({ frozen: '505.00000000' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        post(w, `${API}/reject`, { id: o.id, reason: '收款信息有误' }, { key: key() }),
      ),
    );
    expect(answers.filter((a) => a.envelope.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.envelope.code === ErrorCode.conflict)).toHaveLength(7);
    expect(await balances(w, m.id)).toEqual({ available: '990.00000000', frozen: '0.00000000' });
    expect(await withdrawRow(w, o.id)).toMatchObject({ status: 'rejected', failReason: '收款信息有误' });
    expect((await entriesOf(w, 'withdraw_order', o.orderNo)).map((e) => e.event).sort()).toEqual([
      'freeze',
      'release',
    ]);
  });

  it('approve then payout success debits the frozen amount: settlement + amount, fee income + fee', async () => {
    const m = await fundedMerchant('Withdraw Pay Co');
    const before = await platform(w);
    const o = await newWithdrawal(w, m.id, '500');
    const res = await post(w, `${API}/approve`, { id: o.id });
    expect(res.envelope.code, res.body).toBe(0);
    expect(await withdrawRow(w, o.id)).toMatchObject({ status: 'approved', reviewedByName: 'admin' });
    const again = await post(w, `${API}/approve`, { id: o.id });
    expect(again.statusCode).toBe(409);
    await pay(o.id);
    await runSystemTransition(w.t.ctx, orderTransferList, 'paySuccess', o.id);
    expect(await balances(w, m.id)).toEqual({ available: '485.00000000', frozen: '0.00000000' });
    const after = await platform(w);
    expect(Number(after.settlement) - Number(before.settlement)).toBe(500);
    expect(Number(after.fees) - Number(before.fees)).toBe(5);
    expect((await withdrawRow(w, o.id)).finishedAt).not.toBeNull();
    const events = await eventsOf(w, 'withdraw', o.id);
    expect(events.map((e) => e.action)).toEqual([
      'withdraw.review',
      'withdraw.approve',
      'withdraw.pay',
      'withdraw.paySuccess',
    ]);
    // The approval ran as one statement (order-hooks' eventStatement): its event row is whole, as the
    // review's (the transaction's path) is.
    expect(Number(events[1]!.amount)).toBe(500);
    expect(events[1]).toMatchObject({
      orderNo: o.orderNo,
      mchNo: m.mchNo,
      amount: events[0]!.amount,
      fromStatus: 'in_review',
      toStatus: 'approved',
      operatorName: 'admin',
      decision: true,
    });
    const history = await w.t.ctx.db
      .select()
      .from(statusHistory)
      .where(
        and(eq(statusHistory.resource, orderTransferList.name), eq(statusHistory.recordId, String(o.id))),
      );
    expect(history.map((h) => `${h.fromStatus}>${h.toStatus}`)).toContain('in_review>approved');
  });

  it('a payout failure returns the frozen amount + fee', async () => {
    const m = await fundedMerchant('Withdraw Fail Co');
    const o = await newWithdrawal(w, m.id, '200');
    await post(w, `${API}/approve`, { id: o.id });
    await pay(o.id);
    await runSystemTransition(w.t.ctx, orderTransferList, 'payFail', o.id, {
      reason: 'upstream: account closed',
    });
    expect(await balances(w, m.id)).toEqual({ available: '990.00000000', frozen: '0.00000000' });
    expect(await withdrawRow(w, o.id)).toMatchObject({
      status: 'failed',
      failReason: 'upstream: account closed',
    });
  });

  it('refuses an unknown id and a transition from the wrong state', async () => {
    const unknown = await post(w, `${API}/approve`, { id: 99_999_999 });
    expect(unknown.statusCode).toBe(404);
    const m = await fundedMerchant('Withdraw Wrong State Co');
    const o = await newWithdrawal(w, m.id, '100');
    const release = await post(w, `${API}/release`, { id: o.id, reason: '风控解除' }, { en: true });
    expect(release.statusCode).toBe(409);
    expect(release.body).toContain('is no longer Detained (now: In review)');
    expect((await withdrawRow(w, o.id)).status).toBe('in_review');
  });
});

describe('detain and release', () => {
  it('detains with a code and a reason, and releases back to the state it was detained from', async () => {
    const m = await fundedMerchant('Detain Co');
    const a = await newWithdrawal(w, m.id, '100');
    const b = await newWithdrawal(w, m.id, '100');
    await post(w, `${API}/approve`, { id: b.id });
    const noCode = await post(w, `${API}/detain`, { id: a.id, reason: '风控复查' });
    expect(noCode.envelope.code).toBe(ErrorCode.needCode);
    const noReason = await post(w, `${API}/detain`, { id: a.id }, { code: await code(w, w.adminSecret) });
    expect(noReason.statusCode).toBe(400);
    expect((await withdrawRow(w, a.id)).status).toBe('in_review');
    for (const o of [a, b]) {
      const res = await post(
        w,
        `${API}/detain`,
        { id: o.id, reason: '风控复查' },
        { code: await code(w, w.adminSecret) },
      );
      expect(res.envelope.code, res.body).toBe(0);
    }
    expect(await withdrawRow(w, a.id)).toMatchObject({ status: 'detained', detainedFrom: 'in_review' });
    expect(await withdrawRow(w, b.id)).toMatchObject({ status: 'detained', detainedFrom: 'approved' });
    // Held: the payout cannot take it.
    await expect(pay(b.id)).rejects.toThrow();
    const ra = await post(w, `${API}/release`, { id: a.id, reason: '核实无误' });
    expect(ra.envelope.data).toMatchObject({ from: 'detained', to: 'in_review' });
    const rb = await post(w, `${API}/release`, { id: b.id, reason: '核实无误' });
    expect(rb.envelope.data).toMatchObject({ from: 'detained', to: 'approved' });
    expect(await withdrawRow(w, b.id)).toMatchObject({ status: 'approved', detainedFrom: null });
    const events = await eventsOf(w, 'withdraw', b.id);
    expect(events.at(-1)).toMatchObject({
      action: 'withdraw.release',
      fromStatus: 'detained',
      toStatus: 'approved',
    });
    // The status history records where the release went, not the lifecycle's fallback `to`.
    const [history] = await w.t.ctx.db
      .select()
      .from(statusHistory)
      .where(and(eq(statusHistory.recordId, String(b.id)), eq(statusHistory.transition, 'release')));
    expect(history).toMatchObject({
      resource: 'orderTransferList',
      fromStatus: 'detained',
      toStatus: 'approved',
    });
    expect(await balances(w, m.id)).toMatchObject({ frozen: '202.00000000' });
  });

  it('rejecting a detained order unfreezes it', async () => {
    const m = await fundedMerchant('Detain Reject Co');
    const o = await newWithdrawal(w, m.id, '300');
    await post(w, `${API}/detain`, { id: o.id, reason: '风控复查' }, { code: await code(w, w.adminSecret) });
    const res = await post(w, `${API}/reject`, { id: o.id, reason: '确认欺诈' }, { key: key() });
    expect(res.envelope.code, res.body).toBe(0);
    expect(await balances(w, m.id)).toEqual({ available: '990.00000000', frozen: '0.00000000' });
  });
});

describe('manual decisions', () => {
  it('a stuck payout: manual success by one operator, approved by another, debits the frozen amount', async () => {
    const m = await fundedMerchant('Withdraw Manual Co');
    const o = await newWithdrawal(w, m.id, '100');
    await post(w, `${API}/approve`, { id: o.id });
    await pay(o.id);
    const asked = await post(w, `${API}/manualSuccess`, { id: o.id, reason: '上游后台显示已出款' });
    expect(asked.envelope.code, asked.body).toBe(0);
    const own = await post(w, `${API}/approveManualSuccess`, { id: o.id }, { key: key() });
    expect(own.statusCode).toBe(400);
    // A late payout callback cannot decide it meanwhile.
    await expect(runSystemTransition(w.t.ctx, orderTransferList, 'paySuccess', o.id)).rejects.toThrow();
    const declined = await post(
      w,
      `${API}/declineManual`,
      { id: o.id, reason: '等待上游' },
      { session: w.checker },
    );
    expect(declined.envelope.data).toMatchObject({ to: 'paying' });
    await post(w, `${API}/manualSuccess`, { id: o.id, reason: '上游后台显示已出款' });
    const ok = await post(w, `${API}/approveManualSuccess`, { id: o.id }, { key: key(), session: w.checker });
    expect(ok.envelope.code, ok.body).toBe(0);
    expect(await balances(w, m.id)).toEqual({ available: '889.00000000', frozen: '0.00000000' });
  });

  it('a manual failure approved by a checker unfreezes', async () => {
    const m = await fundedMerchant('Withdraw Manual Fail Co');
    const o = await newWithdrawal(w, m.id, '100');
    await post(w, `${API}/approve`, { id: o.id });
    await post(w, `${API}/manualFail`, { id: o.id, reason: '收款账户冻结' });
    const ok = await post(w, `${API}/approveManualFail`, { id: o.id }, { key: key(), session: w.checker });
    expect(ok.envelope.code, ok.body).toBe(0);
    expect(await withdrawRow(w, o.id)).toMatchObject({ status: 'failed', failReason: '收款账户冻结' });
    expect(await balances(w, m.id)).toEqual({ available: '990.00000000', frozen: '0.00000000' });
  });
});

describe('auto-review rules', () => {
  it('a passing rule approves in the review transaction; amount, merchant and daily count limit it', async () => {
    const m = await fundedMerchant('Auto Review Co');
    const other = await fundedMerchant('Auto Review Other Co');
    const res = await post(
      w,
      '/api/pay/autoReview/add',
      { name: '小额自动通过', merchantId: m.id, maxAmount: '100', maxDailyCount: 2, enabled: true },
      { code: await code(w, w.adminSecret) },
    );
    expect(res.envelope.code, res.body).toBe(0);
    const small = await newWithdrawal(w, m.id, '50', 'vip01');
    expect(await withdrawRow(w, small.id)).toMatchObject({ status: 'approved' });
    expect((await withdrawRow(w, small.id)).reviewedByName).toContain('小额自动通过');
    const big = await newWithdrawal(w, m.id, '150', 'vip02');
    expect((await withdrawRow(w, big.id)).status).toBe('in_review');
    const elsewhere = await newWithdrawal(w, other.id, '50', 'vip01');
    expect((await withdrawRow(w, elsewhere.id)).status).toBe('in_review');
    const second = await newWithdrawal(w, m.id, '50', 'vip01');
    expect((await withdrawRow(w, second.id)).status).toBe('approved');
    const third = await newWithdrawal(w, m.id, '50', 'vip01');
    expect((await withdrawRow(w, third.id)).status).toBe('in_review');
    const actions = (await eventsOf(w, 'withdraw', small.id)).map((e) => e.action);
    expect(actions).toEqual(['withdraw.review', 'withdraw.autoApprove']);
    // The status history too: the review's row before the approval it led to (one transaction).
    const steps = await w.t.ctx.db
      .select({ transition: statusHistory.transition })
      .from(statusHistory)
      .where(
        and(eq(statusHistory.resource, 'orderTransferList'), eq(statusHistory.recordId, String(small.id))),
      )
      .orderBy(asc(statusHistory.id));
    expect(steps.map((x) => x.transition)).toEqual(['review', 'autoApprove']);
    await w.t.ctx.db.update(withdrawReviewRules).set({ enabled: false });
  });

  it("business hours are the platform zone's and may wrap past midnight", () => {
    const at = (utc: string) => new Date(`2026-11-23T${utc}:00Z`);
    const shanghai = (from: string | null, to: string | null, utc: string) =>
      inBusinessHours(from, to, at(utc), 'Asia/Shanghai');
    expect(shanghai('09:00', '18:00', '01:00')).toBe(true); // 09:00 in UTC+8
    expect(shanghai('09:00', '18:00', '10:30')).toBe(false); // 18:30
    expect(shanghai('22:00', '06:00', '15:00')).toBe(true); // 23:00
    expect(shanghai('22:00', '06:00', '04:00')).toBe(false); // 12:00
    expect(shanghai(null, null, '04:00')).toBe(true);
    // Another zone's platform keeps its own hours: 10:30 UTC is 11:30 in Berlin.
    expect(inBusinessHours('09:00', '18:00', at('10:30'), 'Europe/Berlin')).toBe(true);
    expect(localClock(at('10:30'), 'Europe/Berlin').midnight.toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(localClock(at('17:00'), 'Asia/Shanghai').midnight.toISOString()).toBe('2026-11-23T16:00:00.000Z');
  });

  it('refuses a rule with a malformed time or too many decimals, naming the field', async () => {
    const bad = await post(
      w,
      '/api/pay/autoReview/add',
      { name: '坏规则', hoursFrom: '9点' },
      { code: await code(w, w.adminSecret) },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('hoursFrom');
    const decimals = await post(
      w,
      '/api/pay/autoReview/add',
      { name: '坏规则', maxAmount: '10.005' },
      { code: await code(w, w.adminSecret) },
    );
    expect(decimals.statusCode).toBe(400);
    expect(decimals.body).toContain('maxAmount');
  });
});
