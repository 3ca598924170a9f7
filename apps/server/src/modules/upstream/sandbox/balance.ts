/**
 * The sandbox provider's account balance: what the platform holds there, as a provider's balance
 * query answers it. It is the account's top-ups (the platform's treasury funding a payout account)
 * plus its paid payments less its paid payouts; the sandbox keeps no fee. Tests and the demo top an
 * account up through the same signed path the platform's own calls take. Told `fundsChecked`, the
 * sandbox refuses a payout the balance less its payouts in flight cannot cover (insertIfCovered).
 *
 *   POST /balance/query  {}          -> { balance, currency }
 *   POST /balance/topup  { amount }  -> { balance, currency }
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { clientOf, type Queryable } from '../../../db/named-statement.ts';
import type { AppContext } from '../../../platform/context.ts';
import { SANDBOX_ROOT } from '../adapter.ts';
import { SANDBOX_PATHS } from '../sandbox-adapter.ts';
import { sandboxAccounts } from '../schema.ts';
import { answer, base, verified } from './routes.ts';

/** The sandbox's accounts are in CNY. */
const CURRENCY = 'CNY';

/** The balance of the account `$1` in SQL: its top-ups, plus its paid payments, less its paid payouts. */
const BALANCE = `(coalesce((SELECT topped_up FROM sandbox_accounts WHERE mch_no = $1), 0)
  + coalesce((SELECT sum(CASE kind WHEN 'payment' THEN amount ELSE -amount END)
                FROM sandbox_orders WHERE mch_no = $1 AND status = 'paid'), 0))`;

async function balanceOf(ctx: AppContext, mchNo: string): Promise<string> {
  const { rows } = await ctx.pool.query<{ balance: string }>(`SELECT ${BALANCE}::text AS balance`, [mchNo]);
  return rows[0]!.balance;
}

/**
 * A payout inserted by `insert` when the account's balance less its payouts in flight (this order's
 * aside: a repeated create is the same payout) covers `amount`; 'short' otherwise. The account's
 * advisory lock serialises the check and the insert, so two payouts never both spend one balance.
 */
export async function insertIfCovered<T>(
  ctx: AppContext,
  mchNo: string,
  orderNo: string,
  amount: string,
  insert: (client: Queryable) => Promise<T>,
): Promise<T | 'short'> {
  return ctx.db.transaction(async (tx) => {
    const client = clientOf(tx);
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`sandbox-funds:${mchNo}`]);
    const { rows } = await client.query<{ covered: boolean }>(
      `SELECT $3::numeric <= ${BALANCE} - coalesce((SELECT sum(amount) FROM sandbox_orders
         WHERE mch_no = $1 AND kind = 'payout' AND status = 'pending' AND order_no <> $2), 0) AS covered`,
      [mchNo, orderNo, amount],
    );
    return rows[0]!.covered ? insert(client) : 'short';
  });
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
