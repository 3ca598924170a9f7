/**
 * The failure-reason rollup (orderFailReason): when an order ends failed, rejected, timed out or
 * cancelled with a reason, its day, family, merchant, state and raw reason are counted in the same
 * transaction as the final state (onOrderFinal), so the page never groups the order tables.
 */
import { ENDED_BADLY } from '@payops/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/ledger/index.ts';
import type { OrderFinal, SaidOrderFinal } from '../order/final-state.ts';

const ENDED_BADLY_STATES = new Set(Object.keys(ENDED_BADLY));

/** In a transition's one statement: nothing to write but for a bad ending, which it cannot say. */
export const saidFailReason: SaidOrderFinal = (event) =>
  ENDED_BADLY_STATES.has(event.order.status) ? undefined : [];

export function failReasonRecorder(timeZone: string) {
  return async (tx: Tx, event: OrderFinal): Promise<void> => {
    const o = event.order;
    if (!ENDED_BADLY_STATES.has(o.status)) return;
    const reason = (o.failReason ?? '').slice(0, 500) || '-';
    await tx.execute(sql`
      INSERT INTO order_fail_reasons AS r (day, family, mch_no, status, reason, count, amount, last_order_no, last_at)
      VALUES ((${event.at}::timestamptz AT TIME ZONE ${timeZone})::date, ${event.family}, ${o.mchNo}, ${o.status},
              ${reason}, 1, ${o.amount}, ${o.orderNo}, ${event.at})
      ON CONFLICT (day, family, mch_no, status, reason) DO UPDATE SET
        count = r.count + 1,
        amount = r.amount + EXCLUDED.amount,
        last_order_no = EXCLUDED.last_order_no,
        last_at = greatest(r.last_at, EXCLUDED.last_at)`);
  };
}
