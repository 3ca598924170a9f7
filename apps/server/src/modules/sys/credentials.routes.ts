/** Spec §7: updatePassword, getGoogleQR, getDataGoogleQR, googleAuthAdmin; and the binding confirmations. */
import { id4, Permission, queryId4 } from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localeOf, ok } from '../../platform/errors.ts';
import { emptyEnvelope, encryptedPassword } from '../../platform/route-schemas.ts';
import { consumeCode } from '../../platform/totp.ts';
import { unmaskSession } from '../../platform/unmask.ts';
import { changeOwnPassword, codeAsked, pendingSecretQr } from './credentials.service.ts';
import { unmaskAnswer, unmaskStateSchema } from './unmask.routes.ts';

const code = z.string().regex(/^\d{6}$/);
// A PNG is sent as bytes (never serialised): described as binary content, not as `any`.
const png = {
  200: {
    description: 'PNG image',
    content: {
      'image/png': {
        schema: z.custom<Buffer>((v) => Buffer.isBuffer(v)).meta({ type: 'string', format: 'binary' }),
      },
    },
  },
};

export async function credentialsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = fastify;

  app.post(
    '/api/sys/user/updatePassword',
    {
      // Every operator may change their own password, whatever their roles: an operator whose first
      // password an administrator chose must be able to replace it (first-password.ts). The code the
      // resources table asks for this action is checked once the operator has an authenticator.
      config: { access: 'session', auditAs: Permission.updatePassword },
      schema: {
        tags: ['sys'],
        summary: 'Change my password (both fields encrypted under one nonce); ends all my sessions',
        body: z.strictObject({ originalPassWord: encryptedPassword, passWord: encryptedPassword }),
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const operatorId = request.auth!.operatorId;
      request.auditNote = { objectType: 'operator', objectId: operatorId, extra: { change: 'password' } };
      if (await codeAsked(ctx, operatorId, Permission.updatePassword)) {
        const given = request.headers.googlecode;
        await consumeCode(ctx, operatorId, typeof given === 'string' ? given : undefined);
      }
      await changeOwnPassword(ctx, operatorId, request.body, localeOf(request));
      return ok(null);
    },
  );

  app.get(
    '/api/getGoogleQR',
    {
      config: { access: 'session', audit: true, beforeBinding: true },
      schema: { tags: ['sys'], summary: 'QR of a new pending authenticator secret for me', response: png },
    },
    async (request, reply) => {
      request.auditNote = {
        objectType: 'operator',
        objectId: request.auth!.operatorId,
        extra: { change: 'totp_pending' },
      };
      return reply
        .type('image/png')
        .header('cache-control', 'no-store')
        .send(await pendingSecretQr(ctx, request.auth!.operatorId));
    },
  );

  app.post(
    '/api/bindGoogle',
    {
      config: { access: 'session', beforeBinding: true },
      schema: {
        tags: ['sys'],
        summary: 'Bind my pending authenticator secret with a valid code',
        body: z.strictObject({ googleCode: code }),
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      request.auditNote = {
        objectType: 'operator',
        objectId: request.auth!.operatorId,
        extra: { change: 'totp_bound' },
      };
      await consumeCode(ctx, request.auth!.operatorId, request.body.googleCode, 'pending');
      return ok(null);
    },
  );

  app.get(
    '/api/getDataGoogleQR',
    {
      config: { access: { permission: Permission.operatorQr }, audit: true },
      schema: {
        tags: ['sys'],
        summary: 'QR of a new pending authenticator secret for another operator',
        querystring: z.strictObject({ userId: queryId4() }),
        response: png,
      },
    },
    async (request, reply) => {
      request.auditNote = {
        objectType: 'operator',
        objectId: request.query.userId,
        extra: { change: 'totp_pending' },
      };
      return reply
        .type('image/png')
        .header('cache-control', 'no-store')
        .send(await pendingSecretQr(ctx, request.query.userId));
    },
  );

  app.post(
    '/api/sys/user/bindGoogle',
    {
      config: { access: { permission: Permission.operatorQr } },
      schema: {
        tags: ['sys'],
        summary: "Bind another operator's pending secret with the code their authenticator shows",
        body: z.strictObject({ userId: id4(), code }),
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      request.auditNote = {
        objectType: 'operator',
        objectId: request.body.userId,
        extra: { change: 'totp_bound' },
      };
      await consumeCode(ctx, request.body.userId, request.body.code, 'pending');
      return ok(null);
    },
  );

  app.get(
    '/api/sys/user/googleAuthAdmin',
    {
      config: { access: { permission: Permission.unmask }, audit: true },
      schema: {
        tags: ['sys'],
        summary: 'Unmask personal data for UNMASK_MINUTES (needs a code); answers until when',
        response: { 200: unmaskStateSchema },
      },
    },
    async (request) => {
      const auth = request.auth!;
      request.auditNote = { objectType: 'session', objectId: auth.sessionId, extra: { change: 'unmask' } };
      // Unmasking always takes a code, even if an administrator cleared the resource's code flag.
      if (!request.codeVerified) {
        const header = request.headers.googlecode;
        await consumeCode(ctx, auth.operatorId, typeof header === 'string' ? header : undefined);
      }
      return unmaskAnswer(await unmaskSession(ctx, auth.sessionId), ctx.clock.now());
    },
  );
}
