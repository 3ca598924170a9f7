/**
 * The cashier pages' routes (wallet group, staff only: the guard refuses operators not named in the
 * cashierStaff setting on every one of them, whatever their roles): payments and their transitions,
 * the SMS codes, the cashier log (the operation log scoped to counter payments), and with SANDBOX=1
 * the sandbox SMS outbox.
 */
import {
  counterPaymenLogtPage,
  counterPaymentPage,
  counterPaymentSmsPage,
  SANDBOX_SMS_PERMISSION,
} from '@payops/contracts';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerCrud } from '../../platform/crud/index.ts';
import { ok } from '../../platform/errors.ts';
import { envelope } from '../../platform/route-schemas.ts';
import { registerTransitions } from '../../platform/transitions/index.ts';
import { operationLog } from '../sys/schema.ts';
import { counterPayments, counterSmsCodes } from './cashier.schema.ts';
import { beforeCreate, counterPaymentHooks } from './counter-payment.service.ts';
import { sandboxInbox } from './sms.ts';

export const SANDBOX_SMS_PATH = '/api/sandbox/sms/outbox';

export async function cashierRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  registerCrud(fastify, counterPaymentPage, {
    table: counterPayments,
    beforeWrite: (values, info) => (info.mode === 'add' ? beforeCreate(ctx, values, info) : undefined),
  });
  registerTransitions(fastify, counterPaymentPage, {
    table: counterPayments,
    hooks: counterPaymentHooks(ctx),
    results: { confirm: z.object({ entryId: z.number() }) },
  });
  registerCrud(fastify, counterPaymentSmsPage, { table: counterSmsCodes });
  registerCrud(fastify, counterPaymenLogtPage, { table: operationLog });
  if (ctx.config.sandbox) sandboxSmsRoutes(fastify);
}

/** The sandbox phone of a payment's member: what the sandbox SMS adapter delivered to it. */
function sandboxSmsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = fastify;
  app.get(
    SANDBOX_SMS_PATH,
    {
      config: { access: { permission: SANDBOX_SMS_PERMISSION } },
      schema: {
        tags: ['sandbox'],
        summary: "The sandbox SMS outbox: the newest messages delivered to a counter payment's member",
        querystring: z.strictObject({ paymentNo: z.string().regex(/^CP\d{8}[0-9A-F]{10}$/) }),
        response: {
          200: envelope(
            z.object({ list: z.array(z.object({ id: z.number(), text: z.string(), at: z.date() })) }),
          ),
        },
      },
    },
    async (request) => {
      const [code] = await ctx.db
        .select({ phone: counterSmsCodes.phone })
        .from(counterSmsCodes)
        .innerJoin(counterPayments, eq(counterPayments.id, counterSmsCodes.paymentId))
        .where(eq(counterPayments.paymentNo, request.query.paymentNo))
        .orderBy(desc(counterSmsCodes.id))
        .limit(1);
      const messages = code ? await sandboxInbox(ctx.db, code.phone) : [];
      const list = messages.filter((m) => m.text.includes(request.query.paymentNo));
      return ok({ list: list.map(({ id, text, at }) => ({ id, text, at })) });
    },
  );
}
