/**
 * The unmask state of my session (the header's "unmasked until hh:mm") and the re-mask that ends it
 * early. The unmask itself is spec §7's GET /api/sys/user/googleAuthAdmin (credentials.routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/errors.ts';
import { envelope } from '../../platform/route-schemas.ts';
import { remaskSession } from '../../platform/unmask.ts';

/**
 * `unmaskedUntil`: ISO time in UTC while unmasked, else null; `msLeft`: how long still, by the
 * server's clock (the browser times the end with it, whatever its own clock says).
 */
export const unmaskStateSchema = envelope(
  z.object({ unmaskedUntil: z.string().nullable(), msLeft: z.number().nullable() }),
);

export function unmaskAnswer(until: Date | null, now: Date) {
  return ok({
    unmaskedUntil: until?.toISOString() ?? null,
    msLeft: until ? Math.max(until.getTime() - now.getTime(), 0) : null,
  });
}

export async function unmaskRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = fastify;

  app.get(
    '/api/sys/user/unmaskState',
    {
      config: { access: 'session' },
      schema: {
        tags: ['sys'],
        summary: 'Until when my session shows personal data in clear',
        response: { 200: unmaskStateSchema },
      },
    },
    async (request) => unmaskAnswer(request.auth!.unmaskedUntil, ctx.clock.now()),
  );

  app.post(
    '/api/sys/user/remask',
    {
      config: { access: 'session' },
      schema: {
        tags: ['sys'],
        summary: 'Mask personal data again now (ends my unmask)',
        response: { 200: unmaskStateSchema },
      },
    },
    async (request) => {
      const auth = request.auth!;
      request.auditNote = {
        objectType: 'session',
        objectId: auth.sessionId,
        extra: { change: 'remask', unmaskedUntil: auth.unmaskedUntil?.toISOString() ?? null },
      };
      await remaskSession(ctx, auth.sessionId);
      return unmaskAnswer(null, ctx.clock.now());
    },
  );
}
