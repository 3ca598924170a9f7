/**
 * orderCancelRecordList: every deposit or withdrawal that ends `cancelled` (called off by the
 * merchant or an operator) and every deposit that ends `timeout` (left unpaid), recorded from the order's final-state event in the cancelling
 * transition's own transaction, with who and why from the order event that transition just wrote.
 * Then the auto-blacklist's cancellation rules look at the member, in the same transaction, so a
 * cancellation and the black-listing it triggers commit together.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/ledger/index.ts';
import type { OrderFinal, SaidOrderFinal } from '../order/final-state.ts';
import { evaluateCancellations } from './auto-blacklist.ts';
import { orderCancelRecords } from './risk-levels.schema.ts';

const CANCEL_KINDS: Record<string, 'cancelled' | 'timeout'> = { cancelled: 'cancelled', timeout: 'timeout' };

const kindOf = (e: OrderFinal) =>
  e.family === 'deposit' || e.family === 'withdraw' ? CANCEL_KINDS[e.order.status] : undefined;

/** In a transition's one statement: nothing to write but for a cancellation, which it cannot say. */
export const saidCancellation: SaidOrderFinal = (e) => (kindOf(e) ? undefined : []);

export async function recordCancellation(tx: Tx, e: OrderFinal): Promise<void> {
  const kind = kindOf(e);
  if (!kind) return;
  const o = e.order;
  // The transition's order event (order-hooks.ts writes it before the final-state emit): who and why.
  const ev = await tx.execute<{ operator_name: string; reason: string }>(sql`
    SELECT operator_name, reason FROM order_events
    WHERE order_no = ${o.orderNo} ORDER BY id DESC LIMIT 1`);
  const who = ev.rows[0];
  await tx
    .insert(orderCancelRecords)
    .values({
      family: e.family,
      orderId: o.id,
      orderNo: o.orderNo,
      merchantId: o.merchantId,
      mchNo: o.mchNo,
      memberAccount: o.memberAccount,
      amount: o.amount,
      kind,
      fromStatus: e.from,
      operatorName: who?.operator_name || 'system',
      reason: who?.reason || o.failReason || '',
      at: e.at,
    })
    .onConflictDoNothing();
  if (o.memberAccount)
    await evaluateCancellations(
      tx,
      { merchantId: o.merchantId, mchNo: o.mchNo, memberAccount: o.memberAccount },
      e.at,
    );
}
