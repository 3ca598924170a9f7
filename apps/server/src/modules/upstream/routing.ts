/**
 * Routing: which passages may take an order, in which order to try them. A passage is a candidate by
 * direction and pay type; it is skipped (with the reason kept for the decision log) when it or its
 * third party is off, the amount is outside its single min/max, its daily cap has no room left for
 * the amount, it is down, the merchant has passages of this direction but not this one, no adapter
 * speaks its interface type, or (a payout) its provider's payout configs do not take it
 * (payout-configs.ts). The rest: healthy before degraded, each group in weighted random order
 * (the merchant's weight for the passage when it has one).
 */
import type { RouteCandidate, RouteVerdict } from '@payops/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { platformDayStartSql } from '../../platform/clock.ts';
import type { AppContext } from '../../platform/context.ts';
import { dec, decString, ZERO } from '../../platform/ledger/money.ts';
import { merchantPassages, passages, thirdParties } from '../mch/passage.schema.ts';
import { feeOf } from '../order/create.ts';
import { adapterFor } from './adapter.ts';
import { agentPaysOf, judgeAgentPay } from './payout-configs.ts';
import { passageHealthStats, passageUsage } from './schema.ts';

export type Direction = 'deposit' | 'withdraw';

export interface RouteRequest {
  direction: Direction;
  merchantId: number;
  payType: string;
  amount: string;
  now: Date;
  /** A payout an operator submits: passages whose provider pays out by hand may take it. */
  manual?: boolean;
}

export type PassageRow = typeof passages.$inferSelect;
export type ThirdPartyRow = typeof thirdParties.$inferSelect;

export interface Ranked {
  passage: PassageRow;
  thirdParty: ThirdPartyRow;
  weight: number;
  /** degraded also for a passage the routing took down whose rest is over (tried again, last). */
  health: 'healthy' | 'degraded';
  /** The passage's consecutive upstream errors when routed (health.ts: a success resets them). */
  errors: number;
  /** The merchant's own rate on this passage (mch/mchThirdPayConfig), null when it has none. */
  merchantRate: string | null;
  /** A payout: the fixed fee per payout of the provider's config that takes it ('0': none). */
  payoutFee: string;
}

/**
 * What the provider charges for `amount` through the ranked passage (the order's channelFee): the
 * passage's rate, rounded as a merchant's fee is, plus a payout's fee per payout.
 */
export function channelFeeOf(amount: string, taken: Ranked): string {
  return decString(dec(feeOf(amount, taken.passage.rate)).plus(dec(taken.payoutFee)));
}

export interface Routing {
  ranked: Ranked[];
  skipped: RouteCandidate[];
  /** Passages of the direction and pay type at all (0: the pay type is not offered). */
  total: number;
  /** The amounts the passages skipped for the amount take together (max '0': no maximum). */
  amountLimits: { min: string; max: string } | null;
}

/**
 * Orders that use a passage's daily cap: those the upstream accepted and that did not end unpaid. The
 * triggers that keep passage_usage (migration 0031) name the same states; upstream-routing.test.ts
 * compares every bucket with the orders in these states.
 */
export const USING_CAP = {
  deposit: ['pending_payment', 'paid', 'in_audit', 'success'],
  withdraw: ['paying', 'success'],
} as const;

/**
 * Today's used amount of the passage `passageId` (platform time zone; null: nothing used), from the
 * day's buckets of passage_usage, kept by the order tables' triggers, instead of summing the day's
 * orders (a cost that grew with each order). `now` and `tz` are the statement's values.
 */
function usedTodaySql(direction: SQL, passageId: SQL, now: unknown, tz: unknown) {
  const u = passageUsage;
  return sql<string | null>`(SELECT sum(${u.used})::text FROM ${u}
    WHERE ${u.direction} = ${direction} AND ${u.passageId} = ${passageId} AND ${u.bucket} >= ${platformDayStartSql(now, tz)})`;
}

/**
 * Today's payouts of each provider over all its withdraw passages (a payout config's daily cap
 * bounds the provider, payout-configs.ts), from the same buckets as a passage's cap.
 */
async function payoutsToday(ctx: AppContext, partyIds: number[], now: Date): Promise<Map<number, string>> {
  if (!partyIds.length) return new Map();
  const u = passageUsage;
  const { rows } = await ctx.db.execute<{ party: number; used: string }>(sql`
    SELECT ${passages.thirdPartyId} AS party, sum(${u.used})::text AS used
      FROM ${u} JOIN ${passages} ON ${passages.id} = ${u.passageId}
     WHERE ${u.direction} = 'withdraw' AND ${passages.thirdPartyId} IN ${partyIds}
       AND ${u.bucket} >= ${platformDayStartSql(now.toISOString(), ctx.config.timeZone)}
     GROUP BY 1`);
  return new Map(rows.map((r) => [Number(r.party), r.used]));
}

/** A passage's used amount today, as routing reads it with its candidates ('0': nothing used). */
export async function usedToday(ctx: AppContext, direction: Direction, passageId: number, now: Date) {
  const used = usedTodaySql(sql`${direction}`, sql`${passageId}`, now.toISOString(), ctx.config.timeZone);
  const { rows } = await ctx.db.execute<{ used: string | null }>(sql`SELECT ${used} AS used`);
  return rows[0]?.used ?? '0';
}

/**
 * The candidates of a direction and pay type with all routing needs to rank them, today's use of each
 * passage included: ONE statement, prepared by name once per database (a merchant API deposit ran it
 * and a second for the use, planned anew each time: 0.5 ms of PostgreSQL per order, issue 10).
 */
function candidatesQuery(ctx: AppContext) {
  const p = sql.placeholder;
  return ctx.db
    .select({
      passage: passages,
      thirdParty: thirdParties,
      mpWeight: merchantPassages.weight,
      mpEnabled: merchantPassages.enabled,
      mpRate: merchantPassages.rate,
      downUntil: passageHealthStats.downUntil,
      errors: passageHealthStats.errors,
      // Whether the merchant has its own passage list for the direction, in the same statement.
      restricted: sql<boolean>`EXISTS (SELECT 1 FROM ${merchantPassages} own WHERE own.merchant_id = ${p('merchantId')} AND own.direction = ${p('direction')})`,
      used: usedTodaySql(sql`${passages.direction}`, sql`${passages.id}`, p('now'), p('tz')),
    })
    .from(passages)
    .innerJoin(thirdParties, eq(thirdParties.id, passages.thirdPartyId))
    .leftJoin(
      merchantPassages,
      and(eq(merchantPassages.passageId, passages.id), eq(merchantPassages.merchantId, p('merchantId'))),
    )
    .leftJoin(passageHealthStats, eq(passageHealthStats.passageId, passages.id))
    .where(and(eq(passages.direction, p('direction') as never), eq(passages.payType, p('payType') as never)))
    .orderBy(passages.id)
    .prepare('payops_route_candidates');
}

const candidates = new WeakMap<AppContext['db'], ReturnType<typeof candidatesQuery>>();

/** Weighted random order without replacement (a weight of 0 still comes, after the others). */
export function weightedOrder<T extends { weight: number }>(items: T[], random = Math.random): T[] {
  const left = [...items];
  const out: T[] = [];
  while (left.length) {
    const total = left.reduce((s, x) => s + Math.max(x.weight, 0), 0);
    let pick = 0;
    if (total > 0) {
      let r = random() * total;
      pick = left.length - 1;
      for (const [i, x] of left.entries()) {
        r -= Math.max(x.weight, 0);
        if (r < 0) {
          pick = i;
          break;
        }
      }
    }
    out.push(left.splice(pick, 1)[0]!);
  }
  return out;
}

/** An amount as people write it (the columns answer 8 decimals). */
const shown = (v: string) => decString(dec(v));

export async function routePassages(ctx: AppContext, req: RouteRequest): Promise<Routing> {
  const query = candidates.get(ctx.db) ?? candidatesQuery(ctx);
  candidates.set(ctx.db, query);
  const rows = await query.execute({
    merchantId: req.merchantId,
    direction: req.direction,
    payType: req.payType,
    now: req.now.toISOString(),
    tz: ctx.config.timeZone,
  });
  // No passage at all: nothing is checked against the merchant's list.
  const restricted = rows[0]?.restricted === true;
  const amount = dec(req.amount);
  const skipped: RouteCandidate[] = [];
  let amountLimits: Routing['amountLimits'] = null;
  const widen = (p: PassageRow) => {
    const min = shown(p.singleMin);
    const max = shown(p.singleMax);
    const l = amountLimits ?? { min, max };
    const wider = l.max === '0' || max === '0' ? '0' : dec(max).gt(dec(l.max)) ? max : l.max;
    amountLimits = { min: dec(min).lt(dec(l.min)) ? min : l.min, max: wider };
  };
  const open: (Ranked & { dailyLimit: string; used: string })[] = [];
  // Payouts only: what each provider's payout configs allow (not on the deposits' hot path).
  const agentPays =
    req.direction === 'withdraw'
      ? await agentPaysOf(ctx, [...new Set(rows.map((r) => r.thirdParty.id))])
      : null;
  const paidOut = agentPays?.size ? await payoutsToday(ctx, [...agentPays.keys()], req.now) : null;
  for (const r of rows) {
    const p = r.passage;
    const agent = agentPays
      ? judgeAgentPay(agentPays.get(r.thirdParty.id), amount, {
          manual: req.manual === true,
          paidToday: paidOut?.get(r.thirdParty.id) ?? '0',
        })
      : { config: null };
    const weight = r.mpWeight ?? p.weight;
    const skip = (verdict: RouteVerdict, detail?: string) =>
      skipped.push({
        passageId: p.id,
        name: p.name,
        health: p.health,
        weight,
        verdict,
        ...(detail ? { detail } : {}),
      });
    const resting = p.health === 'down' && r.downUntil !== null && r.downUntil <= req.now;
    if (p.status !== 'on') skip('passage_off');
    else if (r.thirdParty.status !== 'on') skip('third_party_off', r.thirdParty.code);
    else if (restricted && !r.mpEnabled) skip('not_allowed');
    else if (!adapterFor(r.thirdParty.interfaceType)) skip('no_adapter', r.thirdParty.interfaceType);
    else if (amount.lt(dec(p.singleMin))) {
      skip('below_min', shown(p.singleMin));
      widen(p);
    } else if (dec(p.singleMax).gt(ZERO) && amount.gt(dec(p.singleMax))) {
      skip('above_max', shown(p.singleMax));
      widen(p);
    } else if (p.health === 'down' && !resting) skip('down');
    else if ('skip' in agent) skip(agent.skip.verdict, agent.skip.detail);
    else
      open.push({
        passage: p,
        thirdParty: r.thirdParty,
        weight,
        health: p.health === 'healthy' ? 'healthy' : 'degraded',
        errors: r.errors ?? 0,
        merchantRate: r.mpEnabled ? r.mpRate : null,
        payoutFee: agent.config?.fee ?? '0',
        dailyLimit: p.dailyLimit,
        used: r.used ?? '0',
      });
  }
  const fit: Ranked[] = [];
  for (const c of open) {
    const limit = dec(c.dailyLimit);
    const u = c.used;
    if (limit.gt(ZERO) && dec(u).plus(amount).gt(limit)) {
      skipped.push({
        passageId: c.passage.id,
        name: c.passage.name,
        health: c.passage.health,
        weight: c.weight,
        verdict: 'daily_cap',
        detail: `${shown(u)} / ${shown(c.dailyLimit)}`,
      });
    } else {
      const { dailyLimit: _, used: _u, ...ranked } = c;
      fit.push(ranked);
    }
  }
  const ranked = [
    ...weightedOrder(fit.filter((c) => c.health === 'healthy')),
    ...weightedOrder(fit.filter((c) => c.health === 'degraded')),
  ];
  return { ranked, skipped, total: rows.length, amountLimits };
}
