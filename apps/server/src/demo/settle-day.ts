/**
 * The demo's settlement step (last of the demo day): the merchants' statements of every demo day,
 * computed by the settlement job's own service (the history's days, closed, and today's, provisional
 * since the day is not over), then the latest closed statement that matches the ledger settled by the
 * administrator through the `settle` transition, so the page shows both states.
 */
import { pageSettle } from '@payops/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { merchantSettlements } from '../modules/order/settlement.schema.ts';
import { computeDue } from '../modules/order/settlement.service.ts';
import type { AppContext } from '../platform/context.ts';
import { type Actor, runSystemTransition } from '../platform/transitions/index.ts';

export interface DemoSettlementReport {
  statements: number;
  settled: number;
}

export async function settleDemoDays(ctx: AppContext, operator: Actor): Promise<DemoSettlementReport> {
  const { written } = await computeDue(ctx);
  const [closed] = await ctx.db
    .select({ id: merchantSettlements.id })
    .from(merchantSettlements)
    .where(
      and(
        eq(merchantSettlements.status, 'open'),
        eq(merchantSettlements.provisional, false),
        eq(merchantSettlements.mismatch, false),
      ),
    )
    .orderBy(desc(merchantSettlements.day), merchantSettlements.id)
    .limit(1);
  let settled = 0;
  if (closed) {
    await runSystemTransition(ctx, pageSettle, 'settle', closed.id, { actor: operator });
    settled = 1;
  }
  return { statements: written, settled };
}
