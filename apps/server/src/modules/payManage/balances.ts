/**
 * The third parties' balances (payManage/third_interfacet_list): the provider of each interface
 * config is asked what the platform holds there, through its adapter's balance query over the same
 * signed path its orders take, and the answer is kept on the config with the alert line in force (the
 * highest of the party's agent-pay configs that are on) and the verdict. An operator asks one row
 * (its `queryBalance`, audited) and a job asks every row every ten minutes; `low` rings the bell.
 * The provider is asked outside any transaction: a slow answer holds no lock and no connection.
 */
import type { BalanceState, Locale } from '@payops/contracts';
import { and, eq, inArray, max, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { defineJob } from '../../platform/jobs/registry.ts';
import { dec, type Tx } from '../../platform/ledger/index.ts';
import { thirdParties } from '../mch/passage.schema.ts';
import { accessOf, adapterFor } from '../upstream/adapter.ts';
import { UpstreamError } from '../upstream/types.ts';
import { thirdAgentPays, thirdInterfaces } from './schema.ts';

/** The currency of the balance columns (the definition's `currency`). */
const CURRENCY = 'CNY';

export interface BalanceObservation {
  balance: string | null;
  balanceAlert: string | null;
  balanceState: BalanceState;
  balanceError: string | null;
  balanceCheckedAt: Date;
}

/** The highest alert line of the party's agent-pay configs that are on; null: none set. */
async function alertLineOf(ctx: AppContext, thirdPartyId: number): Promise<string | null> {
  const [row] = await ctx.db
    .select({ line: max(thirdAgentPays.balanceAlert) })
    .from(thirdAgentPays)
    .where(and(eq(thirdAgentPays.thirdPartyId, thirdPartyId), eq(thirdAgentPays.status, 'on')));
  return row?.line ?? null;
}

/** Asks the party's provider for its balance now; never throws for what the provider did. */
export async function observeBalance(ctx: AppContext, thirdPartyId: number): Promise<BalanceObservation> {
  const [tp] = await ctx.db.select().from(thirdParties).where(eq(thirdParties.id, thirdPartyId));
  const checkedAt = ctx.clock.now();
  const seen = (state: BalanceState, fields: Partial<BalanceObservation> = {}): BalanceObservation => ({
    balance: null,
    balanceAlert: null,
    balanceError: null,
    ...fields,
    balanceState: state,
    balanceCheckedAt: checkedAt,
  });
  const adapter = tp && adapterFor(tp.interfaceType);
  if (!tp || !adapter?.balance) return seen('unsupported');
  const balanceAlert = await alertLineOf(ctx, thirdPartyId);
  try {
    const { balance, currency } = await adapter.balance(accessOf(ctx, tp), checkedAt);
    if (currency !== CURRENCY)
      return seen('failed', {
        balanceAlert,
        balanceError: `${tp.code}: balance in ${currency}, not ${CURRENCY}`,
      });
    const low = balanceAlert !== null && dec(balance).lt(dec(balanceAlert));
    return seen(low ? 'low' : 'ok', { balance, balanceAlert });
  } catch (e) {
    if (!(e instanceof UpstreamError)) throw e;
    return seen('failed', { balanceAlert, balanceError: e.message });
  }
}

/** Keeps an observation on its interface config (a failed one keeps the last balance known). */
export async function storeBalance(db: Pick<Tx, 'update'>, interfaceId: number, seen: BalanceObservation) {
  const { balance, ...rest } = seen;
  await db
    .update(thirdInterfaces)
    .set(seen.balanceState === 'failed' ? rest : seen)
    .where(eq(thirdInterfaces.id, interfaceId));
}

/**
 * The verdicts of the parties' kept balances against their alert lines now, after an agent-pay config
 * changed: an operator who raises a line sees the bell at once, not at the next query. A balance
 * never read (failed, unsupported) has no verdict to change.
 */
export async function rejudgeBalances(ctx: AppContext, thirdPartyIds: readonly number[]): Promise<void> {
  for (const thirdPartyId of new Set(thirdPartyIds)) {
    const line = await alertLineOf(ctx, thirdPartyId);
    await ctx.db
      .update(thirdInterfaces)
      .set({
        balanceAlert: line,
        balanceState: sql`CASE WHEN ${line}::numeric IS NOT NULL AND ${thirdInterfaces.balance} < ${line}::numeric
                               THEN 'low' ELSE 'ok' END`,
      })
      .where(
        and(
          eq(thirdInterfaces.thirdPartyId, thirdPartyId),
          inArray(thirdInterfaces.balanceState, ['ok', 'low']),
        ),
      );
  }
}

/** Every interface config that is on, of a party that is on: asked one after another. */
export async function refreshBalances(ctx: AppContext): Promise<Partial<Record<BalanceState, number>>> {
  const rows = await ctx.db
    .select({ id: thirdInterfaces.id, thirdPartyId: thirdInterfaces.thirdPartyId })
    .from(thirdInterfaces)
    .innerJoin(thirdParties, eq(thirdParties.id, thirdInterfaces.thirdPartyId))
    .where(and(eq(thirdInterfaces.status, 'on'), eq(thirdParties.status, 'on')))
    .orderBy(thirdInterfaces.id);
  const counts: Partial<Record<BalanceState, number>> = {};
  for (const row of rows) {
    const seen = await observeBalance(ctx, row.thirdPartyId);
    await storeBalance(ctx.db, row.id, seen);
    counts[seen.balanceState] = (counts[seen.balanceState] ?? 0) + 1;
  }
  return counts;
}

export const balanceRefreshJob = defineJob({
  name: 'third-balance-refresh',
  schedule: '*/10 * * * *',
  retry: { limit: 0, delaySeconds: 60, backoff: false },
  handler: refreshBalances,
});

/** 1234567.5 -> 1234567.50: an amount as the list's cells show it (the currency's two decimals). */
export const readableAmount = (amount: string): string => dec(amount).toFixed(2);

const NOTICES: Record<BalanceState, Record<Locale, (party: string, s: BalanceObservation) => string>> = {
  ok: {
    'zh-CN': (p, s) => `${p}：余额 ${readableAmount(s.balance!)} ${CURRENCY}`,
    'en-US': (p, s) => `${p}: balance ${readableAmount(s.balance!)} ${CURRENCY}`,
  },
  low: {
    'zh-CN': (p, s) =>
      `${p}：余额 ${readableAmount(s.balance!)} ${CURRENCY}，低于预警线 ${readableAmount(s.balanceAlert!)}`,
    'en-US': (p, s) =>
      `${p}: balance ${readableAmount(s.balance!)} ${CURRENCY}, below the alert line of ${readableAmount(s.balanceAlert!)}`,
  },
  failed: {
    'zh-CN': (p, s) => `${p}：余额查询失败（${s.balanceError}）`,
    'en-US': (p, s) => `${p}: the balance query failed (${s.balanceError})`,
  },
  unsupported: {
    'zh-CN': (p) => `${p}：该接口类型不支持余额查询`,
    'en-US': (p) => `${p}: its interface type has no balance query`,
  },
};

const LEVELS = { ok: 'success', low: 'warning', failed: 'error', unsupported: 'warning' } as const;

/** What the operator who asked reads of an observation. */
export function balanceNotice(party: string, seen: BalanceObservation, locale: Locale) {
  return { level: LEVELS[seen.balanceState], text: NOTICES[seen.balanceState][locale](party, seen) };
}
