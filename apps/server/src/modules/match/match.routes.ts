/**
 * The console's matched-order pages (contracts resources/match): the matches and their transitions,
 * the pool, the rules and split settings (CRUD), the family's order views and placement log, the
 * operator's manual match, and each match's voucher (behind the matches' list permission, never a
 * public URL).
 */
import fs from 'node:fs';
import {
  ErrorCode,
  findMatchPoolPage,
  findTransferMatchByPage,
  match_ordersplit_mch_List,
  match_rule_list,
  matchRecordPage,
  orderDepositListMatch,
  orderPlaceLogMatchPage,
  orderTransferListMatch,
  tradeMatchBuyOrderList,
} from '@payops/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerCrud } from '../../platform/crud/index.ts';
import { AppError, fieldError, localeOf } from '../../platform/errors.ts';
import { dec } from '../../platform/ledger/index.ts';
import { actorOf, registerTransitions } from '../../platform/transitions/index.ts';
import { rowAction } from '../mch/row-action.ts';
import { orderPlaceLog } from '../openapi/schema.ts';
import { withdrawalConditions } from '../order/badges.ts';
import { depositOrders, withdrawOrders } from '../order/schema.ts';
import { matches, matchMerchantConfig, matchPool, matchRules } from './match.schema.ts';
import { matchHooks } from './match-hooks.ts';
import { proposeManualMatch } from './match-service.ts';
import { voucherPath } from './voucher.ts';

const text = {
  range: { 'zh-CN': '不能小于最小金额', 'en-US': 'must not be below the min amount' },
} as const;

export async function matchRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  registerCrud(fastify, findTransferMatchByPage, { table: matches });
  registerTransitions(fastify, findTransferMatchByPage, { table: matches, hooks: matchHooks(ctx) });
  registerCrud(fastify, tradeMatchBuyOrderList, { table: matches });
  registerCrud(fastify, matchRecordPage, { table: matches });
  registerCrud(fastify, findMatchPoolPage, { table: matchPool });
  registerCrud(fastify, match_rule_list, {
    table: matchRules,
    beforeWrite: (values, info) => {
      const min = values.minAmount ?? info.before?.minAmount;
      const max = values.maxAmount ?? info.before?.maxAmount;
      if (min != null && max != null && dec(String(max)).lt(dec(String(min))))
        throw fieldError('maxAmount', text.range[localeOf(info.request)]);
    },
  });
  registerCrud(fastify, match_ordersplit_mch_List, { table: matchMerchantConfig });
  registerCrud(fastify, orderDepositListMatch, { table: depositOrders });
  registerCrud(fastify, orderTransferListMatch, {
    table: withdrawOrders,
    conditions: withdrawalConditions(fastify.ctx),
  });
  registerCrud(fastify, orderPlaceLogMatchPage, { table: orderPlaceLog });

  rowAction(fastify, findTransferMatchByPage, {
    name: 'manualMatch',
    summary:
      'Propose a manual match of a waiting matched deposit into one pool entry (a second operator approves)',
    body: z.strictObject({ depositOrderNo: z.string().min(1).max(64), poolId: z.number().int().positive() }),
    response: z.object({ id: z.number() }),
    run: async (request, body, tx) => {
      const id = await proposeManualMatch(ctx, tx, body, actorOf(request));
      return { data: { id }, audit: { objectType: findTransferMatchByPage.name, objectId: id, after: body } };
    },
  });

  // The voucher of one match, streamed with its checked type; never cached by a shared cache.
  fastify.get(
    `${findTransferMatchByPage.api}/voucher`,
    {
      config: { access: { permission: findTransferMatchByPage.actions.list!.permission } },
      schema: {
        tags: ['order'],
        summary: "A match's payment voucher",
        querystring: z.object({ id: z.coerce.number() }),
      },
    },
    async (request, reply) => {
      const { id } = request.query as { id: number };
      const [m] = await ctx.db
        .select({ hash: matches.voucherHash, type: matches.voucherType })
        .from(matches)
        .where(eq(matches.id, id));
      if (!m?.hash || !m.type) throw new AppError(ErrorCode.notFound);
      reply.header('content-type', m.type).header('cache-control', 'private, no-store');
      reply.header('x-content-type-options', 'nosniff');
      return reply.send(fs.createReadStream(voucherPath(ctx.config.dataDir, m.hash)));
    },
  );
}
