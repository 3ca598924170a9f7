/**
 * Demo orders placed THROUGH the merchant API over HTTP with real signatures (orders-client.ts), the
 * way merchants place them: deposits routed to the built-in sandbox upstream, which is then told to
 * pay or fail each one (a share is left unpaid to time out), withdrawals frozen and queued for review,
 * and a few refused calls (a bad signature, a stale timestamp, too many decimals) and repeats, so every
 * /order page shows what the running system produced. Deterministic for a seed. The sandbox channels
 * come with the demo platform (load.ts).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { thirdParties } from '../modules/mch/passage.schema.ts';
import { merchants } from '../modules/mch/schema.ts';
import { foldUpstreamErrors } from '../modules/openapi/upstream-errors.ts';
import { depositOrders } from '../modules/order/schema.ts';
import { signed } from '../modules/upstream/signing.ts';
import type { AppContext } from '../platform/context.ts';
import { open } from '../platform/secret-box.ts';
import { type MerchantCredentials, merchantApiCall } from './orders-client.ts';
import { bankCard, personName } from './people.ts';
import { Random } from './random.ts';
import { DEMO_SANDBOX_PARTIES, type SandboxParty } from './sandbox-channels.ts';

export interface DemoOrdersReport {
  deposits: number;
  withdrawals: number;
  refused: number;
  paid: number;
  failed: number;
  unpaid: number;
  ms: number;
}

/** A report of no orders yet (counters to add to). */
export const noOrders = (): DemoOrdersReport => ({
  deposits: 0,
  withdrawals: 0,
  refused: 0,
  paid: 0,
  failed: 0,
  unpaid: 0,
  ms: 0,
});

const PAY_TYPES = ['alipay', 'wechat', 'bank_card', 'alipay_to_card', 'unionpay_to_card', 'ecny'] as const;
const ROUND = ['100.00', '200.00', '300.00', '500.00', '1000.00', '2000.00', '5000.00'];
const CONCURRENCY = 8;

/** A signed call to the built-in sandbox provider as one of its accounts (control, notify). */
export async function tellSandbox(
  origin: string,
  party: SandboxParty,
  path: string,
  params: Record<string, string | number>,
) {
  const res = await fetch(`${origin}/sandbox/upstream/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(signed(party.secret, { mchNo: party.mchNo, ...params }, new Date())),
  });
  const answer = (await res.json()) as { code?: number; msg?: string };
  if (answer.code !== 0) throw new Error(`sandbox ${path}: ${res.status} ${JSON.stringify(answer)}`);
  return true;
}

/**
 * Every sandbox provider of a direction (the deposits': those they may route to), as the sandbox knows
 * its accounts: the demo's own (SANDBOX_A/B) and any the payment configuration made, their secrets
 * opened from the database.
 */
export async function sandboxParties(
  ctx: AppContext,
  direction: 'deposit' | 'withdraw' = 'deposit',
): Promise<SandboxParty[]> {
  const rows = await ctx.db
    .select({
      code: thirdParties.code,
      name: thirdParties.name,
      mchNo: thirdParties.upstreamMchNo,
      secretEnc: thirdParties.secretEnc,
    })
    .from(thirdParties)
    .where(and(eq(thirdParties.interfaceType, 'sandbox'), eq(thirdParties.direction, direction)));
  return rows.map(({ secretEnc, ...p }) => ({ ...p, secret: open(ctx.keys.secretKey, secretEnc) }));
}

/** Runs the tasks CONCURRENCY at a time (a merchant's servers do not queue their calls one by one). */
async function pool<T>(items: T[], work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

export async function placeDemoOrders(
  ctx: AppContext,
  origin: string,
  count: number,
  seed = 20261123,
): Promise<DemoOrdersReport> {
  const started = Date.now();
  const r = new Random(seed);
  const report = noOrders();
  const rows = await ctx.db
    .select({ mchNo: merchants.mchNo, secretEnc: merchants.secretEnc })
    .from(merchants)
    .where(eq(merchants.status, 'enabled'))
    .orderBy(merchants.id);
  const creds: MerchantCredentials[] = rows.map((m) => ({
    mchNo: m.mchNo,
    secret: open(ctx.keys.secretKey, m.secretEnc),
  }));
  if (!creds.length || count <= 0) return report;

  // The sandbox holds every payment until told what the member did (below); the second provider
  // answers errors for the first tenth of the deposits, so routing fails over and the error report
  // and the passages' health have something real to show.
  const parties = await sandboxParties(ctx);
  const b = parties.find((p) => p.code === DEMO_SANDBOX_PARTIES[1]!.code);
  for (const p of parties) await tellSandbox(origin, p, 'control', { outcome: 'hold', delayMs: 0 });
  if (b) await tellSandbox(origin, b, 'control', { create: 'error', outcome: 'hold', delayMs: 0 });

  const run = Date.now().toString(36).toUpperCase();
  const plan = Array.from({ length: count }, (_, i) => ({
    i,
    m: r.pick(creds),
    kind: r.chance(0.04)
      ? ('refused' as const)
      : r.chance(0.2)
        ? ('withdraw' as const)
        : ('deposit' as const),
    amount: r.chance(0.4) ? r.pick(ROUND) : r.amount(100, 5000),
    payType: r.pick(PAY_TYPES),
    payee: { name: personName(r), ...bankCard(r) },
    fate: r.next(),
    repeat: r.chance(0.03),
  }));
  const placed: { orderNo: string; fate: number }[] = [];
  const call = (m: MerchantCredentials, path: string, params: Record<string, string>, opts = {}) =>
    merchantApiCall<{ orderNo: string; status: string }>(origin, m, path, params, opts);

  // A merchant's cashier asks the pay parameters before offering its payers amounts.
  for (const m of creds.slice(0, 3)) await call(m, 'payConfig/query', {});
  await pool(plan, async (p) => {
    if (b && p.i === Math.floor(count / 10))
      await tellSandbox(origin, b, 'control', { outcome: 'hold', delayMs: 0 });
    const mchOrderNo = `DEMO${run}${String(p.i).padStart(6, '0')}`;
    if (p.kind === 'refused') {
      // A leaked secret, a stale timestamp, a third decimal, and a WeChat amount above the pay
      // parameters' range (demo pay-config.ts: WeChat 10 to 5000).
      const how = p.i % 4;
      const params =
        how === 3
          ? { mchOrderNo, amount: '8000.00', payType: 'wechat' }
          : { mchOrderNo, amount: how === 2 ? '100.005' : p.amount, payType: p.payType };
      const opts =
        how === 0
          ? { secret: 'a-leaked-or-mistyped-secret' }
          : how === 1
            ? { timestamp: String(Date.now() - 600_000) }
            : {};
      await call(p.m, 'deposit/create', params, opts);
      report.refused++;
      return;
    }
    if (p.kind === 'withdraw') {
      const params = {
        mchOrderNo,
        amount: p.amount,
        bankName: p.payee.bank,
        accountName: p.payee.name,
        accountNo: p.payee.cardNo,
        memberAccount: `u${p.i}`,
      };
      const res = await call(p.m, 'withdraw/create', params);
      if (res.envelope.code === 0) report.withdrawals++;
      else report.refused++;
      return;
    }
    const params = { mchOrderNo, amount: p.amount, payType: p.payType, memberAccount: `u${p.i}` };
    const res = await call(p.m, 'deposit/create', params);
    if (p.repeat) await call(p.m, 'deposit/create', params);
    if (res.envelope.code !== 0) {
      report.refused++;
      return;
    }
    report.deposits++;
    placed.push({ orderNo: res.envelope.data.orderNo, fate: p.fate });
  });

  await decideDeposits(origin, parties, placed, report, ctx);
  // The error report's upstream side is a minute's job in the server; the CLI has no jobs running.
  await foldUpstreamErrors(ctx);
  report.ms = Date.now() - started;
  return report;
}

/** Tells the sandbox what each member did: 70% paid, 15% failed, the rest never pay (they time out). */
export async function decideDeposits(
  origin: string,
  parties: SandboxParty[],
  placed: { orderNo: string; fate: number }[],
  report: DemoOrdersReport,
  ctx: AppContext,
) {
  if (!placed.length) return;
  const rows = await ctx.db
    .select({ orderNo: depositOrders.orderNo, code: thirdParties.code })
    .from(depositOrders)
    .innerJoin(thirdParties, eq(thirdParties.id, depositOrders.thirdPartyId))
    .where(
      inArray(
        depositOrders.orderNo,
        placed.map((p) => p.orderNo),
      ),
    );
  const partyOf = new Map(rows.map((row) => [row.orderNo, parties.find((s) => s.code === row.code)]));
  await pool(placed, async (p) => {
    const party = partyOf.get(p.orderNo);
    if (!party || p.fate >= 0.85) {
      report.unpaid++;
      return;
    }
    const outcome = p.fate < 0.7 ? 'success' : 'fail';
    if (await tellSandbox(origin, party, 'notify', { orderNo: p.orderNo, outcome }))
      report[outcome === 'success' ? 'paid' : 'failed']++;
  });
}

export function describeOrdersReport(o: DemoOrdersReport): string {
  return (
    `demo orders through the merchant API: ${o.deposits} deposits (${o.paid} paid, ${o.failed} failed, ` +
    `${o.unpaid} unpaid), ${o.withdrawals} withdrawals, ${o.refused} refused calls in ${(o.ms / 1000).toFixed(1)} s`
  );
}
