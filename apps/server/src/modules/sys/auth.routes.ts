/** Sign-in, session and the operator's own view of it: spec §7's /api/auth, current, menu, resource, logout. */
import { ErrorCode, safeString } from '@payops/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ok } from '../../platform/errors.ts';
import { resourceStrings } from '../../platform/permissions.ts';
import { emptyEnvelope, encryptedPassword, envelope } from '../../platform/route-schemas.ts';
import { endSession, SESSION_COOKIE } from '../../platform/sessions.ts';
import { issueNonce } from '../../platform/transport.ts';
import { signIn } from './login.service.ts';
import { buildMenu } from './menu.ts';
import { operators } from './schema.ts';

/** The client re-fetches its resource list after this many seconds. */
const RESOURCE_REFRESH_S = 300;

const menuChild = z.object({
  name: z.string(),
  path: z.string(),
  titleKey: z.string(),
  cache: z.boolean(),
  placeholder: z.boolean().optional(),
});
const menuGroup = z.object({
  name: z.string(),
  path: z.string(),
  redirect: z.string(),
  titleKey: z.string(),
  icon: z.string(),
  children: z.array(menuChild),
});

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = fastify;

  app.get(
    '/api/auth/publicKey',
    {
      // Each call stores a nonce row: bounded per address (expired rows are deleted as new ones come).
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'RSA public key and a one-time nonce for password encryption',
        response: { 200: envelope(z.object({ publicKey: z.string(), nonce: z.string() })) },
      },
    },
    async () => ok(await issueNonce(ctx)),
  );

  app.post(
    '/api/auth',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Sign in',
        body: z.strictObject({
          username: safeString().trim().min(1).max(64),
          password: encryptedPassword,
          googleCode: safeString().max(10).optional(),
        }),
        response: {
          200: envelope(z.object({ token: z.string(), failedAttempts: z.number(), mustBind: z.boolean() })),
        },
      },
    },
    async (request, reply) => ok(await signIn(ctx, request, reply, request.body)),
  );

  app.get(
    '/api/current',
    {
      config: { access: 'session', beforeBinding: true },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in operator',
        response: {
          200: envelope(
            z.object({
              userId: z.number(),
              userName: z.string(),
              googleAuthStatusData: z.number(),
              /** An administrator chose the password: the web opens the password dialog first. */
              mustChangePassword: z.boolean(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const [op] = await ctx.db
        .select({ bound: operators.totpSecretEnc, must: operators.mustChangePassword })
        .from(operators)
        .where(eq(operators.id, auth.operatorId));
      if (!op) throw new AppError(ErrorCode.sessionEnded);
      return ok({
        userId: auth.operatorId,
        userName: auth.username,
        googleAuthStatusData: op.bound ? 1 : 0,
        mustChangePassword: op.must,
      });
    },
  );

  app.get(
    '/api/menu',
    {
      config: { access: 'session', beforeBinding: true },
      schema: {
        tags: ['auth'],
        summary: "The operator's menu",
        response: { 200: envelope(z.array(menuGroup)) },
      },
    },
    async (request) => ok(await buildMenu(ctx, request.auth!.operatorId, request.auth!.username)),
  );

  app.get(
    '/api/resource',
    {
      config: { access: 'session', beforeBinding: true },
      schema: {
        tags: ['auth'],
        summary: "The operator's permissions: '<id>:<permission>' or '<id>:<permission>:0' (no code needed)",
        response: { 200: envelope(z.object({ resource: z.array(z.string()), timestamp: z.number() })) },
      },
    },
    async (request) =>
      ok({
        resource: await resourceStrings(ctx, request.auth!.operatorId),
        timestamp: Math.floor(ctx.clock.nowMs() / 1000) + RESOURCE_REFRESH_S,
      }),
  );

  app.post(
    '/api/logout',
    {
      config: { access: 'session', beforeBinding: true },
      schema: { tags: ['auth'], summary: 'Sign out', response: { 200: emptyEnvelope } },
    },
    async (request, reply) => {
      await endSession(ctx, request.auth!.sessionId, 'logout');
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      request.auditNote = { objectType: 'session', objectId: request.auth!.sessionId };
      return ok(null);
    },
  );
}
