/**
 * The push and reconciliation pages' routes: the push records and the forced ones (a view), the
 * pushes' transitions (the operator's retry), the ads' forcePush (registered with the ads, trade.routes.ts),
 * the reconciliation runs with their re-run action, and the items with their explanation. After a
 * force push or a retry answers (its transaction committed), the pending pushes are sent at once.
 */
import {
  AD_PAGES,
  ErrorCode,
  findForcePushLogByPage,
  TRADE_BLACK_TARGETS,
  trade_push_rec_page,
  trade_rec_page,
  tradeBlackLogPage,
  tradeRecItems as tradeRecItemsDef,
} from '@payops/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerCrud } from '../../platform/crud/index.ts';
import { AppError, fieldError, localeOf } from '../../platform/errors.ts';
import { registerTransitions } from '../../platform/transitions/index.ts';
import { idBody, rowAction } from '../mch/row-action.ts';
import { riskOperationRecords } from '../risk/risk.schema.ts';
import { UpstreamError } from '../upstream/types.ts';
import { sandboxMarketRoutes } from './market-sandbox.routes.ts';
import { pushHooks } from './push-hooks.ts';
import { tradePushes, tradeRecItems, tradeRecRuns } from './trade-push.schema.ts';
import { sendPending } from './trade-push.service.ts';
import { applyDay, fetchStatement, recount } from './trade-rec.service.ts';

const unreachable = {
  'zh-CN': (m: string) => `无法获取三方市场对账单：${m}`,
  'en-US': (m: string) => `the market's statement could not be fetched: ${m}`,
} as const;

export async function tradePushRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  registerCrud(fastify, trade_push_rec_page, { table: tradePushes });
  registerTransitions(fastify, trade_push_rec_page, { table: tradePushes, hooks: pushHooks(ctx) });
  registerCrud(fastify, findForcePushLogByPage, { table: tradePushes, scope: { forced: true } });

  const sendsAfter = new Set([
    trade_push_rec_page.actions.retry!.path,
    ...Object.values(AD_PAGES).map((def) => def.actions.forcePush!.path),
  ]);
  fastify.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode !== 200 || !sendsAfter.has(request.routeOptions.url ?? '')) return;
    // Not awaited by the request: the market's answer lands on the push record (its transitions).
    void sendPending(ctx).catch((e) => request.log.warn({ err: e }, 'trade push send failed'));
  });

  registerCrud(fastify, trade_rec_page, { table: tradeRecRuns });
  registerCrud(fastify, tradeRecItemsDef, { table: tradeRecItems });
  registerTransitions(fastify, tradeRecItemsDef, {
    table: tradeRecItems,
    hooks: {
      explain: {
        set: ({ actor, now, body }) => ({
          explainedBy: actor.operatorId,
          explainedAt: now,
          reason: body.reason,
        }),
        effect: async (s) => {
          await recount(s.tx, Number(s.after.runId));
          return undefined;
        },
      },
    },
  });
  rowAction(fastify, trade_rec_page, {
    name: 'rerun',
    summary: "Re-run a day's trade reconciliation with the market's statement fetched again",
    body: idBody,
    response: z.object({ runs: z.number() }),
    prepare: async (request) => {
      const { id } = request.body as { id: number };
      const [run] = await ctx.db.select().from(tradeRecRuns).where(eq(tradeRecRuns.id, id));
      if (!run) throw new AppError(ErrorCode.notFound);
      try {
        return { run, remotes: await fetchStatement(ctx, run.day, run.marketId) };
      } catch (e) {
        if (e instanceof UpstreamError) throw fieldError('id', unreachable[localeOf(request)](e.message));
        throw e;
      }
    },
    run: async (_request, _b, tx, { run, remotes }) => {
      const ids = await applyDay(ctx, tx, run.day, run.marketId, remotes);
      return { data: { runs: ids.length }, audit: { extra: { day: run.day, marketId: run.marketId } } };
    },
  });

  registerCrud(fastify, tradeBlackLogPage, {
    table: riskOperationRecords,
    scope: { target: [...TRADE_BLACK_TARGETS] },
  });
  if (ctx.config.sandbox) await sandboxMarketRoutes(fastify);
}
