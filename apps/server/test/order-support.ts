/**
 * Shared set-up of the order API tests: a real app, two operators with authenticators (maker and
 * checker), merchants, orders created the way the other areas create them (insertDepositOrder /
 * insertWithdrawOrder + runSystemTransition), balances and the order's trail.
 */
import { orderDepositList, orderTransferList } from '@payops/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { insertDepositOrder, insertWithdrawOrder } from '../src/modules/order/create.ts';
import { depositOrders, orderEvents, withdrawOrders } from '../src/modules/order/schema.ts';
import { resources } from '../src/modules/sys/schema.ts';
import { findAccount, ledgerEntries, platformPosition } from '../src/platform/ledger/index.ts';
import { runSystemTransition } from '../src/platform/transitions/index.ts';
import {
  bindAuthenticator,
  call,
  createOperator,
  createTestApp,
  type Session,
  signIn,
  signInAdmin,
  type TestApp,
  toLocalHour,
  totpCode,
} from './harness.ts';

export type Row = Record<string, unknown>;

export interface OrderWorld {
  t: TestApp;
  admin: Session;
  checker: Session;
  adminSecret: string;
  checkerSecret: string;
}

/** Permissions whose code check stays on in these tests (the others are tested for codes elsewhere). */
export const CODED = ['order.orderDepositList.manualSuccess', 'order.orderTransferList.detain'];

/**
 * `localHour`: the app clock moved first to the next such hour in the platform's zone, so that what the
 * world and its test write falls in one platform day (a file reading the day's sums or counts asks for it).
 */
export async function orderWorld(opts: { localHour?: number } = {}): Promise<OrderWorld> {
  const t = await createTestApp();
  if (opts.localHour !== undefined) toLocalHour(t, opts.localHour);
  // Races send many calls at once; an authenticator code works once, so codes are checked on CODED only.
  await t.ctx.db
    .update(resources)
    .set({ needsCode: false })
    .where(
      inArray(
        resources.permission,
        allTransitionPermissions().filter((p) => !CODED.includes(p)),
      ),
    );
  await t.ctx.db.update(resources).set({ needsCode: true }).where(inArray(resources.permission, CODED));
  const admin = await signInAdmin(t);
  const adminSecret = await bindAuthenticator(t, admin, 1);
  const checkerId = await createOperator(t, 'checker', 'Checker12345', ['admin']);
  const checker = await signIn(t, 'checker', 'Checker12345');
  const checkerSecret = await bindAuthenticator(t, checker, checkerId);
  return { t, admin, checker, adminSecret, checkerSecret };
}

function allTransitionPermissions(): string[] {
  return [orderDepositList, orderTransferList].flatMap((d) =>
    Object.values(d.actions)
      .filter((a) => a.transition)
      .map((a) => a.permission),
  );
}

let keys = 0;
export const key = () => `order-key-${++keys}-${Date.now()}`;

/** A fresh code of the next 30 s step (a code works once per operator). */
export async function code(w: OrderWorld, secret: string): Promise<string> {
  w.t.ctx.clock.advance(30_000);
  return totpCode(w.t, secret);
}

export function post<T = Row>(
  w: OrderWorld,
  path: string,
  body: unknown,
  opts: { session?: Session; key?: string; en?: boolean; code?: string } = {},
) {
  return call<T>(w.t, 'POST', path, {
    session: opts.session ?? w.admin,
    body,
    ...(opts.code ? { code: opts.code } : {}),
    headers: {
      ...(opts.key ? { 'idempotency-key': opts.key } : {}),
      ...(opts.en ? { 'accept-language': 'en-US' } : {}),
    },
  });
}

export async function newMerchant(w: OrderWorld, name: string, rate = '0.01') {
  const res = await post(w, '/api/mch/mchList/add', { name, depositRate: rate, withdrawRate: rate });
  expect(res.envelope.code, res.body).toBe(0);
  return { id: Number(res.envelope.data.id), mchNo: String(res.envelope.data.mchNo) };
}

let seq = 0;

/** A deposit taken to `in_audit` the way the upstream adapter does (submit, pay, audit). */
export async function depositInAudit(w: OrderWorld, merchantId: number, amount: string, upTo = 'in_audit') {
  const { ctx } = w.t;
  const order = await ctx.db.transaction(async (tx) => {
    const { order } = await insertDepositOrder(tx, {
      merchantId,
      mchOrderNo: `M${Date.now()}${++seq}`,
      payType: 'bank_card',
      amount,
      memberAccount: 'member01',
      now: ctx.clock.now(),
    });
    return order;
  });
  const steps = ['submit', 'pay', 'audit'];
  const stops: Record<string, number> = { created: 0, pending_payment: 1, paid: 2, in_audit: 3 };
  for (const name of steps.slice(0, stops[upTo]))
    await runSystemTransition(ctx, orderDepositList, name, order.id, {
      ...(name === 'submit' ? { values: { upstreamOrderNo: `U${order.orderNo}` } } : {}),
    });
  return order;
}

/** A deposit approved by an operator: the merchant is credited amount - fee. */
export async function fundMerchant(w: OrderWorld, merchantId: number, amount: string) {
  const o = await depositInAudit(w, merchantId, amount);
  const res = await post(w, '/api/pay/depositOrder/approve', { id: o.id }, { key: key() });
  expect(res.envelope.code, res.body).toBe(0);
  return o;
}

/** A withdrawal created (amount + fee frozen) and sent to review in one transaction, as the gateway does. */
export async function newWithdrawal(
  w: OrderWorld,
  merchantId: number,
  amount: string,
  memberAccount = 'member01',
) {
  const { ctx } = w.t;
  return ctx.db.transaction(async (tx) => {
    const { order } = await insertWithdrawOrder(tx, {
      merchantId,
      mchOrderNo: `W${Date.now()}${++seq}`,
      amount,
      bankCode: 'ICBC',
      bankName: '工商银行',
      accountName: '张三',
      accountNo: '6222020200001234567',
      memberAccount,
      now: ctx.clock.now(),
    });
    await runSystemTransition(ctx, orderTransferList, 'review', order.id, { tx });
    return order;
  });
}

export async function balances(w: OrderWorld, merchantId: number) {
  const a = await findAccount(w.t.ctx.db, { ownerType: 'merchant', ownerId: merchantId });
  return { available: a?.available ?? '0', frozen: a?.frozen ?? '0' };
}

export async function platform(w: OrderWorld) {
  return {
    settlement: (await platformPosition(w.t.ctx.db, 'settlement')).available,
    fees: (await platformPosition(w.t.ctx.db, 'fees')).available,
  };
}

export async function depositRow(w: OrderWorld, id: number) {
  return (await w.t.ctx.db.select().from(depositOrders).where(eq(depositOrders.id, id)))[0]!;
}

export async function withdrawRow(w: OrderWorld, id: number) {
  return (await w.t.ctx.db.select().from(withdrawOrders).where(eq(withdrawOrders.id, id)))[0]!;
}

export async function eventsOf(w: OrderWorld, family: 'deposit' | 'withdraw', orderId: number) {
  return w.t.ctx.db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.family, family), eq(orderEvents.orderId, orderId)))
    .orderBy(orderEvents.id);
}

export async function entriesOf(w: OrderWorld, refType: string, refId: string) {
  return w.t.ctx.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.refType, refType), eq(ledgerEntries.refId, refId)));
}
