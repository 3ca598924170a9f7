/**
 * Helpers of the notify and dashboard tests: a merchant with a known secret, and orders brought to a
 * final state the way a transition does it (status set, then the order-final event on the same
 * transaction) until the orders branch's transitions exist to drive them.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { merchants } from '../src/modules/mch/schema.ts';
import { insertDepositOrder } from '../src/modules/order/create.ts';
import { emitOrderFinal } from '../src/modules/order/final-state.ts';
import { type DepositOrder, depositOrders } from '../src/modules/order/schema.ts';
import { seal } from '../src/platform/secret-box.ts';
import type { TestApp } from './harness.ts';

export interface TestMerchant {
  id: number;
  mchNo: string;
  secret: string;
  notifyUrl: string;
}

export async function makeMerchant(t: TestApp, notifyUrl: string): Promise<TestMerchant> {
  const secret = `s-${randomBytes(12).toString('hex')}`;
  const mchNo = `M${String(Math.floor(Math.random() * 90_000_000) + 10_000_000)}`;
  const [m] = await t.ctx.db
    .insert(merchants)
    .values({
      mchNo,
      name: `回调测试商户${mchNo}`,
      secretEnc: seal(t.ctx.keys.secretKey, secret),
      secretHint: `******${secret.slice(-4)}`,
      notifyUrl,
      depositRate: '0.02',
    })
    .returning();
  return { id: m!.id, mchNo, secret, notifyUrl };
}

let seq = 0;

/** A new deposit (insertDepositOrder) of `amount`, created at the app clock's now (or `at`). */
export async function newDeposit(
  t: TestApp,
  merchantId: number,
  amount = '100',
  at?: Date,
): Promise<DepositOrder> {
  return t.ctx.db.transaction(async (tx) => {
    const { order } = await insertDepositOrder(tx, {
      merchantId,
      mchOrderNo: `T${Date.now()}${++seq}`,
      payType: 'bank_card',
      amount,
      now: at ?? t.ctx.clock.now(),
    });
    return order;
  });
}

/** Moves a deposit to a final state and emits the order-final event in the same transaction. */
export async function finishDeposit(
  t: TestApp,
  orderId: number,
  status: 'success' | 'failed' | 'timeout' | 'cancelled' | 'refunded',
): Promise<DepositOrder> {
  return t.ctx.db.transaction(async (tx) => {
    const at = t.ctx.clock.now();
    const [before] = await tx.select().from(depositOrders).where(eq(depositOrders.id, orderId));
    const [order] = await tx
      .update(depositOrders)
      .set({ status, finishedAt: at, updatedAt: at })
      .where(eq(depositOrders.id, orderId))
      .returning();
    await emitOrderFinal(tx, { family: 'deposit', order: order!, from: before!.status, at });
    return order!;
  });
}
