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
import { describeIssues, describeRule, type IssueLike } from './validation-messages.ts';

/** Words in any language: what an answer says, worded again for each (the placement log keeps each). */
export type Wording<T> = (locale: Locale) => T;

export class AppError extends Error {
  /** The fields' reasons in any language, when the thrower can word them in each (fieldsError). */
  fieldsIn?: Wording<FieldError[]>;

  constructor(
    readonly code: ErrorCodeValue,
    readonly data: unknown = null,
    message?: string,
  ) {
    super(message ?? `error ${code}`);
  }
}

/**
 * An error naming fields whose reasons are worded in each language (a 400 unless `code` says
 * otherwise, e.g. a 409 "no longer in this state"): its data in `locale`'s words.
 */
export function fieldsError(
  fieldsIn: Wording<FieldError[]>,
  locale: Locale,
  data: Record<string, unknown> = {},
  code: ErrorCodeValue = ErrorCode.badRequest,
): AppError {
  const e = new AppError(code, { ...data, fields: fieldsIn(locale) });
  e.fieldsIn = fieldsIn;
  return e;
}

/** A 400 on one field whose reason a text table words in each language (`text.tooBig`). */
export function fieldIn(field: string, words: Readonly<Record<Locale, string>>, locale: Locale): AppError {
  return fieldsError((l) => [{ field, message: words[l] }], locale);
}

/** A 400 on one field breaking a rule of validation-messages.ts (`tooLong:65536`), in each language. */
export function ruleError(field: string, rule: string, locale: Locale): AppError {
  return fieldsError((l) => [{ field, message: describeRule(rule, l) }], locale);
}

/** A message with the fields it names: `base: field reason; field reason`. */
export function withFields(base: string, fields?: readonly FieldError[]): string {
  return fields?.length ? `${base}: ${fields.map((f) => `${f.field} ${f.message}`).join('; ')}` : base;
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
  [ErrorCode.unavailable]: 503,
  [ErrorCode.bindRequired]: 403,
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

/** Answers an error: its code's words, with the fields `fieldsIn` names, in the caller's language. */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: number,
  data: unknown = null,
  fieldsIn?: Wording<readonly FieldError[]>,
) {
  request.resultCode = code;
  request.toldIn = (locale) => withFields(errorMessage(code, locale), fieldsIn?.(locale));
  return reply.status(httpStatus[code] ?? 400).send({ code, msg: request.toldIn(localeOf(request)), data });
}

/** A message template with its `{name}` places filled (a place without a value: empty). */
export const fillText = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

export function fieldError(field: string, message: string): AppError {
  return new AppError(ErrorCode.badRequest, { fields: [{ field, message }] satisfies FieldError[] });
}

/** SQLSTATEs that mean the input was wrong: a 400 even when a route's schema let the value through. */
const BAD_INPUT_STATES: Record<string, string> = {
  '22003': 'outOfRange', // numeric value out of range (int4 overflow, a balance past numeric(p, s))
  '22021': 'unsafeText', // NUL or a byte sequence invalid in UTF-8
  '22P05': 'unsafeText', // untranslatable character (a lone surrogate)
  '22007': 'dateRange', // invalid datetime format
  '22008': 'dateRange', // datetime field overflow
  '22P02': 'outOfRange', // invalid text representation
  '22001': 'tooLong:', // string too long for its column
  '54001': 'bodyDepth:', // statement too complex (a value nested too deep)
};
/**
 * Connection lost, server shutting down or starting: the database is briefly away, not the input.
 * 55P03: a lock not granted within lock_timeout (many writers on one record, one merchant's day
 * limit): busy now, the same request may pass on a retry.
 */
const UNAVAILABLE = /^(08|57P0|55P03)/;
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

interface DbErrorFacts {
  code: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
  query?: string;
}

/** The database error inside a (Drizzle-wrapped) error: its SQLSTATE and where, never its values. */
export function dbErrorFacts(error: unknown): DbErrorFacts | null {
  let query: string | undefined;
  for (let e = error as Record<string, unknown> | undefined, i = 0; e && i < 5; e = e.cause as never, i++) {
    if (typeof e.query === 'string') query = e.query;
    const code = e.code;
    if (typeof code === 'string' && (/^[0-9A-Z]{5}$/.test(code) || NETWORK_CODES.has(code))) {
      const pick = (k: string) => (typeof e[k] === 'string' ? (e[k] as string) : undefined);
      return {
        code,
        constraint: pick('constraint'),
        table: pick('table'),
        column: pick('column'),
        routine: pick('routine'),
        query,
      };
    }
    if (
      e.message === 'Connection terminated unexpectedly' ||
      e.message === 'timeout exceeded when trying to connect'
    )
      return { code: 'ECONNRESET', query };
  }
  // A failed statement without a SQLSTATE (a driver error): still logged without its parameters.
  return query ? { code: 'unknown', query } : null;
}

/**
 * An error nothing else expected: logged in full on the server (without the bound values, which may
 * hold personal data), answered with a generic message and the request id to quote.
 */
function sendUnexpected(request: FastifyRequest, reply: FastifyReply, error: Error) {
  const locale = localeOf(request);
  const db = dbErrorFacts(error);
  if (db) {
    const rule = BAD_INPUT_STATES[db.code];
    request.log.warn({ requestId: request.id, db }, 'database refused a value');
    if (rule) {
      const fieldsIn = (l: Locale) => [{ field: db.column ?? 'body', message: describeRule(rule, l) }];
      return sendError(request, reply, ErrorCode.badRequest, { fields: fieldsIn(locale) }, fieldsIn);
    }
    if (db.code === '23505' || db.code === '40001' || db.code === '40P01')
      return sendError(request, reply, ErrorCode.conflict);
    if (db.code === '23503' || db.code === '23514') return sendError(request, reply, ErrorCode.badRequest);
    if (UNAVAILABLE.test(db.code) || NETWORK_CODES.has(db.code))
      return sendError(request, reply, ErrorCode.unavailable, { requestId: request.id });
    // Only the frames: the message lines above them quote the bound values.
    const frames = error.stack?.split('\n').filter((l) => l.trimStart().startsWith('at '));
    request.log.error({ requestId: request.id, db, stack: frames?.join('\n') }, 'database error');
  } else {
    request.log.error({ requestId: request.id, err: error }, 'unhandled error');
  }
  return sendError(request, reply, ErrorCode.internal, { requestId: request.id });
}

/**
 * The answer when the audit row of a call cannot be written (onSend): a clean 503/500 envelope with
 * the request id, replacing whatever was about to be sent.
 */
export function auditFailed(request: FastifyRequest, reply: FastifyReply, error: unknown): string {
  const db = dbErrorFacts(error);
  const away = db && (UNAVAILABLE.test(db.code) || NETWORK_CODES.has(db.code));
  request.log.error({ requestId: request.id, db, answered: reply.statusCode }, 'audit row not written');
  return answerInstead(request, reply, away ? ErrorCode.unavailable : ErrorCode.internal);
}

/** From onSend: a failure envelope with the request id in place of whatever was about to be sent. */
export function answerInstead(request: FastifyRequest, reply: FastifyReply, code: number): string {
  request.resultCode = code;
  request.toldIn = (locale) => errorMessage(code, locale);
  reply.status(httpStatus[code]!).type('application/json; charset=utf-8').removeHeader('content-disposition');
  return JSON.stringify({
    code,
    msg: errorMessage(code, localeOf(request)),
    data: { requestId: request.id },
  });
}

/**
 * `settle`: makes a session check the request's handler was to carry (admission.ts) before an error
 * is answered, so that a caller who is not let in hears that, never what their body got wrong.
 */
export function installErrorHandler(
  app: FastifyInstance,
  settle: (request: FastifyRequest) => Promise<void> = async () => {},
): void {
  app.setErrorHandler(
    async (error: Error & { validation?: IssueLike[]; statusCode?: number }, request, reply) => {
      if (request.pendingAuth !== undefined) {
        try {
          await settle(request);
        } catch (e) {
          if (e instanceof AppError) return sendError(request, reply, e.code, e.data);
          return sendUnexpected(request, reply, e as Error);
        }
      }
      const locale = localeOf(request);
      if (error instanceof AppError) {
        // Fields worded in the thrower's one language are told as they are, in every language.
        const fields = (error.data as { fields?: FieldError[] } | null)?.fields;
        return sendError(request, reply, error.code, error.data, error.fieldsIn ?? (() => fields ?? []));
      }
      const issues = error.validation;
      if (issues) {
        const fieldsIn = (l: Locale) => describeIssues(issues, l);
        return sendError(request, reply, ErrorCode.badRequest, { fields: fieldsIn(locale) }, fieldsIn);
      }
      const status = error.statusCode ?? 500;
      if (status === 413) return sendError(request, reply, ErrorCode.payloadTooLarge);
      if (status === 429) return sendError(request, reply, ErrorCode.tooManyRequests);
      if (status >= 400 && status < 500) return sendError(request, reply, ErrorCode.badRequest);
      return sendUnexpected(request, reply, error);
    },
  );
}
