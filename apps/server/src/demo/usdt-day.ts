/**
 * The demo's USDT day (issue 11), through the system's own paths: the pool filled through its import
 * (when it has too few free addresses), deposits and withdrawals placed by the merchants over the
 * merchant API, the sandbox chain paying them over HTTP (exactly, short, too much, one not at all),
 * blocks mined and the watcher run, operators resolving exceptions and approving or rejecting
 * withdrawals: every USDT page shows what the running system produced. A few seconds.
 */
import { orderDepositListUSDT, orderTransferListUSDT, type UsdtNetwork } from '@payops/contracts';
import { and, asc, count, eq } from 'drizzle-orm';
import { chainTransfers, usdtDepositOrders, usdtWithdrawOrders } from '../modules/chain/chain.schema.ts';
import { runChainPayouts } from '../modules/chain/payout.ts';
import { nodeKeyHeaders } from '../modules/chain/sandbox/node-key.ts';
import { watchChain } from '../modules/chain/watcher.ts';
import { merchants } from '../modules/mch/schema.ts';
import { seedExchangeRates } from '../modules/mockTrade/exchange-rates.ts';
import { addrPool } from '../modules/sys/addr-pool.schema.ts';
import { importAddresses } from '../modules/sys/addr-pool.service.ts';
import type { AppContext } from '../platform/context.ts';
import { open } from '../platform/secret-box.ts';
import { type Actor, runSystemTransition } from '../platform/transitions/index.ts';
import { merchantApiCall } from './orders-client.ts';
import { sandboxAddress, sandboxAddresses } from './usdt-addresses.ts';

const OPERATOR: Actor = { operatorId: 1, username: 'admin', locale: 'zh-CN' };

export interface UsdtDayReport {
  deposits: number;
  withdrawals: number;
  transfers: number;
}

async function fillPool(ctx: AppContext, network: UsdtNetwork, want: number) {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(addrPool)
    .where(and(eq(addrPool.network, network), eq(addrPool.status, 'free')));
  if ((row?.n ?? 0) < want)
    await importAddresses(ctx, network, sandboxAddresses(network, want, 'demo-pool').join('\n'));
}

interface Placed {
  id: number;
  orderNo: string;
  address: string;
  usdtAmount: string;
}

export async function runUsdtDay(ctx: AppContext, origin: string): Promise<UsdtDayReport> {
  // The only chain so far is the sandbox's (chain/adapter.ts): without it there is no USDT day.
  if (!ctx.config.sandbox) return { deposits: 0, withdrawals: 0, transfers: 0 };
  await seedExchangeRates(ctx);
  await fillPool(ctx, 'TRC20', 12);
  await fillPool(ctx, 'ERC20', 4);
  const rows = await ctx.db
    .select({ mchNo: merchants.mchNo, secretEnc: merchants.secretEnc })
    .from(merchants)
    .where(eq(merchants.status, 'enabled'))
    .orderBy(asc(merchants.id))
    .limit(2);
  if (!rows.length) return { deposits: 0, withdrawals: 0, transfers: 0 };
  const creds = rows.map((m) => ({ mchNo: m.mchNo, secret: open(ctx.keys.secretKey, m.secretEnc) }));
  const stamp = Date.now().toString(36).toUpperCase();
  const chain = async (path: string, body: object) =>
    fetch(`${origin}/sandbox/chain/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...nodeKeyHeaders(ctx.keys.secretKey) },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<{ txHash?: string }>);
  const blocks = async (n: number) => {
    for (const network of ['TRC20', 'ERC20'] as const) await chain('mine', { network, blocks: n });
    await watchChain(ctx);
  };

  const place = async (i: number, path: string, params: Record<string, string>) => {
    const res = await merchantApiCall<Placed & { orderNo: string }>(origin, creds[i % creds.length]!, path, {
      mchOrderNo: `USDT${stamp}${i}`,
      ...params,
    });
    return res.envelope.code === 0 ? res.envelope.data : null;
  };
  // Deposits: amount (CNY), network, what the member pays of the USDT due (null: nothing).
  const plan: [string, UsdtNetwork, (due: string) => string | null][] = [
    ['718.00', 'TRC20', (due) => due],
    ['1436.00', 'TRC20', (due) => due],
    ['359.00', 'ERC20', (due) => due],
    ['2154.00', 'TRC20', () => '250'],
    ['500.00', 'TRC20', () => '40'],
    ['1000.00', 'TRC20', (due) => (Number(due) + 20).toFixed(6)],
    ['288.00', 'TRC20', () => null],
  ];
  const deposits: Placed[] = [];
  for (const [i, [amount, network, paid]] of plan.entries()) {
    const d = await place(i, 'usdt/deposit/create', { amount, network, memberAccount: `usdt_member_${i}` });
    if (!d) continue;
    deposits.push(d);
    const value = paid(d.usdtAmount);
    if (value) await chain('pay', { network, to: d.address, amount: value });
  }
  await blocks(3);

  // Operators on the exceptions: one underpayment refunded on the chain, one credited (awaiting the checker).
  const find = async (orderNo: string) =>
    (await ctx.db.select().from(usdtDepositOrders).where(eq(usdtDepositOrders.orderNo, orderNo)))[0]!;
  const [, , , short, shorter] = deposits;
  const decide = (name: string, id: number, reason: string) =>
    runSystemTransition(ctx, orderDepositListUSDT, name, id, { actor: OPERATOR, reason }).catch(() => null);
  if (short) await decide('refund', (await find(short.orderNo)).id, '会员要求原路退回');
  if (shorter) await decide('creditActual', (await find(shorter.orderNo)).id, '会员少付，按实到金额入账');

  // Withdrawals: two approved and paid out (one fails on the chain), one rejected, one left in review.
  const withdrawals: Placed[] = [];
  for (const [i, usdtAmount] of ['50', '120.5', '30', '80'].entries()) {
    const address = sandboxAddress('TRC20', `demo-payee-${i}`);
    const o = await place(i + 10, 'usdt/withdraw/create', { usdtAmount, network: 'TRC20', address });
    if (o) withdrawals.push({ ...o, id: 0 });
  }
  const wid = async (orderNo: string) =>
    (await ctx.db.select().from(usdtWithdrawOrders).where(eq(usdtWithdrawOrders.orderNo, orderNo)))[0]!;
  const [first, second, third] = withdrawals;
  for (const o of [first, second])
    if (o)
      await runSystemTransition(ctx, orderTransferListUSDT, 'approve', (await wid(o.orderNo)).id, {
        actor: OPERATOR,
      }).catch(() => null);
  if (third)
    await runSystemTransition(ctx, orderTransferListUSDT, 'reject', (await wid(third.orderNo)).id, {
      actor: OPERATOR,
      reason: '收款地址待风控核实',
    }).catch(() => null);
  await runChainPayouts(ctx);
  const failing = second ? (await wid(second.orderNo)).txHash : null;
  if (failing) await chain('fail', { txHash: failing });
  await blocks(3);
  // A late deposit still confirming when the day ends: the pages show one in flight.
  const late = await place(20, 'usdt/deposit/create', { amount: '143.60', network: 'TRC20' });
  if (late) {
    deposits.push(late);
    await chain('pay', { network: 'TRC20', to: late.address, amount: late.usdtAmount });
    await blocks(1);
  }
  const [transfers] = await ctx.db.select({ n: count() }).from(chainTransfers);
  return { deposits: deposits.length, withdrawals: withdrawals.length, transfers: transfers?.n ?? 0 };
}

export const describeUsdtDay = (r: UsdtDayReport) =>
  `USDT: ${r.deposits} deposits, ${r.withdrawals} withdrawals, ${r.transfers} on-chain transfers`;
