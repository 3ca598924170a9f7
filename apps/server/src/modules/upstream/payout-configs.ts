/**
 * The payout (agent-pay) configs of the third parties (payManage/deposit_thirdagentpay_list) as
 * routing reads them for a withdrawal. A provider with configs pays out only through one that is on
 * and whose single limits hold the amount; when every such config pays out by hand (`autoPayout`
 * off), the provider takes a payout only when an operator submits it (`manual`). A provider without
 * configs is bounded by its passages alone.
 */
import type { RouteVerdict } from '@payops/contracts';
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { type Decimal, dec, decString, ZERO } from '../../platform/ledger/money.ts';
import { thirdAgentPays } from '../payManage/schema.ts';

export type AgentPayRow = typeof thirdAgentPays.$inferSelect;

/** The configs of the given third parties, by party. */
export async function agentPaysOf(ctx: AppContext, partyIds: number[]): Promise<Map<number, AgentPayRow[]>> {
  const byParty = new Map<number, AgentPayRow[]>();
  if (!partyIds.length) return byParty;
  const rows = await ctx.db
    .select()
    .from(thirdAgentPays)
    .where(inArray(thirdAgentPays.thirdPartyId, partyIds));
  for (const r of rows) byParty.set(r.thirdPartyId, [...(byParty.get(r.thirdPartyId) ?? []), r]);
  return byParty;
}

const holds = (c: AgentPayRow, amount: Decimal) =>
  amount.gte(dec(c.singleMin)) && (dec(c.singleMax).eq(ZERO) || amount.lte(dec(c.singleMax)));

/** Why the provider's configs keep it from this payout, or null when one of them takes it. */
export function agentPayVerdict(
  configs: AgentPayRow[] | undefined,
  amount: Decimal,
  manual: boolean,
): { verdict: RouteVerdict; detail?: string } | null {
  if (!configs?.length) return null;
  const on = configs.filter((c) => c.status === 'on');
  if (!on.length) return { verdict: 'agent_pay_off' };
  const fit = on.filter((c) => holds(c, amount));
  if (!fit.length) {
    const c = on[0]!;
    return {
      verdict: 'agent_pay_limit',
      detail: `${c.name}: ${decString(dec(c.singleMin))} ~ ${decString(dec(c.singleMax))}`,
    };
  }
  if (!manual && !fit.some((c) => c.autoPayout)) return { verdict: 'manual_payout', detail: fit[0]!.name };
  return null;
}
