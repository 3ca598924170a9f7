/**
 * The URLs of a third party's interface config (payManage/third_interfacet_list) as the adapters call
 * them: where a payment is created (`createUrl`), where a payout is created (`payoutUrl`, else
 * `createUrl`: a payout provider's orders are its payouts) and where an order is queried
 * (`queryUrl`). Only a config that is on and speaks the party's interface type counts (the lowest id
 * when several do); each URL it leaves empty is the protocol's path under the party's base URL.
 *
 * Read on every upstream call, changed rarely: all configs in one statement, at most every few
 * seconds per instance (platform/instance-cache.ts); a change on the page is forgotten at once here.
 */
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { forget, remembered } from '../../platform/instance-cache.ts';
import { thirdInterfaces } from '../payManage/schema.ts';
import type { UpstreamEndpoints } from './types.ts';

const KEY = 'upstream-endpoints';

type ConfigUrls = {
  interfaceType: string;
  createUrl: string;
  queryUrl: string | null;
  payoutUrl: string | null;
};

async function loadConfigs(ctx: AppContext): Promise<Map<number, ConfigUrls[]>> {
  const rows = await ctx.db
    .select({
      thirdPartyId: thirdInterfaces.thirdPartyId,
      interfaceType: thirdInterfaces.interfaceType,
      createUrl: thirdInterfaces.createUrl,
      queryUrl: thirdInterfaces.queryUrl,
      payoutUrl: thirdInterfaces.payoutUrl,
    })
    .from(thirdInterfaces)
    .where(eq(thirdInterfaces.status, 'on'))
    .orderBy(asc(thirdInterfaces.id));
  const byParty = new Map<number, ConfigUrls[]>();
  for (const { thirdPartyId, ...urls } of rows)
    byParty.set(thirdPartyId, [...(byParty.get(thirdPartyId) ?? []), urls]);
  return byParty;
}

/** The party's endpoints as its interface config names them (URLs as stored; adapter.ts rebases them). */
export async function endpointsOf(
  ctx: AppContext,
  tp: { id: number; interfaceType: string },
): Promise<UpstreamEndpoints> {
  const all = await remembered(ctx, KEY, () => loadConfigs(ctx));
  const config = all.get(tp.id)?.find((c) => c.interfaceType === tp.interfaceType);
  if (!config) return {};
  return {
    payment: config.createUrl || undefined,
    payout: config.payoutUrl || config.createUrl || undefined,
    query: config.queryUrl || undefined,
  };
}

/** After an interface config changed on this instance: the next call reads them again. */
export function forgetEndpoints(ctx: AppContext): void {
  forget(ctx, KEY);
}
