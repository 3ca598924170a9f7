/**
 * The chain's jobs (listed in jobs.ts). pg-boss schedules at most once a minute, so each run works in
 * a few rounds ~10 s apart (one waiting and one running at most: a slow round is never piled on):
 *  - chain-watch: payouts and refunds sent, then the watcher (watcher.ts);
 *  - usdt-deposit-expiry: unpaid USDT deposits past their expiry time out (address back to the pool);
 *  - sandbox-chain-miner: the sandbox chain mines a block per network and round, so a running
 *    console's confirmations rise by themselves (nothing without SANDBOX).
 */
import { orderDepositListUSDT, systemText, USDT_NETWORKS } from '@payops/contracts';
import { and, eq, lte } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { expireDue } from '../../platform/jobs/expire-due.ts';
import { defineJob } from '../../platform/jobs/registry.ts';
import { platformOrigin } from '../upstream/origin.ts';
import { usdtDepositOrders } from './chain.schema.ts';
import { runChainPayouts } from './payout.ts';
import { mine } from './sandbox/chain.ts';
import { watchChain } from './watcher.ts';

const ROUNDS = 5;
const ROUND_MS = 10_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function rounds(work: () => Promise<void>): Promise<void> {
  for (let i = 0; i < ROUNDS; i++) {
    if (i > 0) await sleep(ROUND_MS);
    await work();
  }
}

export function expireDueUsdtDeposits(ctx: AppContext, now: Date): Promise<number[]> {
  return expireDue(ctx, {
    def: orderDepositListUSDT,
    table: usdtDepositOrders,
    key: usdtDepositOrders.id,
    due: and(eq(usdtDepositOrders.status, 'pending_payment'), lte(usdtDepositOrders.expiresAt, now)),
    order: usdtDepositOrders.expiresAt,
    batch: 500,
    reason: systemText('timeout'),
  });
}

export const chainWatchJob = defineJob({
  name: 'chain-watch',
  schedule: '* * * * *',
  retry: { limit: 3, delaySeconds: 10, backoff: true },
  handler: async (ctx) => {
    if (!ctx.config.sandbox) return { skipped: 'no chain node configured' };
    // The sandbox chain is this server over HTTP: nothing to call before it listens (or in an API test).
    if (!platformOrigin(ctx)) return { skipped: 'not listening yet' };
    await rounds(async () => {
      await runChainPayouts(ctx);
      await watchChain(ctx);
    });
    return { ok: true };
  },
});

export const usdtDepositExpiryJob = defineJob({
  name: 'usdt-deposit-expiry',
  schedule: '* * * * *',
  retry: { limit: 5, delaySeconds: 15, backoff: true },
  handler: async (ctx) => ({ expired: (await expireDueUsdtDeposits(ctx, ctx.clock.now())).length }),
});

export const sandboxChainMinerJob = defineJob({
  name: 'sandbox-chain-miner',
  schedule: '* * * * *',
  retry: { limit: 1, delaySeconds: 10, backoff: false },
  handler: async (ctx) => {
    if (!ctx.config.sandbox) return { skipped: 'sandbox off' };
    await rounds(async () => {
      for (const n of USDT_NETWORKS) await mine(ctx, n, 1);
    });
    return { ok: true };
  },
});
