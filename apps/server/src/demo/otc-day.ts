/**
 * The demo day's OTC and ZHOTC orders: a few deposits and withdrawals quoted in USDT (OTC) and in USD,
 * HKD and EUR (ZHOTC), placed by the merchants THROUGH the merchant API over HTTP with `currency`,
 * priced by the rate table; the deposits paid (or failed, or left unpaid) at the sandbox provider like
 * the normal demo's (orders.ts), then decided by the operator through the lifecycles' transitions:
 * receipts approved or rejected, withdrawals approved (the demo day's payout run pays them out) or
 * rejected. Every OTC page then shows what the running system produced. Deterministic, a few seconds.
 */
import { orderDepositList, orderTransferList } from '@payops/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { merchants } from '../modules/mch/schema.ts';
import { seedExchangeRates } from '../modules/mockTrade/exchange-rates.ts';
import { depositOrders, withdrawOrders } from '../modules/order/schema.ts';
import type { AppContext } from '../platform/context.ts';
import { open } from '../platform/secret-box.ts';
import { type Actor, runSystemTransition } from '../platform/transitions/index.ts';
import { decideDeposits, noOrders, sandboxParties } from './orders.ts';
import { type MerchantCredentials, merchantApiCall } from './orders-client.ts';
import { bankCard, personName } from './people.ts';
import { Random } from './random.ts';

const OPERATOR: Actor = { operatorId: 1, username: 'admin', locale: 'zh-CN' };

/** What each merchant quotes: [currency, amount, fate] (fate as orders.ts: < 0.7 paid, < 0.85 failed). */
const DEPOSITS: [string, string, number][] = [
  ['USDT', '150', 0.1],
  ['USDT', '88.8', 0.2],
  ['USDT', '520.25', 0.3],
  ['USDT', '1000', 0.5],
  ['USDT', '42.123456', 0.75],
  ['USDT', '300', 0.9],
  ['USD', '300', 0.1],
  ['USD', '1250.50', 0.4],
  ['HKD', '2000', 0.2],
  ['HKD', '800', 0.8],
  ['EUR', '120', 0.3],
];
const WITHDRAWALS: [string, string][] = [
  ['USDT', '50'],
  ['USDT', '120.5'],
  ['USDT', '200'],
  ['USD', '80'],
  ['HKD', '1500'],
  ['EUR', '60'],
];

export interface OtcDayReport {
  deposits: number;
  withdrawals: number;
  approved: number;
  rejected: number;
  ms: number;
}

async function credentials(ctx: AppContext): Promise<MerchantCredentials[]> {
  const rows = await ctx.db
    .select({ mchNo: merchants.mchNo, secretEnc: merchants.secretEnc })
    .from(merchants)
    .where(eq(merchants.status, 'enabled'))
    .orderBy(asc(merchants.id))
    .limit(3);
  return rows.map((m) => ({ mchNo: m.mchNo, secret: open(ctx.keys.secretKey, m.secretEnc) }));
}

async function decide(run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch {
    return false; // decided meanwhile (a callback, a rule): the demo moves on
  }
}

/** The orders' sandbox callbacks arrive over HTTP: wait (briefly) until the paid ones reach the audit. */
async function inAudit(ctx: AppContext, orderNos: string[], expected: number): Promise<number[]> {
  const until = Date.now() + 5000;
  for (;;) {
    const rows = await ctx.db
      .select({ id: depositOrders.id })
      .from(depositOrders)
      .where(and(inArray(depositOrders.orderNo, orderNos), eq(depositOrders.status, 'in_audit')))
      .orderBy(asc(depositOrders.id));
    if (rows.length >= expected || Date.now() > until) return rows.map((r) => r.id);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function runOtcDay(ctx: AppContext, origin: string, seed = 20261125): Promise<OtcDayReport> {
  const started = Date.now();
  const r = new Random(seed);
  const report: OtcDayReport = { deposits: 0, withdrawals: 0, approved: 0, rejected: 0, ms: 0 };
  const creds = await credentials(ctx);
  if (!creds.length) return report;
  await seedExchangeRates(ctx); // the rate table's demo rows (a no-op when the server seeded them)
  const run = Date.now().toString(36).toUpperCase();
  const call = (m: MerchantCredentials, path: string, params: Record<string, string>) =>
    merchantApiCall<{ orderNo: string; status: string }>(origin, m, path, params);

  const placed: { orderNo: string; fate: number }[] = [];
  for (const [i, [currency, amount, fate]] of DEPOSITS.entries()) {
    const params = {
      mchOrderNo: `OTC${run}D${i}`,
      amount,
      currency,
      payType: 'alipay',
      memberAccount: `otc${i}`,
    };
    const res = await call(creds[i % creds.length]!, 'deposit/create', params);
    if (res.envelope.code !== 0) continue;
    report.deposits++;
    placed.push({ orderNo: res.envelope.data.orderNo, fate });
  }
  const paid = noOrders();
  await decideDeposits(origin, await sandboxParties(ctx), placed, paid, ctx);
  const audit = await inAudit(
    ctx,
    placed.map((p) => p.orderNo),
    paid.paid,
  );
  // One receipt stays in the audit queue; one is rejected; the others are approved (the merchant credited).
  for (const [i, id] of audit.slice(1).entries()) {
    const ok =
      i === 2
        ? await decide(() =>
            runSystemTransition(ctx, orderDepositList, 'reject', id, {
              actor: OPERATOR,
              reason: '链上未查到对应转账',
            }),
          )
        : await decide(() => runSystemTransition(ctx, orderDepositList, 'approve', id, { actor: OPERATOR }));
    if (ok) report[i === 2 ? 'rejected' : 'approved']++;
  }

  const withdrawn: string[] = [];
  for (const [i, [currency, amount]] of WITHDRAWALS.entries()) {
    const card = bankCard(r);
    const res = await call(creds[i % creds.length]!, 'withdraw/create', {
      mchOrderNo: `OTC${run}W${i}`,
      amount,
      currency,
      bankName: card.bank,
      accountName: personName(r),
      accountNo: card.cardNo,
      memberAccount: `otc${i}`,
    });
    if (res.envelope.code !== 0) continue;
    report.withdrawals++;
    withdrawn.push(res.envelope.data.orderNo);
  }
  const reviews = withdrawn.length
    ? await ctx.db
        .select({ id: withdrawOrders.id })
        .from(withdrawOrders)
        .where(and(inArray(withdrawOrders.orderNo, withdrawn), eq(withdrawOrders.status, 'in_review')))
        .orderBy(asc(withdrawOrders.id))
    : [];
  // The last stays in review; one is rejected; the others approved (paid out by the day's payout run).
  for (const [i, { id }] of reviews.slice(0, -1).entries()) {
    const as = { actor: OPERATOR };
    const ok =
      i === 1
        ? await decide(() =>
            runSystemTransition(ctx, orderTransferList, 'reject', id, {
              ...as,
              reason: '收款人与会员实名不符',
            }),
          )
        : await decide(() => runSystemTransition(ctx, orderTransferList, 'approve', id, as));
    if (ok) report[i === 1 ? 'rejected' : 'approved']++;
  }
  report.ms = Date.now() - started;
  return report;
}

export function describeOtcDay(d: OtcDayReport): string {
  return (
    `demo OTC/ZHOTC orders: ${d.deposits} deposits, ${d.withdrawals} withdrawals; ` +
    `${d.approved} approved, ${d.rejected} rejected in ${(d.ms / 1000).toFixed(1)} s`
  );
}
