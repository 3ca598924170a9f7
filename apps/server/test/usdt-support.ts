/**
 * Shared set-up of the USDT tests: the real server listening (the platform reaches the sandbox chain
 * over HTTP), a pool of sandbox addresses, operators (maker and checker), a merchant with a known
 * secret, the sandbox chain's controls over HTTP, and the watcher and payout runs the jobs do.
 */
import { orderDepositListUSDT, orderTransferListUSDT, type UsdtNetwork } from '@payops/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { sandboxAddresses } from '../src/demo/usdt-addresses.ts';
import { usdtDepositOrders, usdtWithdrawOrders } from '../src/modules/chain/chain.schema.ts';
import { runChainPayouts } from '../src/modules/chain/payout.ts';
import { nodeKeyHeaders } from '../src/modules/chain/sandbox/node-key.ts';
import { watchChain } from '../src/modules/chain/watcher.ts';
import { exchangeRates } from '../src/modules/mockTrade/schema.ts';
import { importAddresses } from '../src/modules/sys/addr-pool.service.ts';
import { resources } from '../src/modules/sys/schema.ts';
import { platformOrigin } from '../src/modules/upstream/origin.ts';
import {
  bindAuthenticator,
  createOperator,
  createTestApp,
  signIn,
  signInAdmin,
  type TestApp,
  toLocalHour,
} from './harness.ts';
import { makeMerchant, mchCall, type TestMerchant } from './openapi-client.ts';
import { key, type OrderWorld, code as orderCode, post } from './order-support.ts';

/** The orders' world (order-support.ts: operators with authenticators) with a merchant and a pool. */
export interface UsdtWorld extends OrderWorld {
  m: TestMerchant;
  pool: string[];
}

/** Transitions that keep their code check here (the rest are switched off to keep the tests short). */
export const CODED = ['order.orderDepositListUSDT.creditActual'];

/**
 * `localHour`: the app clock moved first to the next such hour in the platform's zone, so that what the
 * world and its test write falls in one platform day (a file reading the day's sums or counts asks for it).
 */
export async function usdtWorld(
  poolSize = 6,
  balance = '10000',
  opts: { localHour?: number } = {},
): Promise<UsdtWorld> {
  const t = await createTestApp();
  if (opts.localHour !== undefined) toLocalHour(t, opts.localHour);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const perms = [orderDepositListUSDT, orderTransferListUSDT].flatMap((d) =>
    Object.values(d.actions)
      .filter((a) => a.transition)
      .map((a) => a.permission),
  );
  await t.ctx.db
    .update(resources)
    .set({ needsCode: false })
    .where(
      inArray(
        resources.permission,
        perms.filter((p) => !CODED.includes(p)),
      ),
    );
  await t.ctx.db.update(resources).set({ needsCode: true }).where(inArray(resources.permission, CODED));
  const admin = await signInAdmin(t);
  const adminSecret = await bindAuthenticator(t, admin, 1);
  const checkerId = await createOperator(t, 'checker', 'Checker12345', ['admin']);
  const checker = await signIn(t, 'checker', 'Checker12345');
  const checkerSecret = await bindAuthenticator(t, checker, checkerId);
  await seedRates(t);
  const pool = sandboxAddresses('TRC20', poolSize, 'usdt-test');
  await importAddresses(t.ctx, 'TRC20', pool.join('\n'));
  const m = await makeMerchant(t, { depositRate: '0.01', withdrawRate: '0.01' }, balance);
  return { t, admin, checker, adminSecret, checkerSecret, m, pool };
}

/** The demo rates (USDT/CNY: SELL 7.18, BUY 7.25), set as the exchange-rate page would. */
export async function seedRates(t: TestApp, sell = '7.18', buy = '7.25') {
  for (const [type, exchangeRate] of [
    ['SELL', sell],
    ['BUY', buy],
  ] as const)
    await t.ctx.db
      .insert(exchangeRates)
      .values({ currency: 'USDT', exchangeCurrency: 'CNY', type, exchangeRate })
      .onConflictDoUpdate({
        target: [exchangeRates.currency, exchangeRates.exchangeCurrency, exchangeRates.type],
        set: { exchangeRate },
      });
}

let seq = 0;
export const mchOrderNo = (p = 'U') => `${p}${Date.now()}${++seq}`;

export async function sandbox<T = Record<string, unknown>>(t: TestApp, path: string, body: object) {
  const res = await fetch(`${platformOrigin(t.ctx)}/sandbox/chain/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...nodeKeyHeaders(t.ctx.keys.secretKey) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as T & { code: number; msg?: string };
}

export const pay = (t: TestApp, to: string, amount: string, network: UsdtNetwork = 'TRC20') =>
  sandbox<{ txHash: string }>(t, 'pay', { network, to, amount });
export const mine = (t: TestApp, blocks: number, network: UsdtNetwork = 'TRC20') =>
  sandbox<{ height: number }>(t, 'mine', { network, blocks });

export const watch = (t: TestApp) => watchChain(t.ctx);
export const payouts = (t: TestApp) => runChainPayouts(t.ctx);

export interface DepositAnswer {
  orderNo: string;
  address: string;
  usdtAmount: string;
  rate: string;
  status: string;
  expiresAt: string;
}

export function deposit(w: UsdtWorld, amount: string, extra: Record<string, string> = {}) {
  return mchCall<DepositAnswer>(w.t, w.m, 'usdt/deposit/create', {
    mchOrderNo: mchOrderNo('UD'),
    amount,
    network: 'TRC20',
    ...extra,
  });
}

export async function depositRow(t: TestApp, orderNo: string) {
  const [o] = await t.ctx.db.select().from(usdtDepositOrders).where(eq(usdtDepositOrders.orderNo, orderNo));
  return o!;
}

export async function withdrawRow(t: TestApp, orderNo: string) {
  const [o] = await t.ctx.db.select().from(usdtWithdrawOrders).where(eq(usdtWithdrawOrders.orderNo, orderNo));
  return o!;
}

/** An operator's call (order-support.ts's: the administrator unless a session is given). */
export { key, post as op };

/** A fresh code of the administrator's authenticator. */
export const code = (w: UsdtWorld) => orderCode(w, w.adminSecret);

export async function poolRow(t: TestApp, address: string) {
  const { rows } = await t.ctx.db.execute<{ status: string; assignee: string | null; balance: string }>(
    sql`SELECT status, assignee, balance::text FROM addr_pool WHERE address = ${address}`,
  );
  return rows[0]!;
}
