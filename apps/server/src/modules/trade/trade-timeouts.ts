/**
 * The windows of tradeOrderTimeout, enforced every minute: a matched order nobody paid in time times
 * out (the seller's coins released), a paid one the seller did not confirm in time is escalated to a
 * dispute (an operator decides: never completed by itself), an ad past its validity expires (its
 * orders go on). Each record is a system transition in its own transaction (expireDue): a payment or
 * a confirmation racing the job wins or loses whole.
 */
import { AD_PAGES, systemText, tradeOrderList } from '@payops/contracts';
import { and, eq, lte } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { expireDue } from '../../platform/jobs/expire-due.ts';
import { defineJob } from '../../platform/jobs/registry.ts';
import { tradeAds, tradeOrders } from './trade.schema.ts';

const BATCH = 500;

export async function enforceTradeTimeouts(ctx: AppContext, now: Date) {
  const due = (status: 'matched' | 'paid') =>
    and(eq(tradeOrders.status, status), lte(tradeOrders.deadline, now));
  const order = {
    def: tradeOrderList,
    table: tradeOrders,
    key: tradeOrders.id,
    order: tradeOrders.deadline,
    batch: BATCH,
  };
  const expired = await expireDue(ctx, {
    ...order,
    due: due('matched'),
    reason: systemText('paymentWindowPassed'),
  });
  const escalated = await expireDue(ctx, {
    ...order,
    due: due('paid'),
    transition: 'escalate',
    reason: systemText('confirmationWindowPassed'),
  });
  let ads = 0;
  for (const side of Object.keys(AD_PAGES) as (keyof typeof AD_PAGES)[])
    ads += (
      await expireDue(ctx, {
        def: AD_PAGES[side],
        table: tradeAds,
        key: tradeAds.id,
        due: and(eq(tradeAds.status, 'open'), eq(tradeAds.side, side), lte(tradeAds.expiresAt, now)),
        order: tradeAds.expiresAt,
        batch: BATCH,
        reason: systemText('adExpired'),
      })
    ).length;
  return { expired: expired.length, escalated: escalated.length, ads };
}

export const tradeTimeoutJob = defineJob({
  name: 'trade-timeouts',
  schedule: '* * * * *',
  retry: { limit: 5, delaySeconds: 15, backoff: true },
  handler: (ctx) => enforceTradeTimeouts(ctx, ctx.clock.now()),
});
