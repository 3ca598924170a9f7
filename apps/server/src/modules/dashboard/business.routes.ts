/**
 * GET /api/dashboard/business: the dashboard's figures. Each part is answered only to an operator who
 * may open the list it links to (null otherwise), as contracts' dashboardParts says.
 */
import { DASHBOARD_LISTS, dashboardParts, QUEUE_KEYS, type QueueKey } from '@payops/contracts';
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
      const lists = Object.values(DASHBOARD_LISTS);
      const held = await Promise.all(lists.map((p) => heldPermission(ctx, operatorId, p)));
      const mayOpen = new Set(lists.filter((_, i) => held[i] !== null));
      const parts = dashboardParts((p) => mayOpen.has(p));
      const [deposits, withdrawals, q, passages] = await Promise.all([
        parts.deposits ? depositDays(ctx) : null,
        parts.withdrawals ? withdrawDays(ctx) : null,
        parts.queues ? queues(ctx) : null,
        parts.passages ? passageHealth(ctx) : null,
      ]);
      const shown = parts.queues;
      return ok({
        deposits,
        withdrawals,
        queues:
          q &&
          shown &&
          (Object.fromEntries(QUEUE_KEYS.map((k) => [k, shown[k] ? q[k] : null])) as Record<
            QueueKey,
            number | null
          >),
        passages,
      });
    },
  );
}
