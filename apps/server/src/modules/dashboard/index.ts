/** The dashboard's overview, its business figures (business.routes.ts) and the header's order counts. */
import { Permission } from '@payops/contracts';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/errors.ts';
import { operatorRoleCodes } from '../../platform/permissions.ts';
import { envelope, isoDate } from '../../platform/route-schemas.ts';
import { visibleMailboxes } from '../email/mailbox-scope.ts';
import { latestExchangeRates } from '../mockTrade/exchange-rates.ts';
import { exchangeRateRow } from '../mockTrade/index.ts';
import { orderBadgeCounts } from '../order/badges.ts';
import { loginLog } from '../sys/schema.ts';
import { businessRoutes } from './business.routes.ts';
import { notificationRoutes } from './notifications.ts';

const orderCounts = z.object({
  failedMatchEmailOrderCount: z.number(),
  inAuditOrderCount: z.number(),
  lowAmountOrderCount: z.number(),
  timeOutOrderCount: z.number(),
  lowAmountMax: z.string(),
});

export async function dashboardModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = fastify;
  await notificationRoutes(fastify);
  await businessRoutes(fastify);

  app.get(
    '/api/dashboard/overview',
    {
      config: { access: 'session' },
      schema: {
        tags: ['dashboard'],
        summary: 'The operator, their recent sign-ins and the exchange rates',
        response: {
          200: envelope(
            z.object({
              operator: z.object({ userId: z.number(), userName: z.string(), roles: z.array(z.string()) }),
              recentLogins: z.array(
                z.object({
                  id: z.number(),
                  at: z.date(),
                  ip: z.string(),
                  result: z.string(),
                  factor: z.string(),
                }),
              ),
              exchangeRates: z.array(exchangeRateRow),
            }),
          ),
        },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const recentLogins = await ctx.db
        .select({
          id: loginLog.id,
          at: loginLog.at,
          ip: loginLog.ip,
          result: loginLog.result,
          factor: loginLog.factor,
        })
        .from(loginLog)
        .where(eq(loginLog.operatorId, auth.operatorId))
        .orderBy(desc(loginLog.id))
        .limit(10);
      return ok({
        operator: {
          userId: auth.operatorId,
          userName: auth.username,
          roles: await operatorRoleCodes(ctx, auth.operatorId),
        },
        recentLogins,
        exchangeRates: await latestExchangeRates(ctx),
      });
    },
  );

  app.post(
    '/api/pay/transferOrder/countTransferOrder',
    {
      config: { access: { permission: Permission.orderCounts }, audit: false },
      schema: {
        tags: ['dashboard'],
        summary: 'The four header order counts over a window (the client asks for the last 6 days)',
        body: z
          .strictObject({ startTime: isoDate, endTime: isoDate })
          .refine((b) => b.endTime >= b.startTime, {
            path: ['endTime'],
            message: 'notBefore:startTime',
            when: (payload) => payload.issues.length === 0,
          }),
        response: { 200: envelope(orderCounts) },
      },
    },
    async (request) => {
      const { startTime, endTime } = request.body;
      const mailboxes = await visibleMailboxes(ctx, request.auth?.operatorId);
      return ok(await orderBadgeCounts(ctx, startTime, endTime, mailboxes));
    },
  );
}
