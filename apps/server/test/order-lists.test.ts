/**
 * The order views and the header badges (issue 10): orderRecordPage lists every transition of an
 * order by its number, auditRecordList only the operators' decisions; countTransferOrder answers the
 * four counts over the window it is given (in audit, low-amount and timed-out withdrawals; the email
 * orders of a later issue count 0). The view pages (receiveList, ordinaryDeposits, orderDetainList,
 * thirdwithdraw_list) show only their part of the orders, each behind its own permission.
 */
import { ErrorCode, orderTransferList } from '@payops/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants } from '../src/modules/mch/schema.ts';
import { withdrawOrders } from '../src/modules/order/schema.ts';
import { resources, roleResources, roles } from '../src/modules/sys/schema.ts';
import { setSetting } from '../src/platform/settings.ts';
import { runSystemTransition } from '../src/platform/transitions/index.ts';
import { call, createOperator, signIn } from './harness.ts';
import {
  depositInAudit,
  fundMerchant,
  newMerchant,
  newWithdrawal,
  type OrderWorld,
  orderWorld,
  post,
  type Row,
} from './order-support.ts';

let w: OrderWorld;

beforeAll(async () => {
  w = await orderWorld();
});
afterAll(async () => {
  await w.t.close();
});

type Page = { list: Row[]; pager: { total: number } };

describe('order records', () => {
  it('orderRecordPage lists every step of one order; auditRecordList only the decisions', async () => {
    const m = await newMerchant(w, 'Records Co');
    const o = await fundMerchant(w, m.id, '100');
    const all = await post<Page>(w, '/api/pay/orderRecordPage/findByPage', {
      page: 1,
      pageSize: 20,
      filters: { orderNo: o.orderNo },
    });
    expect(all.envelope.code, all.body).toBe(0);
    expect(all.envelope.data.list.map((r) => r.action)).toEqual([
      'deposit.approve',
      'deposit.audit',
      'deposit.pay',
      'deposit.submit',
    ]);
    expect(all.envelope.data.list[0]).toMatchObject({
      fromStatus: 'in_audit',
      toStatus: 'success',
      operatorName: 'admin',
      mchNo: m.mchNo,
    });
    const decisions = await post<Page>(w, '/api/pay/auditRecordList/findByPage', {
      page: 1,
      pageSize: 20,
      filters: { orderNo: o.orderNo },
    });
    expect(decisions.envelope.data.list.map((r) => r.action)).toEqual(['deposit.approve']);
  });
});

describe('header badges', () => {
  const counts = (startTime: string, endTime: string) =>
    post<Row>(w, '/api/pay/transferOrder/countTransferOrder', { startTime, endTime });

  it('counts orders in audit, low-amount and timed-out withdrawals in the window', async () => {
    const now = w.t.ctx.clock.now();
    const window = [
      new Date(now.getTime() - 6 * 86_400_000).toISOString(),
      new Date(now.getTime() + 3_600_000).toISOString(),
    ] as const;
    const before = (await counts(...window)).envelope.data;
    await setSetting(w.t.ctx, 'lowAmountWithdrawThreshold', '60', 1);
    const m = await newMerchant(w, 'Badges Co');
    await fundMerchant(w, m.id, '1000');
    await depositInAudit(w, m.id, '10');
    await depositInAudit(w, m.id, '20');
    await newWithdrawal(w, m.id, '50');
    await newWithdrawal(w, m.id, '70');
    const after = (await counts(...window)).envelope.data;
    expect(after).toMatchObject({
      failedMatchEmailOrderCount: 0,
      inAuditOrderCount: Number(before.inAuditOrderCount) + 2,
      lowAmountOrderCount: Number(before.lowAmountOrderCount) + 1,
      timeOutOrderCount: before.timeOutOrderCount,
      // The badge's list filters amounts up to this: below 60 is up to 59.99.
      lowAmountMax: '59.99',
    });
    // A merchant with its own 2-hour withdrawal timeout: its withdrawal is due 2 hours after creation.
    const patient = await newMerchant(w, 'Patient Co');
    await fundMerchant(w, patient.id, '1000');
    await w.t.ctx.db.update(merchants).set({ withdrawTimeout: 120 }).where(eq(merchants.id, patient.id));
    const slow = await newWithdrawal(w, patient.id, '80');
    expect(slow.dueAt.getTime() - slow.createdAt.getTime()).toBe(120 * 60_000);
    // 31 minutes on: past the platform's 30-minute default, the first merchant's two withdrawals are
    // timed out, the patient merchant's is not (moved back in time rather than the clock moved on,
    // which would end the session).
    await w.t.ctx.db
      .update(withdrawOrders)
      .set({
        createdAt: sql`created_at - interval '31 minutes'`,
        dueAt: sql`due_at - interval '31 minutes'`,
      })
      .where(inArray(withdrawOrders.merchantId, [m.id, patient.id]));
    const later = (await counts(...window)).envelope.data;
    expect(Number(later.timeOutOrderCount)).toBe(Number(before.timeOutOrderCount) + 2);
    // The badge's list (`overdue`) shows the same withdrawals it counts.
    const overdue = (merchantId: number, value: boolean) =>
      post<Page>(w, '/api/pay/transferOrder/findByPage', {
        page: 1,
        pageSize: 20,
        filters: { merchantId, overdue: value },
      }).then((res) => res.envelope.data.list.map((r) => Number(r.amount)));
    expect((await overdue(m.id, true)).sort()).toEqual([50, 70]);
    expect(await overdue(patient.id, true)).toEqual([]);
    expect(await overdue(patient.id, false)).toEqual([80]);
    // A finished withdrawal is not timed out, however late.
    const [first] = await w.t.ctx.db
      .select()
      .from(withdrawOrders)
      .where(and(eq(withdrawOrders.merchantId, m.id), eq(withdrawOrders.amount, '50')));
    await runSystemTransition(w.t.ctx, orderTransferList, 'reject', first!.id, { reason: 'badge test' });
    expect(await overdue(m.id, true)).toEqual([70]);
    // A matched withdrawal waiting in the pool is open and waiting too: timed out when past due,
    // low when small (set here as enterPool leaves it; the match flow tests that path).
    const pooled = (amount: string) =>
      w.t.ctx.db
        .update(withdrawOrders)
        .set({ status: 'matching' })
        .where(and(eq(withdrawOrders.merchantId, m.id), eq(withdrawOrders.amount, amount)));
    await pooled('70');
    expect(await overdue(m.id, true)).toEqual([70]);
    const lowBefore = Number((await counts(...window)).envelope.data.lowAmountOrderCount);
    await newWithdrawal(w, m.id, '40');
    await pooled('40');
    expect(Number((await counts(...window)).envelope.data.lowAmountOrderCount)).toBe(lowBefore + 1);
    // The threshold written as a bare JSON number (as an operator's config edit may) reads the same.
    await setSetting(w.t.ctx, 'lowAmountWithdrawThreshold', 60 as unknown as string, 1);
    expect((await counts(...window)).envelope.data.lowAmountMax).toBe('59.99');
    // Outside the window nothing counts.
    const empty = (await counts('2020-01-01T00:00:00Z', '2020-01-02T00:00:00Z')).envelope.data;
    expect(empty).toEqual({
      failedMatchEmailOrderCount: 0,
      inAuditOrderCount: 0,
      lowAmountOrderCount: 0,
      timeOutOrderCount: 0,
      lowAmountMax: '59.99',
    });
  });
});

describe('view pages', () => {
  const list = (path: string, filters: Row, session = w.admin) =>
    post<Page>(w, `${path}/findByPage`, { page: 1, pageSize: 50, filters }, { session });
  const numbers = (res: { envelope: { data: Page } }) => res.envelope.data.list.map((r) => r.orderNo);

  it('an operator given only receiveList opens it (the receipt audit queue) and not the deposit list', async () => {
    const [role] = await w.t.ctx.db
      .insert(roles)
      .values({ code: 'receipts', name: 'receipts' })
      .returning({ id: roles.id });
    const [perm] = await w.t.ctx.db
      .select()
      .from(resources)
      .where(eq(resources.permission, 'order.receiveList'));
    await w.t.ctx.db.insert(roleResources).values({ roleId: role!.id, resourceId: perm!.id });
    await createOperator(w.t, 'receipts', 'Receipts12345', ['receipts']);
    const clerk = await signIn(w.t, 'receipts', 'Receipts12345');

    const m = await newMerchant(w, 'Views Co');
    const waiting = await depositInAudit(w, m.id, '50');
    const done = await fundMerchant(w, m.id, '60');
    const api = '/api/pay/depositOrder/receive';
    const mine = await list(api, { merchantId: m.id }, clerk);
    expect(mine.envelope.code, mine.body).toBe(0);
    expect(numbers(mine)).toEqual([waiting.orderNo]);
    // Asking for another state does not widen the view.
    expect(numbers(await list(api, { merchantId: m.id, status: ['success'] }, clerk))).toEqual([]);
    const one = await call<Row>(w.t, 'GET', `${api}/getById?id=${done.id}`, { session: clerk });
    expect(one.envelope.code).toBe(ErrorCode.notFound);

    const whole = await list('/api/pay/depositOrder', { merchantId: m.id }, clerk);
    expect(whole.statusCode).toBe(403);
    expect(whole.envelope.code).toBe(ErrorCode.forbidden);
    const other = await list('/api/pay/transferOrder/detained', {}, clerk);
    expect(other.envelope.code).toBe(ErrorCode.forbidden);
  });

  it('each view shows its part: reserved deposits, detained and scheduled withdrawals', async () => {
    const m = await newMerchant(w, 'Views Two');
    await fundMerchant(w, m.id, '1000');
    const reserved = await depositInAudit(w, m.id, '70', 'pending_payment');
    await depositInAudit(w, m.id, '80', 'paid'); // paid: no longer reserved
    expect(numbers(await list('/api/pay/depositOrder/reserved', { merchantId: m.id }))).toEqual([
      reserved.orderNo,
    ]);

    const held = await newWithdrawal(w, m.id, '20');
    const free = await newWithdrawal(w, m.id, '30');
    await runSystemTransition(w.t.ctx, orderTransferList, 'detain', held.id, { reason: 'risk check' });
    expect(numbers(await list('/api/pay/transferOrder/detained', { merchantId: m.id }))).toEqual([
      held.orderNo,
    ]);
    await w.t.ctx.db
      .update(withdrawOrders)
      .set({ scheduledAt: new Date(w.t.ctx.clock.now().getTime() + 3_600_000) })
      .where(eq(withdrawOrders.id, free.id));
    expect(numbers(await list('/api/pay/thirdwithdrawappointment', { merchantId: m.id }))).toEqual([
      free.orderNo,
    ]);
  });
});
