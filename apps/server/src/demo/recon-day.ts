/**
 * The demo day's reconciliation (order/reconciliationPage): each demo sandbox provider is told, through
 * its own control path, to report one paid order at another amount and to state a fee above another's
 * channel cost, then its statement of the day is
 * fetched over HTTP and imported like an operator's fetch; the receipts the operators rejected show as
 * status differences. One difference per statement is resolved with a note, the rest left open.
 */
import { reconciliationLines } from '@payops/contracts';
import Big from 'big.js';
import { and, asc, eq, sql } from 'drizzle-orm';
import { thirdParties } from '../modules/mch/passage.schema.ts';
import { fetchStatement } from '../modules/order/recon-fetch.ts';
import { importStatement, stageStatement } from '../modules/order/recon-import.ts';
import { reconLines, reconStatements } from '../modules/order/reconciliation.schema.ts';
import { depositOrders } from '../modules/order/schema.ts';
import type { AppContext } from '../platform/context.ts';
import { type Actor, runSystemTransition } from '../platform/transitions/index.ts';
import { tellSandbox } from './orders.ts';
import { DEMO_SANDBOX_PARTIES } from './sandbox-channels.ts';

const OPERATOR: Actor = { operatorId: 1, username: 'admin', locale: 'zh-CN' };

export interface ReconDayReport {
  statements: number;
  lines: number;
  differences: number;
  resolved: number;
}

export async function reconcileDemoDay(ctx: AppContext, origin: string): Promise<ReconDayReport> {
  const report: ReconDayReport = { statements: 0, lines: 0, differences: 0, resolved: 0 };
  const { rows } = await ctx.db.execute<{ day: string }>(
    sql`SELECT (${ctx.clock.now().toISOString()}::timestamptz AT TIME ZONE ${ctx.config.timeZone})::date::text AS day`,
  );
  const day = rows[0]!.day;
  for (const party of DEMO_SANDBOX_PARTIES) {
    const [tp] = await ctx.db.select().from(thirdParties).where(eq(thirdParties.code, party.code));
    if (!tp) continue;
    const [paid, charged] = await ctx.db
      .select({
        orderNo: depositOrders.orderNo,
        amount: depositOrders.amount,
        channelFee: depositOrders.channelFee,
      })
      .from(depositOrders)
      .where(and(eq(depositOrders.thirdPartyId, tp.id), eq(depositOrders.status, 'success')))
      .orderBy(asc(depositOrders.id))
      .limit(2);
    if (paid)
      await tellSandbox(origin, party, 'control', {
        orderNo: paid.orderNo,
        reportAmount: new Big(paid.amount).minus('0.50').toFixed(2),
      });
    // The provider charged 0.10 more than the passage's rate says (a fee difference).
    if (charged)
      await tellSandbox(origin, party, 'control', {
        orderNo: charged.orderNo,
        reportFee: new Big(charged.channelFee).plus('0.10').toFixed(2),
      });
    const file = await fetchStatement(ctx, tp.id, day, OPERATOR.locale);
    const { statement, mapping } = await stageStatement(ctx, { ...file, actor: OPERATOR });
    // Awaited here (the route answers first): the page is complete when the demo ends.
    await importStatement(ctx, statement, mapping, file, OPERATOR);
    const [s] = await ctx.db.select().from(reconStatements).where(eq(reconStatements.id, statement.id));
    report.statements++;
    report.lines += s?.linesTotal ?? 0;
    report.differences += s?.openLines ?? 0;
    const [open] = await ctx.db
      .select({ id: reconLines.id })
      .from(reconLines)
      .where(and(eq(reconLines.statementId, statement.id), eq(reconLines.category, 'amount_differs')))
      .limit(1);
    if (open) {
      const reason = '上游对账单金额含通道手续费，已与上游核实一致';
      await runSystemTransition(ctx, reconciliationLines, 'resolve', open.id, { actor: OPERATOR, reason });
      report.resolved++;
    }
  }
  return report;
}

export function describeReconDay(r: ReconDayReport): string {
  return `demo reconciliation: ${r.statements} statements fetched, ${r.lines} lines, ${r.differences} differences, ${r.resolved} resolved`;
}
