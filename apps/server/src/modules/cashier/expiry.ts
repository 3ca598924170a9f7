/**
 * Counter payments nobody confirmed within COUNTER_PAYMENT_TTL_MS expire (counterPaymentPage's system
 * transition `expire`, each in its own transaction: a confirmation racing it wins or loses whole), and
 * codes past their five minutes show as expired on the SMS page (the gate refuses them anyway).
 */
import { counterPaymentPage, systemText } from '@payops/contracts';
import { and, eq, inArray, lt, lte } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { expireDue } from '../../platform/jobs/expire-due.ts';
import { defineJob } from '../../platform/jobs/registry.ts';
import { counterPayments, counterSmsCodes } from './cashier.schema.ts';

/** How long a payment waits for its code at the counter (the member is standing there). */
export const COUNTER_PAYMENT_TTL_MS = 30 * 60_000;

export async function expireCounterPayments(ctx: AppContext): Promise<{ payments: number; codes: number }> {
  const now = ctx.clock.now();
  const codes = await ctx.db
    .update(counterSmsCodes)
    .set({ state: 'expired' })
    .where(and(eq(counterSmsCodes.state, 'sent'), lte(counterSmsCodes.expiresAt, now)))
    .returning({ id: counterSmsCodes.id });
  const payments = await expireDue(ctx, {
    def: counterPaymentPage,
    table: counterPayments,
    key: counterPayments.id,
    due: and(
      inArray(counterPayments.status, ['created', 'code_sent']),
      lt(counterPayments.createdAt, new Date(now.getTime() - COUNTER_PAYMENT_TTL_MS)),
    ),
    order: counterPayments.id,
    batch: 200,
    reason: systemText('timeout'),
  });
  return { payments: payments.length, codes: codes.length };
}

export const counterPaymentExpiryJob = defineJob({
  name: 'counter-payment-expiry',
  schedule: '* * * * *',
  retry: { limit: 5, delaySeconds: 30, backoff: true },
  handler: expireCounterPayments,
});
