/**
 * The automatic traders' work, a job each minute (and once at once when started): while a side runs,
 * its sandbox traders post ads and take the other side's, the buyers pay their matched orders (with a
 * voucher) and the sellers confirm paid ones, all through the market's services, as the system.
 * Each order's fate is fixed by its id: a `lateShare` of them are never paid (the market's timeout
 * job expires them), a `disputeShare` are disputed by the seller instead of confirmed (an operator
 * resolves them). A refusal of the market (a rule, a race) is counted and skipped: the tick goes on.
 */

import { createHash } from 'node:crypto';
import { systemText } from '@payops/contracts';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { defineJob } from '../../platform/jobs/registry.ts';
import { dec, decString } from '../../platform/ledger/money.ts';
import {
  confirmOrder,
  createAd,
  markPaid,
  openDispute,
  SYSTEM_ACTOR,
  takeAd,
  tradeAds,
  tradeOrders,
} from '../trade/index.ts';
import type { TraderSide } from './sandbox.schema.ts';
import { ensureSandboxMarket, SANDBOX_POOL_ID } from './sandbox-market.ts';
import { faucet, type SandboxTrader, sandboxTraders } from './sandbox-traders.ts';
import { countActions, listTraders, type Trader } from './traders.ts';

/** A 1x1 PNG: the automatic buyers' voucher (real bytes, so the market's type check passes). */
export const SAMPLE_VOUCHER =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const PAY_TYPES = ['bank_card', 'alipay', 'wechat'] as const;

/** A number in [0, 1) fixed by the order (its fate), the same on every tick and instance. */
export function fateOf(orderNo: string): number {
  return createHash('sha256').update(orderNo).digest().readUInt32BE(0) / 2 ** 32;
}

type Rand = () => number;

function amountIn(t: Trader, rand: Rand): string {
  const lo = dec(t.amountMin);
  const hi = dec(t.amountMax);
  return decString(lo.plus(hi.minus(lo).times(dec(rand().toFixed(6)))).round(2, 0));
}

export interface TickReport {
  ads: number;
  takes: number;
  paid: number;
  confirmed: number;
  disputed: number;
  refused: number;
}

async function attempt(report: TickReport, key: keyof TickReport, work: () => Promise<unknown>) {
  try {
    await work();
    report[key]++;
    return true;
  } catch {
    report.refused++;
    return false;
  }
}

const pick = <T>(list: readonly T[], rand: Rand): T => list[Math.floor(rand() * list.length)]!;

/** One tick of the automatic traders; answers what it did. */
export async function runTraderTick(ctx: AppContext, rand: Rand = Math.random): Promise<TickReport> {
  const report: TickReport = { ads: 0, takes: 0, paid: 0, confirmed: 0, disputed: 0, refused: 0 };
  const running = (await listTraders(ctx.db)).filter((t) => t.running);
  if (running.length === 0) return report;
  // One tick at a time across instances: a second one would only race the first.
  const { rows } = await ctx.db.execute<{ ok: boolean }>(
    sql`SELECT pg_try_advisory_lock(hashtext('mock-trader-tick')) AS ok`,
  );
  if (!rows[0]?.ok) return report;
  try {
    const { merchant } = await ensureSandboxMarket(ctx);
    const team = {
      buy: await sandboxTraders(ctx.db, merchant, 'buy'),
      sell: await sandboxTraders(ctx.db, merchant, 'sell'),
    };
    const ids = (side: TraderSide) => team[side].map((t) => t.ownerId);
    for (const t of running) {
      const before = { ...report };
      await postAndTake(ctx, t, team[t.side], rand, report);
      await countActions(ctx.db, t.side, report.ads + report.takes - before.ads - before.takes);
    }
    const buyers = running.find((t) => t.side === 'buy');
    const sellers = running.find((t) => t.side === 'sell');
    if (buyers) await payMatched(ctx, buyers, ids('buy'), report);
    if (sellers) await confirmPaid(ctx, sellers, ids('sell'), report);
  } finally {
    await ctx.db.execute(sql`SELECT pg_advisory_unlock(hashtext('mock-trader-tick'))`);
  }
  return report;
}

/** Half the actions post an ad of the side, half take an open ad of the other side. */
async function postAndTake(
  ctx: AppContext,
  t: Trader,
  team: SandboxTrader[],
  rand: Rand,
  report: TickReport,
) {
  for (let i = 0; i < t.ratePerMinute; i++) {
    const who = pick(team, rand);
    if (t.side === 'sell') await ctx.db.transaction((tx) => faucet(ctx, tx, who));
    const amount = amountIn(t, rand);
    const other = t.side === 'buy' ? 'sell' : 'buy';
    const [ad] = rand() < 0.5 ? [] : await openAds(ctx, other, who.ownerId);
    if (!ad) {
      await attempt(report, 'ads', () =>
        createAd(
          ctx,
          { trader: who, poolId: SANDBOX_POOL_ID, side: t.side, amount, remark: systemText('autoTrader') },
          SYSTEM_ACTOR,
        ),
      );
      continue;
    }
    await attempt(report, 'takes', () =>
      takeAd(
        ctx,
        {
          adId: ad.id,
          taker: who,
          amount: takeAmount(amount, ad),
          payType: pick(payTypesOf(ad.payTypes), rand),
        },
        SYSTEM_ACTOR,
      ),
    );
  }
}

/** The wanted amount within what the ad allows per take; what is left when that is below its minimum. */
export function takeAmount(
  wanted: string,
  ad: { minTake: string; maxTake: string; remaining: string },
): string {
  const left = dec(ad.remaining);
  if (left.lte(dec(ad.minTake))) return ad.remaining;
  let x = dec(wanted);
  if (x.lt(dec(ad.minTake))) x = dec(ad.minTake);
  if (x.gt(dec(ad.maxTake))) x = dec(ad.maxTake);
  if (x.gt(left)) x = left;
  return decString(x);
}

const payTypesOf = (list: string) =>
  list.split(',').filter((p) => (PAY_TYPES as readonly string[]).includes(p)) as (typeof PAY_TYPES)[number][];

function openAds(ctx: AppContext, side: TraderSide, notOwner: number) {
  return ctx.db
    .select()
    .from(tradeAds)
    .where(
      and(
        eq(tradeAds.poolId, SANDBOX_POOL_ID),
        eq(tradeAds.side, side),
        eq(tradeAds.status, 'open'),
        gt(tradeAds.remaining, '0'),
        sql`${tradeAds.ownerId} <> ${notOwner}`,
      ),
    )
    .orderBy(asc(tradeAds.createdAt))
    .limit(1);
}

function ordersOf(
  ctx: AppContext,
  status: 'matched' | 'paid',
  role: 'buyer' | 'seller',
  ids: number[],
  limit: number,
) {
  const col = role === 'buyer' ? tradeOrders.buyerId : tradeOrders.sellerId;
  return ctx.db
    .select()
    .from(tradeOrders)
    .where(and(eq(tradeOrders.poolId, SANDBOX_POOL_ID), eq(tradeOrders.status, status), inArray(col, ids)))
    .orderBy(asc(tradeOrders.id))
    .limit(limit);
}

/** The buyers pay their matched orders, but the late share, left to time out. */
async function payMatched(ctx: AppContext, t: Trader, ids: number[], report: TickReport) {
  for (const o of await ordersOf(ctx, 'matched', 'buyer', ids, t.ratePerMinute * 2)) {
    if (fateOf(o.orderNo) < Number(t.lateShare)) continue;
    const by = { ownerType: o.buyerType, ownerId: o.buyerId };
    await attempt(report, 'paid', () => markPaid(ctx, o.id, { by, voucher: SAMPLE_VOUCHER }, SYSTEM_ACTOR));
  }
}

/** The sellers confirm paid orders, but the dispute share, which they dispute. */
async function confirmPaid(ctx: AppContext, t: Trader, ids: number[], report: TickReport) {
  for (const o of await ordersOf(ctx, 'paid', 'seller', ids, t.ratePerMinute * 2)) {
    const by = { ownerType: o.sellerType, ownerId: o.sellerId };
    // The top of the range, so the late share (the bottom) and the dispute share never overlap.
    if (fateOf(o.orderNo) >= 1 - Number(t.disputeShare))
      await attempt(report, 'disputed', () =>
        openDispute(ctx, o.id, { reason: systemText('paymentNotReceived'), by }, SYSTEM_ACTOR),
      );
    else await attempt(report, 'confirmed', () => confirmOrder(ctx, o.id, { by }, SYSTEM_ACTOR));
  }
}

/**
 * Whether this process runs the job (the runner says so at start): only then does a start also tick
 * at once. API tests build the app without jobs and tick by hand, so nothing runs behind their backs.
 */
const jobsRunHere = new WeakSet<AppContext>();
export const ticksHere = (ctx: AppContext) => jobsRunHere.has(ctx);

export const mockTraderJob = defineJob({
  name: 'mock-traders',
  schedule: '* * * * *',
  retry: { limit: 0, delaySeconds: 30, backoff: false },
  onStart: (ctx) => jobsRunHere.add(ctx),
  handler: (ctx) => runTraderTick(ctx),
});
