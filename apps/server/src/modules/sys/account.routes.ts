/**
 * What the signed-in operator's own forms need: the password policy (the web checks it before
 * spending a code) and the pending authenticator secret as text for manual entry while binding.
 */
import { ErrorCode } from '@payops/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ok } from '../../platform/errors.ts';
import { envelope } from '../../platform/route-schemas.ts';
import { open } from '../../platform/secret-box.ts';
import { operators } from './schema.ts';

export async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = fastify;

  app.get(
    '/api/passwordPolicy',
    {
      config: { access: 'session' },
      schema: {
        tags: ['auth'],
        summary: 'Length limits of a new password (it also needs letters and digits)',
        response: { 200: envelope(z.object({ minLength: z.number(), maxLength: z.number() })) },
      },
    },
    async () => ok({ minLength: ctx.config.passwordMinLength, maxLength: ctx.config.passwordMaxLength }),
  );

  app.get(
    '/api/getGoogleSecret',
    {
      // Part of binding: an operator required to bind reads it too (the QR's text for manual entry).
      config: { access: 'session', audit: true, beforeBinding: true },
      schema: {
        tags: ['sys'],
        summary: 'My pending authenticator secret as text, while binding (never once bound)',
        response: { 200: envelope(z.object({ secret: z.string() })) },
      },
    },
    async (request) => {
      const operatorId = request.auth!.operatorId;
      const [op] = await ctx.db
        .select({ bound: operators.totpSecretEnc, pending: operators.totpPendingEnc })
        .from(operators)
        .where(eq(operators.id, operatorId));
      // Only the secret just shown as a QR and not yet confirmed: a bound one is never handed out.
      if (!op || op.bound || !op.pending) throw new AppError(ErrorCode.conflict);
      request.auditNote = {
        objectType: 'operator',
        objectId: operatorId,
        extra: { change: 'totp_secret_shown' },
      };
      return ok({ secret: open(ctx.keys.secretKey, op.pending) });
    },
  );
}
