/**
 * Application errors and the one error handler that turns everything into the envelope.
 * Validation errors name the fields in the operator's language; nothing unexpected leaks.
 */
import {
  ErrorCode,
  type ErrorCodeValue,
  errorMessage,
  type FieldError,
  type Locale,
  pickLocale,
} from '@payops/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
// The request fields this file sets (resultCode) are declared with the other platform fields.
import type {} from './context.ts';
import { describeIssues, type IssueLike } from './validation-messages.ts';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCodeValue,
    readonly data: unknown = null,
    message?: string,
  ) {
    super(message ?? `error ${code}`);
  }
}

const httpStatus: Partial<Record<number, number>> = {
  [ErrorCode.badRequest]: 400,
  [ErrorCode.nonceInvalid]: 400,
  [ErrorCode.passwordPolicy]: 400,
  [ErrorCode.wrongPassword]: 400,
  [ErrorCode.passwordChangeRequired]: 403,
  [ErrorCode.forbidden]: 403,
  [ErrorCode.ipDenied]: 403,
  [ErrorCode.needCode]: 403,
  [ErrorCode.codeLocked]: 403,
  [ErrorCode.notFound]: 404,
  [ErrorCode.conflict]: 409,
  [ErrorCode.payloadTooLarge]: 413,
  [ErrorCode.tooManyRequests]: 429,
  [ErrorCode.internal]: 500,
  [ErrorCode.notSignedIn]: 401,
  [ErrorCode.tokenInvalid]: 401,
  [ErrorCode.sessionEnded]: 401,
  [ErrorCode.sessionBinding]: 401,
  [ErrorCode.sessionExpired]: 401,
  [ErrorCode.badCredentials]: 401,
};

export function ok<T>(data: T) {
  return { code: 0, msg: 'success', data };
}

export function localeOf(request: FastifyRequest): Locale {
  return pickLocale(request.headers['accept-language']);
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: number,
  data: unknown = null,
  msg?: string,
) {
  request.resultCode = code;
  return reply
    .status(httpStatus[code] ?? 400)
    .send({ code, msg: msg ?? errorMessage(code, localeOf(request)), data });
}

export function fieldError(field: string, message: string): AppError {
  return new AppError(ErrorCode.badRequest, { fields: [{ field, message }] satisfies FieldError[] });
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: Error & { validation?: IssueLike[]; statusCode?: number }, request, reply) => {
    const locale = localeOf(request);
    if (error instanceof AppError) {
      const fields = (error.data as { fields?: FieldError[] } | null)?.fields;
      const msg = fields?.length
        ? `${errorMessage(error.code, locale)}: ${fields.map((f) => `${f.field} ${f.message}`).join('; ')}`
        : undefined;
      return sendError(request, reply, error.code, error.data, msg);
    }
    if (error.validation) {
      const fields = describeIssues(error.validation, locale);
      const msg = `${errorMessage(ErrorCode.badRequest, locale)}: ${fields.map((f) => `${f.field} ${f.message}`).join('; ')}`;
      return sendError(request, reply, ErrorCode.badRequest, { fields }, msg);
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return sendError(request, reply, ErrorCode.payloadTooLarge);
    if (status === 429) return sendError(request, reply, ErrorCode.tooManyRequests);
    if (status >= 400 && status < 500) return sendError(request, reply, ErrorCode.badRequest);
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, ErrorCode.internal);
  });
}
