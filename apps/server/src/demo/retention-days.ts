/**
 * The demo's past week for the first-deposit retention reports (issue 14): cohorts are cut by the day
 * of a member's first deposit and count the members who deposit again on a later day, so orders of
 * one day only show 0% everywhere. Members who never deposited make their first deposit on one of
 * the last DAYS days and some come back on later days (today included), each deposit placed through
 * the merchant API over HTTP with the server's clock moved back to that day (the clock tests and the
 * demo already control; the merchant signs with it), and paid at the sandbox provider then (the order
 * waits in review). The clock is then put back and the operator approves the week's receipts in the
 * order they came, so the ledger's postings are today's (a posting dated into a past day would break
 * that day's settlement statement) and each member's first deposit is their earliest order.
 */
import { orderDepositList } from '@payops/contracts';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { merchants } from '../modules/mch/schema.ts';
import { members } from '../modules/member/schema.ts';
import { depositOrders } from '../modules/order/schema.ts';
import type { AppContext } from '../platform/context.ts';
import { open } from '../platform/secret-box.ts';
import { type Actor, runSystemTransition } from '../platform/transitions/index.ts';
import { decideDeposits, noOrders, sandboxParties, tellSandbox } from './orders.ts';
import { type MerchantCredentials, merchantApiCall } from './orders-client.ts';
import { Random } from './random.ts';

/** Days back the first deposits start (cohorts of days -DAYS..-1; returns up to today). */
export const RETENTION_DEMO_DAYS = 6;
const MEMBERS = 24;
const RETURN_CHANCE = 0.4;
const DAY_MS = 86_400_000;
const PAY_TYPES = ['alipay', 'wechat', 'bank_card'] as const;

export interface RetentionDaysReport {
  firstDeposits: number;
  returns: number;
  approved: number;
  ms: number;
}

interface Depositor {
  m: MerchantCredentials;
  account: string;
  /** Days ago of the first deposit, and of each return. */
  days: number[];
}

/** Members of the member list with no deposit yet (their levels make the level cohorts), at enabled merchants. */
async function newDepositors(ctx: AppContext, r: Random): Promise<Depositor[]> {
  const rows = await ctx.db
    .select({ account: members.account, mchNo: merchants.mchNo, secretEnc: merchants.secretEnc })
    .from(members)
    .innerJoin(merchants, eq(merchants.id, members.merchantId))
    .where(and(isNull(members.firstDepositAt), eq(members.status, 'normal'), eq(merchants.status, 'enabled')))
    .orderBy(asc(members.id))
    .limit(MEMBERS);
  return rows.map((row, i) => {
    const first = RETENTION_DEMO_DAYS - (i % RETENTION_DEMO_DAYS);
    const days = [first];
    for (let d = first - 1; d >= 0; d--) if (r.chance(RETURN_CHANCE)) days.push(d);
    return {
      m: { mchNo: row.mchNo, secret: open(ctx.keys.secretKey, row.secretEnc) },
      account: row.account,
      days,
    };
  });
}

export async function runRetentionDays(
  ctx: AppContext,
  origin: string,
  operator: Actor,
  seed = 20261125,
): Promise<RetentionDaysReport> {
  const started = Date.now();
  const r = new Random(seed);
  const report: RetentionDaysReport = { firstDeposits: 0, returns: 0, approved: 0, ms: 0 };
  const depositors = await newDepositors(ctx, r);
  const parties = await sandboxParties(ctx);
  // The provider holds each payment until told the member paid (below), as on the demo day.
  for (const p of parties) await tellSandbox(origin, p, 'control', { outcome: 'hold', delayMs: 0 });
  const run = Date.now().toString(36).toUpperCase();
  const placed: string[] = [];
  const paid = noOrders();
  let back = 0;
  try {
    for (let ago = RETENTION_DEMO_DAYS; ago >= 0; ago--) {
      ctx.clock.advance(back - ago * DAY_MS);
      back = ago * DAY_MS;
      const today = depositors.filter((d) => d.days.includes(ago));
      const orders = await Promise.all(
        today.map(async (d, i) => {
          const res = await merchantApiCall<{ orderNo: string }>(
            origin,
            d.m,
            'deposit/create',
            {
              mchOrderNo: `RET${run}${ago}${String(i).padStart(3, '0')}`,
              amount: r.amount(100, 3000),
              payType: r.pick(PAY_TYPES),
              memberAccount: d.account,
            },
            { timestamp: String(ctx.clock.nowMs()) },
          );
          if (res.envelope.code !== 0) return null;
          if (d.days[0] === ago) report.firstDeposits++;
          else report.returns++;
          return { orderNo: res.envelope.data.orderNo, fate: 0 };
        }),
      );
      const ok = orders.filter((o) => o !== null);
      await decideDeposits(origin, parties, ok, paid, ctx);
      placed.push(...ok.map((o) => o.orderNo));
    }
  } finally {
    ctx.clock.advance(back);
  }
  const waiting = !placed.length
    ? []
    : await ctx.db
        .select({ id: depositOrders.id })
        .from(depositOrders)
        .where(and(inArray(depositOrders.orderNo, placed), eq(depositOrders.status, 'in_audit')))
        .orderBy(asc(depositOrders.createdAt), asc(depositOrders.id));
  for (const { id } of waiting) {
    try {
      await runSystemTransition(ctx, orderDepositList, 'approve', id, { actor: operator });
      report.approved++;
    } catch {
      // Decided meanwhile (a job, a rule): the demo moves on.
    }
  }
  report.ms = Date.now() - started;
  return report;
}

export const describeRetentionDays = (d: RetentionDaysReport) =>
  `retention days: ${d.firstDeposits} first deposits over the last ${RETENTION_DEMO_DAYS} days, ${d.returns} returns, ${d.approved} receipts approved today, in ${(d.ms / 1000).toFixed(1)} s`;
