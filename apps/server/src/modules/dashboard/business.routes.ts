/**
 * GET /api/dashboard/business: the dashboard's figures. Each section is answered only to an operator
 * who may open the list it links to (null otherwise): a figure nobody may look behind is not shown.
 */
import { mchNotify, orderDepositList, orderTransferList, passage } from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/errors.ts';
import { heldPermission } from '../../platform/permissions.ts';
import { envelope } from '../../platform/route-schemas.ts';
import { businessShape, depositDays, passageHealth, queues, withdrawDays } from './business.ts';

export async function businessRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = fastify;
  app.get(
    '/api/dashboard/business',
    {
      config: { access: 'session' },
      schema: {
        tags: ['dashboard'],
        summary: "Deposits and withdrawals of the last 7 days, the operators' queues, passage health",
        response: { 200: envelope(businessShape) },
      },
    },
    async (request) => {
      const operatorId = request.auth!.operatorId;
      const may = (def: { actions: Record<string, { permission: string } | undefined> }) =>
        heldPermission(ctx, operatorId, def.actions.list!.permission).then((held) => held !== null);
      const [dep, wd, cb, ps] = await Promise.all([
        may(orderDepositList),
        may(orderTransferList),
        may(mchNotify),
        may(passage),
      ]);
      const [deposits, withdrawals, q, passages] = await Promise.all([
        dep ? depositDays(ctx) : null,
        wd ? withdrawDays(ctx) : null,
        dep || wd || cb ? queues(ctx) : null,
        ps ? passageHealth(ctx) : null,
      ]);
      return ok({
        deposits,
        withdrawals,
        queues: q && {
          depositsInAudit: dep ? q.depositsInAudit : null,
          withdrawalsInReview: wd ? q.withdrawalsInReview : null,
          withdrawalsOverdue: wd ? q.withdrawalsOverdue : null,
          withdrawalsDetained: wd ? q.withdrawalsDetained : null,
          failedCallbacks: cb ? q.failedCallbacks : null,
        },
        passages,
      });
    },
  );
}
