/**
 * The settlement page's routes (pageSettle): the list and its export (the engine's), the operator's
 * `settle` transition and the `recompute` row action.
 *
 * Settling re-reads the ledger first, under the account's row lock (a posting in flight commits
 * before it): a statement whose figures the ledger no longer gives, a mismatch, or a day not over is
 * refused. Then the account's `settled_until` moves to the end of the day, and the ledger refuses any
 * posting dated before it: a settled day cannot change, and the statements before it neither.
 */
import { ErrorCode, type Locale, pageSettle } from '@payops/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { registerCrud } from '../../platform/crud/index.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { dec, type Tx } from '../../platform/ledger/index.ts';
import { actorOf, registerTransitions, type TransitionHooks } from '../../platform/transitions/index.ts';
import { idBody, rowAction } from '../mch/row-action.ts';
import { type MerchantSettlement, merchantSettlements } from './settlement.schema.ts';
import { computeSettlements, dayBounds, FIGURE_COLUMNS, freshStatement } from './settlement.service.ts';

const text = {
  dayNotOver: {
    'zh-CN': '该日尚未结束，不能结算',
    'en-US': 'the day is not over yet: it cannot be settled',
  },
  mismatch: {
    'zh-CN': '账单与账本不符，不能结算',
    'en-US': 'the statement differs from the ledger: it cannot be settled',
  },
  stale: {
    'zh-CN': '账本已有变动，请先重新计算再结算',
    'en-US': 'the ledger changed since it was computed: recompute it first',
  },
  settled: {
    'zh-CN': '已结算的账单不能重新计算',
    'en-US': 'a settled statement cannot be recomputed',
  },
} as const;

const camel = (c: string) => c.replace(/_(\w)/g, (_, x: string) => x.toUpperCase());

/** Whether the stored figures are what the ledger gives now (numbers compared, not their text). */
function sameFigures(stored: Record<string, unknown>, fresh: Record<string, unknown>): boolean {
  return FIGURE_COLUMNS.every((c) => {
    const a = stored[camel(c)];
    const b = fresh[c];
    if (typeof a === 'boolean' || typeof b === 'boolean') return a === b;
    return dec(String(a)).eq(dec(String(b)));
  });
}

/** The refusals of `settle`, run under the statement's and its account's row locks. */
async function checkSettle(ctx: AppContext, tx: Tx, row: MerchantSettlement, locale: Locale) {
  const { over } = await dayBounds(ctx, tx, row.day);
  if (!over) throw fieldError('day', text.dayNotOver[locale]);
  await tx.execute(sql`SELECT 1 FROM ledger_accounts WHERE id = ${row.accountId} FOR UPDATE`);
  const fresh = await freshStatement(ctx, tx, row.accountId, row.day);
  if (row.mismatch || fresh?.mismatch) throw fieldError('mismatch', text.mismatch[locale]);
  if (!fresh || !sameFigures(row, fresh))
    throw new AppError(ErrorCode.conflict, { reason: 'stale', message: text.stale[locale] });
}

function settleHooks(ctx: AppContext): Record<string, TransitionHooks> {
  return {
    settle: {
      check: (s) => checkSettle(ctx, s.tx, s.before as MerchantSettlement, s.actor.locale),
      // The figures were just checked against the ledger after the day ended: final, not provisional.
      set: (s) => ({ settledAt: s.now, provisional: false }),
      effect: async (s) => {
        const row = s.after as MerchantSettlement;
        const { to } = await dayBounds(ctx, s.tx, row.day);
        await s.tx.execute(sql`
          UPDATE ledger_accounts
             SET settled_until = GREATEST(coalesce(settled_until, '-infinity'), ${to.toISOString()}::timestamptz)
           WHERE id = ${row.accountId}`);
        return { extra: { settledUntil: to.toISOString() } };
      },
    },
  };
}

/** A timestamptz as ISO 8601 in UTC (what the web sends back as a filter bound). */
const isoInstant = (at: SQL) =>
  sql<string>`to_char((${at}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export async function settlementRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  // The day in the platform's zone, as instants: the operator's browser may be in another zone.
  const tz = ctx.config.timeZone;
  registerCrud(fastify, pageSettle, {
    table: merchantSettlements,
    computed: {
      dayFrom: isoInstant(sql`merchant_settlements.day::timestamp AT TIME ZONE ${tz}`),
      dayTo: isoInstant(
        sql`(merchant_settlements.day::timestamp + interval '1 day') AT TIME ZONE ${tz} - interval '1 millisecond'`,
      ),
    },
  });
  registerTransitions(fastify, pageSettle, { table: merchantSettlements, hooks: settleHooks(ctx) });
  rowAction(fastify, pageSettle, {
    name: 'recompute',
    summary: 'Recomputes an open statement from the ledger (a settled one is refused)',
    body: idBody,
    response: z.object({ written: z.number() }),
    run: async (request, b, tx) => {
      const locale = actorOf(request).locale;
      const [row] = await tx
        .select()
        .from(merchantSettlements)
        .where(eq(merchantSettlements.id, b.id))
        .for('update');
      if (!row) throw new AppError(ErrorCode.notFound);
      if (row.status !== 'open') throw fieldError('id', text.settled[locale]);
      const range = { from: row.day, to: row.day, accountId: row.accountId };
      const written = await computeSettlements(ctx, tx, range);
      return { data: { written }, audit: { extra: { day: row.day, mchNo: row.mchNo, written } } };
    },
  });
}
