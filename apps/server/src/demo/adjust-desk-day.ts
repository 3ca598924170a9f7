/**
 * The demo's finance desk: balance adjustments through the console's routes (desk-session.ts), as
 * /mch/mchList's 调账复核 tab shows them. Both operators are bound to an authenticator, and every
 * request and approval costs a code. The clerk asks for a credit above the approval threshold, which
 * the lead approves (the money moves through the ledger); the clerk's second request is rejected with
 * a reason; the lead's own request waits for another operator. Each request and decision has its
 * audit row. The codes cost one wait for the authenticator's next step (at most 30 s).
 */
import crypto from 'node:crypto';
import { mchAdjust, mchList } from '@payops/contracts';
import Big from 'big.js';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { merchants } from '../modules/mch/schema.ts';
import type { AppContext } from '../platform/context.ts';
import { type Desk, openDesk } from './desk-session.ts';

export const FINANCE_CLERK = 'demo_finance';
export const FINANCE_LEAD = 'demo_finance_lead';

export interface AdjustDeskReport {
  approved: number;
  rejected: number;
  pending: number;
}

type Adjusted = { adjustmentId: number };

export async function runAdjustDesk(app: FastifyInstance, ctx: AppContext): Promise<AdjustDeskReport> {
  const found = await ctx.db
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.status, 'enabled'))
    .orderBy(asc(merchants.id))
    .limit(3);
  const report: AdjustDeskReport = { approved: 0, rejected: 0, pending: 0 };
  if (found.length === 0) return report;
  const at = (i: number) => found[i % found.length]!.id;
  const clerk = await openDesk(app, ctx, {
    username: FINANCE_CLERK,
    displayName: '财务专员（演示）',
    authenticator: true,
  });
  const lead = await openDesk(app, ctx, {
    username: FINANCE_LEAD,
    displayName: '财务负责人（演示）',
    authenticator: true,
  });
  const rules = await clerk.get<{ approvalThreshold: string }>(`${mchList.api}/adjustRules`);
  // Above the threshold by a fifth, to the yuan: these wait for a second operator.
  const large = (n: number) =>
    new Big(rules.approvalThreshold)
      .times(1.2)
      .plus(n * 1000)
      .round(0)
      .toFixed(2);
  const adjust = (desk: Desk, id: number, amount: string, reason: string) =>
    desk.post<Adjusted>(
      mchList.actions.adjust!.path,
      { id, type: 'credit', amount, reason },
      { code: true, key: crypto.randomUUID() },
    );
  const decide = (transition: 'approve' | 'reject', body: Record<string, unknown>) =>
    lead.post(mchAdjust.actions[transition]!.path, body, {
      code: mchAdjust.actions[transition]!.needsCode,
      key: crypto.randomUUID(),
    });

  const offline = await adjust(clerk, at(0), large(0), '线下对公转账入账（银行回单 88012）');
  await decide('approve', { id: offline.adjustmentId });
  report.approved++;
  const refund = await adjust(clerk, at(1), large(1), '渠道退款补偿（通道故障 11/28）');
  await decide('reject', { id: refund.adjustmentId, reason: '金额与银行回单不符，请核对后重新发起' });
  report.rejected++;
  await adjust(lead, at(2), large(2), '季度返佣入账（待另一位财务复核）');
  report.pending++;
  await clerk.signOut();
  await lead.signOut();
  return report;
}

export function describeAdjustDesk(r: AdjustDeskReport): string {
  return `demo finance desk: ${r.approved} adjustment approved, ${r.rejected} rejected, ${r.pending} awaiting approval`;
}
