/**
 * The payout (agent-pay) configs of the third parties (payManage/deposit_thirdagentpay_list) as
 * routing reads them for a withdrawal. A provider with configs pays out only through one that is on,
 * whose single limits hold the amount and whose daily cap leaves room for it; when every such config
 * pays out by hand (`autoPayout` off), the provider takes a payout only when an operator submits it
 * (`manual`). A provider without configs is bounded by its passages alone.
 *
 * A config's daily cap bounds the provider's payouts of the day over all its withdraw passages: a
 * payout is not booked against one config (the provider, not the platform, picks the account it
 * pays from), so each config's cap is read as "this provider pays out at most this much a day".
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

export type AgentPayJudgement =
  | { skip: { verdict: RouteVerdict; detail?: string } }
  /** The config that takes the payout (its fee per payout is the provider's); null: no configs. */
  | { config: AgentPayRow | null };

/**
 * Whether the provider's configs take this payout, and through which: the first (by id) that is on,
 * holds the amount, has room under its daily cap and pays out this way (automatically, or by hand
 * when an operator submits it). Otherwise why they keep it from the provider.
 */
export function judgeAgentPay(
  configs: AgentPayRow[] | undefined,
  amount: Decimal,
  opts: { manual: boolean; paidToday: string },
): AgentPayJudgement {
  if (!configs?.length) return { config: null };
  const on = configs.filter((c) => c.status === 'on').sort((a, b) => a.id - b.id);
  if (!on.length) return { skip: { verdict: 'agent_pay_off' } };
  const fit = on.filter((c) => holds(c, amount));
  if (!fit.length) {
    const c = on[0]!;
    return {
      skip: {
        verdict: 'agent_pay_limit',
        detail: `${c.name}: ${decString(dec(c.singleMin))} ~ ${decString(dec(c.singleMax))}`,
      },
    };
  }
  const paid = dec(opts.paidToday);
  const roomy = fit.filter((c) => dec(c.dailyLimit).eq(ZERO) || paid.plus(amount).lte(dec(c.dailyLimit)));
  if (!roomy.length) {
    const c = fit[0]!;
    return {
      skip: {
        verdict: 'daily_cap',
        detail: `${c.name}: ${decString(paid)} / ${decString(dec(c.dailyLimit))}`,
      },
    };
  }
  const taking = opts.manual ? roomy[0] : roomy.find((c) => c.autoPayout);
  return taking ? { config: taking } : { skip: { verdict: 'manual_payout', detail: roomy[0]!.name } };
}
