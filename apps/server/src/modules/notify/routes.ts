/** The mchNotify page's routes (list, export, attempts, resend) and the sandbox merchant. */
import { mchNotify, mchNotifyAttempt } from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../platform/crud/index.ts';
import { registerTransitions } from '../../platform/transitions/index.ts';
import { deliverNow } from './deliver.ts';
import { sandboxMerchantRoutes } from './sandbox.ts';
import { merchantNotifications, merchantNotifyAttempts } from './schema.ts';

export async function notifyRoutes(fastify: FastifyInstance) {
  registerCrud(fastify, mchNotify, { table: merchantNotifications });
  registerCrud(fastify, mchNotifyAttempt, { table: merchantNotifyAttempts });
  registerTransitions(fastify, mchNotify, {
    table: merchantNotifications,
    hooks: {
      // A resend starts a new round: sent at once (the delivery job's next pass, should this attempt
      // not get to it), then the whole back-off again.
      resend: {
        set: ({ now }) => ({ nextAttemptAt: now, roundAttempts: 0, deliveredAt: null }),
        committed: (ctx, id) => deliverNow(ctx, Number(id)),
      },
    },
  });
  // The sandbox merchant only when configured (config SANDBOX), like the sandbox provider.
  if (fastify.ctx.config.sandbox) await sandboxMerchantRoutes(fastify);
}
