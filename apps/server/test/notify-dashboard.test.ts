/**
 * The dashboard's business figures equal what the test counts itself from the order rows: the last
 * 7 days of deposits and withdrawals (by the platform time zone's calendar day), the queues, and the
 * passages' health. An operator without the list permissions gets no figures behind them.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passages, thirdParties } from '../src/modules/mch/passage.schema.ts';
import { merchantNotifications } from '../src/modules/notify/schema.ts';
import { depositOrders, OPEN_WITHDRAW_STATES, withdrawOrders } from '../src/modules/order/schema.ts';
import {
  call,
  createOperator,
  createTestApp,
  type Session,
  signIn,
  signInAdmin,
  type TestApp,
  toLocalHour,
} from './harness.ts';
import { unitsOf } from './ledger-helpers.ts';
import { finishDeposit, makeMerchant, newDeposit } from './notify-helpers.ts';

interface Day {
  day: string;
  fromAt: string;
  toAt: string;
  count: number;
  amount: string;
  successCount: number;
  successAmount: string;
  successRate: string | null;
}
interface Business {
  deposits: Day[] | null;
  withdrawals: Day[] | null;
  queues: Record<string, number | null> | null;
  passages: { healthy: number; degraded: number; down: number; unhealthy: { name: string }[] } | null;
}

const DAY = 86_400_000;
let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp();
  // Noon in the platform's zone: "today" minus a minute is still today (not so a minute past midnight).
  toLocalHour(t, 12);
  admin = await signInAdmin(t);
  const m = await makeMerchant(t, '');
  const now = t.ctx.clock.nowMs();
  // Deposits over 9 days (two fall outside the 7), some succeeded, some in audit, some failed.
  const plan: [number, string, 'success' | 'failed' | 'in_audit' | null][] = [
    [0, '100', 'success'],
    [0, '250.50', 'success'],
    [0, '80', 'in_audit'],
    [0, '60', null],
    [1, '300', 'success'],
    [1, '45.25', 'failed'],
    [3, '500', 'success'],
    [6, '70', 'in_audit'],
    [7, '999', 'success'],
    [8, '1', 'failed'],
  ];
  for (const [daysAgo, amount, status] of plan) {
    const order = await newDeposit(t, m.id, amount, new Date(now - daysAgo * DAY - 60_000));
    if (status === 'success' || status === 'failed') await finishDeposit(t, order.id, status);
    if (status === 'in_audit')
      await t.ctx.db.update(depositOrders).set({ status }).where(eq(depositOrders.id, order.id));
  }
  // Withdrawals as rows (the dashboard only reads them; creating them freezes money, orders' tests).
  const wd: [number, string, 'success' | 'in_review' | 'detained' | 'rejected'][] = [
    [0, '1000', 'success'],
    [0, '20', 'in_review'],
    [2, '30.5', 'detained'],
    [2, '40', 'rejected'],
    [5, '55', 'in_review'],
  ];
  await t.ctx.db.insert(withdrawOrders).values(
    wd.map(([daysAgo, amount, status], i) => ({
      orderNo: `WTEST${i}`,
      mchOrderNo: `wtest-${i}`,
      merchantId: m.id,
      mchNo: m.mchNo,
      amount,
      status,
      createdAt: new Date(now - daysAgo * DAY - 60_000),
      dueAt: new Date(now - daysAgo * DAY + 29 * 60_000),
    })),
  );
  const [tp] = await t.ctx.db.insert(thirdParties).values({ code: 'dash-tp', name: '看板上游' }).returning();
  await t.ctx.db.insert(passages).values(
    (['healthy', 'healthy', 'degraded', 'down'] as const).map((health, i) => ({
      thirdPartyId: tp!.id,
      name: `看板通道${i}`,
      payType: 'bank_card' as const,
      direction: 'deposit' as const,
      health,
    })),
  );
});
afterAll(async () => {
  await t.close();
});

/** The calendar day of an instant in the platform's time zone. */
function localDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: t.ctx.config.timeZone }).format(at);
}

function expectDays(days: Day[], rows: { createdAt: Date; amount: string; status: string }[]) {
  const today = t.ctx.clock.now();
  expect(days.map((d) => d.day)).toEqual(
    Array.from({ length: 7 }, (_, i) => localDay(new Date(today.getTime() - (6 - i) * DAY))),
  );
  for (const d of days) {
    // The day's bounds are its first and last instant in the platform's zone.
    expect(localDay(new Date(d.fromAt)), d.day).toBe(d.day);
    expect(localDay(new Date(new Date(d.fromAt).getTime() - 1)), d.day).not.toBe(d.day);
    expect(localDay(new Date(d.toAt)), d.day).toBe(d.day);
    expect(localDay(new Date(new Date(d.toAt).getTime() + 1)), d.day).not.toBe(d.day);
    const mine = rows.filter((r) => localDay(r.createdAt) === d.day);
    const won = mine.filter((r) => r.status === 'success');
    const sum = (xs: typeof rows) => xs.reduce((s, r) => s + unitsOf(r.amount), 0n);
    expect(d.count, d.day).toBe(mine.length);
    expect(unitsOf(d.amount), d.day).toBe(sum(mine));
    expect(d.successCount, d.day).toBe(won.length);
    expect(unitsOf(d.successAmount), d.day).toBe(sum(won));
    expect(d.successRate, d.day).toBe(mine.length ? ((100 * won.length) / mine.length).toFixed(1) : null);
  }
}

describe('GET /api/dashboard/business', () => {
  it('answers the figures the rows give', async () => {
    const res = await call<Business>(t, 'GET', '/api/dashboard/business', { session: admin });
    expect(res.envelope.code, res.body).toBe(0);
    const b = res.envelope.data;
    expectDays(b.deposits!, await t.ctx.db.select().from(depositOrders));
    expectDays(b.withdrawals!, await t.ctx.db.select().from(withdrawOrders));
    // Today's deposits as the operator reads them: 4 orders, 2 succeeded.
    expect(b.deposits!.at(-1)).toMatchObject({ count: 4, successCount: 2, successRate: '50.0' });

    const deps = await t.ctx.db.select().from(depositOrders);
    const wds = await t.ctx.db.select().from(withdrawOrders);
    const failed = await t.ctx.db
      .select()
      .from(merchantNotifications)
      .where(eq(merchantNotifications.status, 'failed'));
    expect(b.queues).toEqual({
      depositsInAudit: deps.filter((d) => d.status === 'in_audit').length,
      withdrawalsInReview: wds.filter((w) => w.status === 'in_review').length,
      // Open past their due time: yesterday's and older open ones, not today's (due in 29 minutes).
      withdrawalsOverdue: wds.filter(
        (w) => (OPEN_WITHDRAW_STATES as readonly string[]).includes(w.status) && w.dueAt < t.ctx.clock.now(),
      ).length,
      withdrawalsDetained: wds.filter((w) => w.status === 'detained').length,
      failedCallbacks: failed.length,
    });
    expect(b.queues).toMatchObject({
      depositsInAudit: 2,
      withdrawalsInReview: 2,
      withdrawalsDetained: 1,
      withdrawalsOverdue: 2,
    });
    const ps = await t.ctx.db.select().from(passages).where(eq(passages.status, 'on'));
    expect(b.passages).toMatchObject({
      healthy: ps.filter((p) => p.health === 'healthy').length,
      degraded: ps.filter((p) => p.health === 'degraded').length,
      down: ps.filter((p) => p.health === 'down').length,
    });
    // The worst first.
    expect(b.passages!.unhealthy.map((p) => p.name)).toEqual(['看板通道3', '看板通道2']);
  });

  it('answers no figures behind lists the operator may not open', async () => {
    // No role: no order, callback or passage list.
    await createOperator(t, 'dash_viewer', 'Viewer12345', []);
    const viewer = await signIn(t, 'dash_viewer', 'Viewer12345');
    const res = await call<Business>(t, 'GET', '/api/dashboard/business', { session: viewer });
    expect(res.envelope.code, res.body).toBe(0);
    expect(res.envelope.data).toEqual({ deposits: null, withdrawals: null, queues: null, passages: null });
  });
});
