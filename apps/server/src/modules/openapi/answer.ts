/** The merchant API's answers: the console's envelope with its own codes (contracts place-log-codes). */
import {
  DATACENTER_SWITCHES,
  type DatacenterSwitch,
  type FieldError,
  type Locale,
  localText,
  MERCHANT_API_CODES,
  type MerchantApiCodeName,
  merchantApiMessage,
} from '@payops/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { localeOf, type Wording, withFields } from '../../platform/errors.ts';

const STATUS: Partial<Record<MerchantApiCodeName, number>> = {
  signInvalid: 401,
  timestampOutOfWindow: 401,
  nonceReplayed: 401,
  merchantUnknown: 401,
  merchantNotEnabled: 403,
  merchantLoginFrozen: 403,
  ipNotAllowed: 403,
  riskBlocked: 403,
  serviceClosed: 403,
  payeeAccountRefused: 403,
  orderNotFound: 404,
  rateLimited: 429,
  upstreamFailed: 502,
  internal: 500,
  unavailable: 503,
};

/**
 * Refuses the request with a code and, for a bad field, which field and why: worded in any language,
 * answered in the caller's (the placement log keeps each).
 */
export function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  name: MerchantApiCodeName,
  fieldsIn?: Wording<FieldError[]>,
  extra?: Record<string, unknown>,
) {
  const fields = fieldsIn?.(localeOf(request));
  const data = fields?.length || extra ? { ...extra, ...(fields?.length ? { fields } : {}) } : null;
  return send(
    request,
    reply,
    name,
    (l) => withFields(merchantApiMessage(MERCHANT_API_CODES[name], l), fieldsIn?.(l)),
    data,
  );
}

/** Refuses a call that a switched-off platform switch stops, naming the switch (payManage switches). */
export function refuseClosed(request: FastifyRequest, reply: FastifyReply, closed: DatacenterSwitch) {
  const [zh, en] = DATACENTER_SWITCHES[closed];
  const told = (l: Locale) =>
    `${merchantApiMessage(MERCHANT_API_CODES.serviceClosed, l)}: ${l === 'en-US' ? `"${en}" is off` : `「${zh}」已关闭`}`;
  return send(request, reply, 'serviceClosed', told, { switch: closed });
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  name: MerchantApiCodeName,
  told: Wording<string>,
  data: Record<string, unknown> | null,
) {
  const code = MERCHANT_API_CODES[name];
  request.resultCode = code;
  request.toldIn = told;
  return reply.status(STATUS[name] ?? 400).send({ code, msg: told(localeOf(request)), data });
}

export function accept<T>(request: FastifyRequest, data: T) {
  request.resultCode = 0;
  return { code: 0, msg: 'success', data: failReasonFor(data, request) };
}

/** An order's fail reason that the system wrote (`@timeout`), in the caller's language. */
function failReasonFor<T>(data: T, request: FastifyRequest): T {
  const reason = (data as { failReason?: unknown } | null)?.failReason;
  return typeof reason === 'string' && reason.startsWith('@')
    ? { ...data, failReason: localText(reason, localeOf(request)) }
    : data;
}
