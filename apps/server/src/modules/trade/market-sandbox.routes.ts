/**
 * The sandbox third-party P2P market, built into the server under /sandbox/market like the sandbox
 * provider (/sandbox/upstream), with its machinery: calls signed by a third party's secret (interface
 * type `sandbox-market`, upstream/sandbox/routes.ts `verified`), signed answers, and what it does with
 * an order set per account or per order through the same instructions (upstream/sandbox/instructions.ts):
 *   create: ok | error (503) | refuse (a business refusal) | timeout (answers after holdMs)
 *   outcome: success (filled delayMs after the push) | fail (cancelled then) | hold (open until /order/settle)
 *   reportAmount, reportStatus (paid = filled, failed = cancelled): what its statement says instead.
 *
 *   POST /order/push   { ref, orderNo, side, amount, price, currency, fiat, payType } -> { ref, remoteNo, status, amount }
 *   POST /order/query  { ref }                 -> the order (decided first when its outcome is due)
 *   POST /order/settle { ref, outcome: filled | cancelled }   the market decides a held order now
 *   POST /control      { ref?, clear?, ...instruction }
 *   POST /statement    { day }                 -> { lines: JSON [{ ref, remoteNo, status, amount }] }
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import {
  clearInstruction,
  type Instruction,
  instructionFor,
  instructionSchema,
  keyOf,
  setInstruction,
} from '../upstream/sandbox/instructions.ts';
import { answer, base, refuse, verified } from '../upstream/sandbox/routes.ts';
import { SANDBOX_NOT_FOUND } from '../upstream/sandbox-adapter.ts';
import { MARKET_PATHS, MARKET_SANDBOX_ROOT } from './market-adapter.ts';
import { type MarketOrderState, sandboxMarketOrders } from './trade-push.schema.ts';

const TYPE = 'sandbox-market';
const amount = z.string().regex(/^\d{1,20}(\.\d{1,8})?$/);
const str = (max: number) => z.string().min(1).max(max);
const pushBody = base.extend({
  ref: str(64),
  orderNo: str(64),
  side: z.enum(['buy', 'sell']),
  amount,
  price: amount,
  currency: str(8),
  fiat: str(8),
  payType: str(32),
});
const refBody = base.extend({ ref: str(64) });
const settleBody = refBody.extend({ outcome: z.enum(['filled', 'cancelled']) });
const dayBody = base.extend({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });

type MarketOrder = typeof sandboxMarketOrders.$inferSelect;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const REPORTED: Record<string, MarketOrderState> = { paid: 'filled', failed: 'cancelled', pending: 'open' };

const shown = (o: MarketOrder, i?: Instruction) => ({
  ref: o.ref,
  remoteNo: o.remoteNo,
  status: (i?.reportStatus && REPORTED[i.reportStatus]) || o.status,
  amount: i?.reportAmount ?? o.amount,
});

async function settle(ctx: AppContext, o: MarketOrder, to: MarketOrderState): Promise<MarketOrder> {
  const [done] = await ctx.db
    .update(sandboxMarketOrders)
    .set({ status: to, settledAt: ctx.clock.now() })
    .where(and(eq(sandboxMarketOrders.id, o.id), eq(sandboxMarketOrders.status, 'open')))
    .returning();
  return done ?? o;
}

/** An open order whose outcome is due is decided when asked about (the market's own clock). */
async function current(ctx: AppContext, o: MarketOrder): Promise<MarketOrder> {
  if (o.status !== 'open') return o;
  const i = await instructionFor(ctx, o.mchNo, o.ref);
  if (i.outcome === 'hold' || ctx.clock.now().getTime() - o.createdAt.getTime() < i.delayMs) return o;
  return settle(ctx, o, i.outcome === 'success' ? 'filled' : 'cancelled');
}

async function byRef(ctx: AppContext, mchNo: string, ref: string) {
  const [o] = await ctx.db
    .select()
    .from(sandboxMarketOrders)
    .where(and(eq(sandboxMarketOrders.mchNo, mchNo), eq(sandboxMarketOrders.ref, ref)));
  return o;
}

export async function sandboxMarketRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const route = { config: { access: 'public' as const }, schema: { tags: ['sandbox'], hide: true } };
  const at = (p: string) => `${MARKET_SANDBOX_ROOT}${p}`;
  const notFound = (reply: FastifyReply, secret: string) =>
    refuse(reply, 200, 'sandbox market: order not found', secret, SANDBOX_NOT_FOUND);

  app.post(at(MARKET_PATHS.push), route, async (request, reply) => {
    const v = await verified(ctx, request.body, pushBody, reply, TYPE, (p) => p.ref);
    if (!v) return reply;
    const { p, secret, instruction: i } = v;
    if (i.create === 'error') return refuse(reply, 503, 'sandbox market: unavailable');
    if (i.create === 'timeout') {
      await sleep(i.holdMs);
      return refuse(reply, 504, 'sandbox market: too late');
    }
    if (i.create === 'refuse') return refuse(reply, 200, 'sandbox market: no takers at this price', secret);
    // A reference sent again is the same order (the unique key decides a race of two sends).
    await ctx.db
      .insert(sandboxMarketOrders)
      .values({
        remoteNo: `MKT${Date.now()}${randomBytes(4).toString('hex').toUpperCase()}`,
        mchNo: p.mchNo,
        ref: p.ref,
        side: p.side,
        amount: p.amount,
        createdAt: ctx.clock.now(),
      })
      .onConflictDoNothing();
    return answer(reply, secret, shown((await byRef(ctx, p.mchNo, p.ref))!));
  });

  app.post(at(MARKET_PATHS.query), route, async (request, reply) => {
    const v = await verified(ctx, request.body, refBody, reply, TYPE);
    if (!v) return reply;
    const o = await byRef(ctx, v.p.mchNo, v.p.ref);
    if (!o) return notFound(reply, v.secret);
    return answer(reply, v.secret, shown(await current(ctx, o)));
  });

  app.post(at(MARKET_PATHS.fill), route, async (request, reply) => {
    const v = await verified(ctx, request.body, settleBody, reply, TYPE);
    if (!v) return reply;
    const o = await byRef(ctx, v.p.mchNo, v.p.ref);
    if (!o) return notFound(reply, v.secret);
    return answer(reply, v.secret, shown(await settle(ctx, o, v.p.outcome)));
  });

  app.post(at(MARKET_PATHS.control), route, async (request, reply) => {
    const body = base.extend({ ref: z.string().max(64).optional(), clear: z.enum(['0', '1']).optional() });
    const v = await verified(ctx, request.body, body.passthrough(), reply, TYPE);
    if (!v) return reply;
    const { mchNo, timestamp: _t, nonce: _n, sign: _s, ref, clear, ...rest } = v.p as Record<string, unknown>;
    const key = ref ? keyOf.order(String(mchNo), String(ref)) : keyOf.account(String(mchNo));
    if (clear === '1') {
      await clearInstruction(ctx, key);
      return answer(reply, v.secret, { key });
    }
    const parsed = instructionSchema.safeParse(rest);
    if (!parsed.success)
      return refuse(
        reply,
        400,
        `sandbox market: bad instruction (${parsed.error.issues[0]?.path.join('.')})`,
      );
    await setInstruction(ctx, key, parsed.data);
    return answer(reply, v.secret, { key });
  });

  app.post(at(MARKET_PATHS.statement), route, async (request, reply) => {
    const v = await verified(ctx, request.body, dayBody, reply, TYPE);
    if (!v) return reply;
    const { mchNo, day } = v.p;
    const zone = ctx.config.timeZone;
    const rows = await ctx.db
      .select()
      .from(sandboxMarketOrders)
      .where(
        and(
          eq(sandboxMarketOrders.mchNo, mchNo),
          gte(sandboxMarketOrders.createdAt, sql`(${day}::date::timestamp AT TIME ZONE ${zone})`),
          lt(sandboxMarketOrders.createdAt, sql`((${day}::date + 1)::timestamp AT TIME ZONE ${zone})`),
        ),
      )
      .orderBy(asc(sandboxMarketOrders.id));
    const lines = [];
    for (const o of rows) lines.push(shown(await current(ctx, o), await instructionFor(ctx, mchNo, o.ref)));
    return answer(reply, v.secret, { lines: JSON.stringify(lines) });
  });
}

/** The sandbox market's orders by reference (tests, the demo): what it holds, whatever we were told. */
export function marketOrdersByRef(ctx: AppContext, refs: string[]) {
  return ctx.db.select().from(sandboxMarketOrders).where(inArray(sandboxMarketOrders.ref, refs));
}
