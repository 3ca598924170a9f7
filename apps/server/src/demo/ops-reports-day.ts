/**
 * The demo day's part for the operations reports (thirdErrorSum and thirdPushDayReportSum): an
 * impostor posts a payment callback for one of the day's deposits to each sandbox provider's callback
 * endpoint, signed with a key that is not the provider's; the platform refuses and records each one
 * (upstream_callbacks). Everything else those reports show (matches, pushes, callbacks to merchants,
 * level changes, first deposits) the other steps of the demo day produce.
 */
import { desc } from 'drizzle-orm';
import { depositOrders } from '../modules/order/schema.ts';
import { signed } from '../modules/upstream/signing.ts';
import type { AppContext } from '../platform/context.ts';
import { sandboxParties } from './orders.ts';

export interface OpsReportsDayReport {
  forgedCallbacksRefused: number;
}

export async function runOpsReportsDay(ctx: AppContext, origin: string): Promise<OpsReportsDayReport> {
  const report: OpsReportsDayReport = { forgedCallbacksRefused: 0 };
  const [order] = await ctx.db
    .select({ orderNo: depositOrders.orderNo, amount: depositOrders.amount })
    .from(depositOrders)
    .orderBy(desc(depositOrders.id))
    .limit(1);
  if (!order) return report;
  for (const party of await sandboxParties(ctx)) {
    const body = signed(
      'not-the-providers-key',
      { mchNo: party.mchNo, orderNo: order.orderNo, status: 'paid', amount: order.amount },
      ctx.clock.now(),
    );
    const res = await fetch(`${origin}/openapi/v1/upstream/${party.code}/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status >= 400 && res.status < 500) report.forgedCallbacksRefused++;
  }
  return report;
}

export const describeOpsReportsDay = (d: OpsReportsDayReport) =>
  `operations reports: ${d.forgedCallbacksRefused} forged upstream callbacks refused`;
