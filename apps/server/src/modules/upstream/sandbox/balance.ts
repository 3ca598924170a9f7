/**
 * The sandbox provider's account balance: what the platform holds there, as a provider's balance
 * query answers it. It is the account's top-ups (the platform's treasury funding a payout account)
 * plus its paid payments less its paid payouts; the sandbox keeps no fee. Tests and the demo top an
 * account up through the same signed path the platform's own calls take.
 *
 *   POST /balance/query  {}          -> { balance, currency }
 *   POST /balance/topup  { amount }  -> { balance, currency }
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { SANDBOX_ROOT } from '../adapter.ts';
import { SANDBOX_PATHS } from '../sandbox-adapter.ts';
import { sandboxAccounts } from '../schema.ts';
import { answer, base, verified } from './routes.ts';

/** The sandbox's accounts are in CNY. */
const CURRENCY = 'CNY';

async function balanceOf(ctx: AppContext, mchNo: string): Promise<string> {
  const { rows } = await ctx.pool.query<{ balance: string }>(
    `SELECT (coalesce((SELECT topped_up FROM sandbox_accounts WHERE mch_no = $1), 0)
           + coalesce((SELECT sum(CASE kind WHEN 'payment' THEN amount ELSE -amount END)
                         FROM sandbox_orders WHERE mch_no = $1 AND status = 'paid'), 0))::text AS balance`,
    [mchNo],
  );
  return rows[0]!.balance;
}

export function balanceRoutes(app: FastifyInstance, route: object) {
  const { ctx } = app;
  // Built here, not at load: routes.ts (which registers these routes) defines `base`.
  const topUpBody = base.extend({ amount: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/) });

  app.post(`${SANDBOX_ROOT}${SANDBOX_PATHS.balance}`, route, async (request, reply) => {
    const v = await verified(ctx, request.body, base, reply, 'sandbox', () => undefined);
    if (!v) return reply;
    return answer(reply, v.secret, { balance: await balanceOf(ctx, v.p.mchNo), currency: CURRENCY });
  });

  app.post(`${SANDBOX_ROOT}/balance/topup`, route, async (request, reply) => {
    const v = await verified(ctx, request.body, topUpBody, reply, 'sandbox', () => undefined);
    if (!v) return reply;
    const now = ctx.clock.now();
    await ctx.db
      .insert(sandboxAccounts)
      .values({ mchNo: v.p.mchNo, toppedUp: v.p.amount, updatedAt: now })
      .onConflictDoUpdate({
        target: sandboxAccounts.mchNo,
        set: { toppedUp: sql`${sandboxAccounts.toppedUp} + ${v.p.amount}::numeric`, updatedAt: now },
      });
    return answer(reply, v.secret, { balance: await balanceOf(ctx, v.p.mchNo), currency: CURRENCY });
  });
}
