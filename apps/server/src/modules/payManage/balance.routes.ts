/**
 * The third parties' balances page's own action: `queryBalance` asks one row's provider now, keeps the
 * answer (balances.ts) with its audit row, and tells the operator what it found.
 */
import { BALANCE_STATES, ErrorCode, thirdInterface } from '@payops/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, localeOf } from '../../platform/errors.ts';
import { actionNotice } from '../../platform/route-schemas.ts';
import { thirdParties } from '../mch/passage.schema.ts';
import { idBody, rowAction } from '../mch/row-action.ts';
import { balanceNotice, observeBalance, storeBalance } from './balances.ts';
import { thirdInterfaces } from './schema.ts';

export async function balanceRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  rowAction(fastify, thirdInterface, {
    name: 'queryBalance',
    summary: "Asks the provider for the platform's balance there now, keeps the answer and says it",
    body: idBody,
    response: z.object({
      balanceState: z.enum(BALANCE_STATES),
      balance: z.string().nullable(),
      notice: actionNotice,
    }),
    prepare: async (request) => {
      const { id } = request.body as z.infer<typeof idBody>;
      const [row] = await ctx.db
        .select({ thirdPartyId: thirdInterfaces.thirdPartyId, party: thirdParties.name })
        .from(thirdInterfaces)
        .innerJoin(thirdParties, eq(thirdParties.id, thirdInterfaces.thirdPartyId))
        .where(eq(thirdInterfaces.id, id));
      if (!row) throw new AppError(ErrorCode.notFound);
      return { party: row.party, seen: await observeBalance(ctx, row.thirdPartyId) };
    },
    run: async (request, b, tx, { party, seen }) => {
      await storeBalance(tx, b.id, seen);
      return {
        data: {
          balanceState: seen.balanceState,
          balance: seen.balance,
          notice: balanceNotice(party, seen, localeOf(request)),
        },
        audit: { extra: { state: seen.balanceState, balance: seen.balance, alert: seen.balanceAlert } },
      };
    },
  });
}
