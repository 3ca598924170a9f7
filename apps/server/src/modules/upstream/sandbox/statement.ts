/**
 * The sandbox provider's statement: an account's orders created on a business day (the platform's
 * zone), as CSV in the sandbox's own columns (contracts SANDBOX_STATEMENT_MAPPING), inside a signed
 * answer { fileName, csv }. An order's instruction may make the statement disagree with what happened
 * (`reportAmount`, `reportStatus`) or state the fee it charged (`reportFee`; the sandbox keeps no fee,
 * so the column is empty otherwise): how tests and the demo get a statement with differences.
 */
import { SANDBOX_STATEMENT_MAPPING as M } from '@payops/contracts';
import { and, asc, eq, gte, like, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SANDBOX_ROOT } from '../adapter.ts';
import { sandboxInstructions, sandboxOrders } from '../schema.ts';
import { instructionSchema, keyOf } from './instructions.ts';
import { answer, base, verified } from './routes.ts';

/** Amounts as the provider writes them: no trailing zeros beyond the cents. */
const plainAmount = (a: string) => a.replace(/(\.\d\d\d*?)0+$/, '$1');

export function statementRoute(app: FastifyInstance, route: object) {
  const { ctx } = app;
  // Built here, not at load: routes.ts (which registers this route) defines `base`.
  const body = base.extend({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });
  app.post(`${SANDBOX_ROOT}/statement`, route, async (request, reply) => {
    const v = await verified(ctx, request.body, body, reply);
    if (!v) return reply;
    const { mchNo, day } = v.p;
    const zone = ctx.config.timeZone;
    const from = sql`(${day}::date::timestamp AT TIME ZONE ${zone})`;
    const to = sql`((${day}::date + 1)::timestamp AT TIME ZONE ${zone})`;
    const orders = await ctx.db
      .select()
      .from(sandboxOrders)
      .where(
        and(
          eq(sandboxOrders.mchNo, mchNo),
          gte(sandboxOrders.createdAt, from),
          lt(sandboxOrders.createdAt, to),
        ),
      )
      .orderBy(asc(sandboxOrders.id));
    const told = await ctx.db
      .select()
      .from(sandboxInstructions)
      .where(like(sandboxInstructions.key, `${keyOf.order(mchNo, '')}%`));
    const report = new Map(told.map((r) => [r.key, instructionSchema.parse(r.instruction)]));
    const lines = [[M.orderNo, 'order_no', 'kind', M.amount, M.status, M.date!, M.fee!].join(',')];
    for (const o of orders) {
      const i = report.get(keyOf.order(mchNo, o.orderNo));
      const amount = i?.reportAmount ?? plainAmount(o.amount);
      const status = i?.reportStatus ?? o.status;
      const fee = i?.reportFee ?? '';
      lines.push(
        [o.upstreamOrderNo, o.orderNo, o.kind, amount, status, o.createdAt.toISOString(), fee].join(','),
      );
    }
    return answer(reply, v.secret, {
      fileName: `sandbox-${mchNo}-${day}.csv`,
      csv: `${lines.join('\n')}\n`,
    });
  });
}
