/**
 * The sandbox upstream provider, built into the server under /sandbox/upstream (not /api: it plays a
 * provider outside the platform). Public, but every call is signed by one of its accounts: a third
 * party of interface type `sandbox` whose upstream merchant number is the account and whose secret is
 * the shared one (the sandbox reads it there: it has no other store of secrets). Answers are flat
 * JSON objects, signed: { code: 0 | n, msg, ...fields, sign }.
 *
 *   POST /pay/create     { orderNo, amount, payType, notifyUrl }  -> { upstreamOrderNo, payUrl }
 *   POST /payout/create  { orderNo, amount, bankCode, bankName, accountName, accountNo, notifyUrl }
 *                        -> { upstreamOrderNo }
 *   POST /pay/query, /payout/query  { orderNo, kind }  -> { upstreamOrderNo, kind, status, amount, failReason? }
 *   POST /control  { orderNo?, clear?, ...instruction }     an account's (or one order's) instruction;
 *                  for an order held pending, its callback is scheduled by it at once
 *   POST /notify   { orderNo, outcome, times?, concurrent? } decide a held order and call back now
 *                  (times 0: decide it and never call back, a lost callback for the query poll)
 *   GET  /cashier/:upstreamOrderNo                           the pay URL: a page naming the order
 *   POST /statement { day }  -> { fileName, csv }             the account's orders of a day (statement.ts)
 *   POST /balance/query {}  -> { balance, currency }          the account's balance (balance.ts)
 *   POST /balance/topup { amount }  -> { balance, currency }  the platform funds the account
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { insertRow, namedSql, type Queryable } from '../../../db/named-statement.ts';
import type { AppContext } from '../../../platform/context.ts';
import { open } from '../../../platform/secret-box.ts';
import { thirdParties } from '../../mch/passage.schema.ts';
import { SANDBOX_ROOT } from '../adapter.ts';
import { platformOrigin } from '../origin.ts';
import { SANDBOX_NOT_FOUND } from '../sandbox-adapter.ts';
import { sandboxOrders } from '../schema.ts';
import { asParams, type Params, sign, verify } from '../signing.ts';
import { balanceRoutes, insertIfCovered } from './balance.ts';
import { createDispatcher } from './dispatch.ts';
import {
  clearInstruction,
  type Instruction,
  instructionOf,
  instructionSchema,
  instructionSql,
  keyOf,
  setInstruction,
} from './instructions.ts';
import { statementRoute } from './statement.ts';

const amountRe = /^\d{1,20}(\.\d{1,8})?$/;
const str = (max: number) => z.string().min(1).max(max);
export const base = z.object({ mchNo: str(64), timestamp: z.number().int(), nonce: str(64), sign: str(64) });
const payBody = base.extend({
  orderNo: str(64),
  amount: z.string().regex(amountRe),
  payType: str(32),
  notifyUrl: str(500),
});
const payoutBody = base.extend({
  orderNo: str(64),
  amount: z.string().regex(amountRe),
  bankCode: z.string().max(32).optional(),
  bankName: z.string().max(64).optional(),
  accountName: str(64),
  accountNo: str(64),
  notifyUrl: str(500),
});
const queryBody = base.extend({ orderNo: str(64), kind: z.enum(['payment', 'payout']) });
const notifyBody = base.extend({
  orderNo: str(64),
  outcome: z.enum(['success', 'fail']),
  times: z.coerce.number().int().min(0).max(10).default(1),
  concurrent: z.enum(['0', '1']).default('0'),
});

const p = (name: string) => sql`${sql.placeholder(name)}`;

/**
 * The account's secret and the call's order's instruction (instructions.ts), read on every call in
 * ONE statement: built once and prepared by name.
 */
const accountStatement = namedSql(
  'sandbox_account_and_instruction',
  sql`SELECT (SELECT ${thirdParties.secretEnc} FROM ${thirdParties}
               WHERE ${thirdParties.upstreamMchNo} = ${p('mchNo')}::text
                 AND ${thirdParties.interfaceType} = ${p('interfaceType')}::text LIMIT 1) AS secret_enc,
             ${instructionSql(p('order'), p('account'))} AS instruction`,
  { secretEnc: sql<string | null>`secret_enc`, instruction: sql<unknown>`instruction` },
);

async function account(ctx: AppContext, mchNo: string, interfaceType: string, orderNo: string) {
  const [row] = await accountStatement.rows(ctx.pool, {
    mchNo,
    interfaceType,
    order: keyOf.order(mchNo, orderNo),
    account: keyOf.account(mchNo),
  });
  const secret = row?.secretEnc ? open(ctx.keys.secretKey, row.secretEnc as string) : null;
  return { secret, instruction: instructionOf(row?.instruction) };
}

export function answer(reply: FastifyReply, secret: string, fields: Params) {
  const body = { code: 0, msg: 'ok', ...fields };
  return reply.send({ ...body, sign: sign(secret, body) });
}

export function refuse(reply: FastifyReply, status: number, msg: string, secret?: string, code?: number) {
  const body = { code: code ?? (status === 200 ? 1 : status), msg };
  return reply.status(status).send(secret ? { ...body, sign: sign(secret, body) } : body);
}

/**
 * Parses and verifies a signed call; answers the refusal itself and returns null when it fails. The
 * account is a third party of `interfaceType` (the sandbox market, modules/trade, signs the same way).
 * Its answer carries the instruction in force for the call's order (`orderOf`: its `orderNo` by
 * default; the account's own without one), read with the secret.
 */
export async function verified<S extends z.ZodType<{ mchNo: string }>>(
  ctx: AppContext,
  body: unknown,
  schema: S,
  reply: FastifyReply,
  interfaceType = 'sandbox',
  orderOf: (p: z.infer<S>) => string | undefined = (p) => (p as { orderNo?: string }).orderNo,
): Promise<{ p: z.infer<S>; secret: string; instruction: Instruction } | null> {
  const params = asParams(body);
  const parsed = schema.safeParse(body);
  if (!params || !parsed.success) {
    refuse(
      reply,
      400,
      `sandbox: malformed request${parsed.error ? ` (${parsed.error.issues[0]?.path.join('.')})` : ''}`,
    );
    return null;
  }
  const p = parsed.data;
  const { secret, instruction } = await account(ctx, p.mchNo, interfaceType, orderOf(p) ?? '');
  if (!secret || !verify(secret, params)) {
    refuse(reply, 401, 'sandbox: unknown account or bad signature');
    return null;
  }
  return { p, secret, instruction };
}

const newUpstreamNo = () => `SBX${Date.now()}${randomBytes(4).toString('hex').toUpperCase()}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function sandboxRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const dispatcher = createDispatcher(ctx, app.log);
  app.addHook('onClose', async () => dispatcher.close());
  const route = { config: { access: 'public' as const }, schema: { tags: ['sandbox'], hide: true } };

  async function create(body: unknown, reply: FastifyReply, kind: 'payment' | 'payout') {
    const v = await verified(ctx, body, kind === 'payment' ? payBody : payoutBody, reply);
    if (!v) return reply;
    const { p, secret, instruction: i } = v;
    if (i.create === 'error') return refuse(reply, 503, 'sandbox: upstream unavailable');
    if (i.create === 'timeout') {
      await sleep(i.holdMs);
      return refuse(reply, 504, 'sandbox: too late');
    }
    if (i.create === 'refuse') return refuse(reply, 200, 'sandbox: order refused', secret);
    const insert = (client: Queryable) =>
      insertRow<typeof sandboxOrders.$inferSelect>(
        client,
        sandboxOrders,
        {
          upstreamOrderNo: newUpstreamNo(),
          mchNo: p.mchNo,
          orderNo: p.orderNo,
          kind,
          amount: p.amount,
          notifyUrl: p.notifyUrl,
          createdAt: ctx.clock.now(),
        },
        [sandboxOrders.mchNo, sandboxOrders.orderNo],
      );
    const checked = kind === 'payout' && i.fundsChecked;
    const made = checked
      ? await insertIfCovered(ctx, p.mchNo, p.orderNo, p.amount, insert)
      : await insert(ctx.pool);
    if (made === 'short') return refuse(reply, 200, 'sandbox: insufficient balance', secret);
    const inserted = made;
    const [order] = inserted
      ? [inserted]
      : await ctx.db
          .select()
          .from(sandboxOrders)
          .where(and(eq(sandboxOrders.mchNo, p.mchNo), eq(sandboxOrders.orderNo, p.orderNo)));
    // A repeated create is the same order: answered again, called back once.
    if (inserted) dispatcher.schedule(inserted, secret, i);
    const payUrl = `${platformOrigin(ctx) ?? ''}${SANDBOX_ROOT}/cashier/${order!.upstreamOrderNo}`;
    return answer(reply, secret, {
      upstreamOrderNo: order!.upstreamOrderNo,
      ...(kind === 'payment' ? { payUrl } : {}),
    });
  }

  app.post(`${SANDBOX_ROOT}/pay/create`, route, (request, reply) => create(request.body, reply, 'payment'));
  app.post(`${SANDBOX_ROOT}/payout/create`, route, (request, reply) => create(request.body, reply, 'payout'));

  const query = async (request: FastifyRequest, reply: FastifyReply) => {
    const v = await verified(ctx, request.body, queryBody, reply);
    if (!v) return reply;
    const [o] = await ctx.db
      .select()
      .from(sandboxOrders)
      .where(
        and(
          eq(sandboxOrders.mchNo, v.p.mchNo),
          eq(sandboxOrders.orderNo, v.p.orderNo),
          eq(sandboxOrders.kind, v.p.kind),
        ),
      );
    if (!o) return refuse(reply, 200, 'sandbox: order not found', v.secret, SANDBOX_NOT_FOUND);
    const i = v.instruction;
    return answer(reply, v.secret, {
      orderNo: o.orderNo,
      upstreamOrderNo: o.upstreamOrderNo,
      kind: o.kind,
      status: o.status,
      amount: o.amount,
      ...(o.status === 'failed' ? { failReason: i.failReason } : {}),
    });
  };
  app.post(`${SANDBOX_ROOT}/pay/query`, route, query);
  app.post(`${SANDBOX_ROOT}/payout/query`, route, query);

  app.post(`${SANDBOX_ROOT}/control`, route, async (request, reply) => {
    const controlBody = base.extend({
      orderNo: z.string().max(64).optional(),
      clear: z.enum(['0', '1']).optional(),
    });
    const v = await verified(ctx, request.body, controlBody.passthrough(), reply);
    if (!v) return reply;
    const {
      mchNo,
      timestamp: _t,
      nonce: _n,
      sign: _s,
      orderNo,
      clear,
      ...rest
    } = v.p as Record<string, unknown>;
    const key = orderNo ? keyOf.order(String(mchNo), String(orderNo)) : keyOf.account(String(mchNo));
    if (clear === '1') {
      await clearInstruction(ctx, key);
      return answer(reply, v.secret, { key });
    }
    // Booleans travel as 0/1 in a signed flat body.
    const flags = Object.fromEntries(
      (['concurrent', 'fundsChecked'] as const)
        .filter((k) => rest[k] !== undefined)
        .map((k) => [k, rest[k] === 1 || rest[k] === '1']),
    );
    const parsed = instructionSchema.safeParse({ ...rest, ...flags });
    if (!parsed.success)
      return refuse(reply, 400, `sandbox: bad instruction (${parsed.error.issues[0]?.path.join('.')})`);
    await setInstruction(ctx, key, parsed.data);
    if (orderNo) {
      // An order already held waiting: the new instruction is its callback from now on.
      const [held] = await ctx.db
        .select()
        .from(sandboxOrders)
        .where(
          and(
            eq(sandboxOrders.mchNo, String(mchNo)),
            eq(sandboxOrders.orderNo, String(orderNo)),
            eq(sandboxOrders.status, 'pending'),
          ),
        );
      if (held) dispatcher.schedule(held, v.secret, parsed.data);
    }
    return answer(reply, v.secret, { key });
  });

  app.post(`${SANDBOX_ROOT}/notify`, route, async (request, reply) => {
    const v = await verified(ctx, request.body, notifyBody, reply);
    if (!v) return reply;
    const [o] = await ctx.db
      .select()
      .from(sandboxOrders)
      .where(and(eq(sandboxOrders.mchNo, v.p.mchNo), eq(sandboxOrders.orderNo, v.p.orderNo)));
    if (!o) return refuse(reply, 200, 'sandbox: order not found', v.secret, SANDBOX_NOT_FOUND);
    const i = v.instruction;
    const statuses = await dispatcher.fire(
      o,
      v.secret,
      v.p.outcome,
      v.p.times,
      v.p.concurrent === '1',
      i.failReason,
    );
    return answer(reply, v.secret, { statuses: statuses.join(',') });
  });

  statementRoute(app, route);
  balanceRoutes(app, route);

  app.get<{ Params: { no: string } }>(`${SANDBOX_ROOT}/cashier/:no`, route, async (request, reply) => {
    const [o] = await ctx.db
      .select()
      .from(sandboxOrders)
      .where(eq(sandboxOrders.upstreamOrderNo, request.params.no));
    if (!o) return reply.status(404).type('text/plain').send('sandbox: no such order');
    const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><meta charset="utf-8"><title>Sandbox cashier</title><h1>沙箱收银台 / Sandbox cashier</h1>` +
          `<p>${esc(o.orderNo)} · ${esc(o.amount)} CNY · ${esc(o.status)}</p>`,
      );
  });
}
