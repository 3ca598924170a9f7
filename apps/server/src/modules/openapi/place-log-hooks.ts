/**
 * The hooks that put every merchant API request on the placement log, whatever answered it (a
 * validation error, a refusal of verify.ts, the handler, an unexpected error): the draft is read off
 * the raw body before validation, completed as the request goes, and written when the answer is sent.
 */
import {
  inEachLanguage,
  type Locale,
  MERCHANT_API_CODES,
  type MerchantApiCodeName,
  merchantApiMessage,
} from '@payops/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { clientIp } from '../../platform/request-info.ts';
import { type Endpoint, recordPlacement } from './place-log.ts';
import type { ApiMerchant } from './verify.ts';

export interface PlacementDraft {
  endpoint: Endpoint;
  at: Date;
  /** performance.now() when the request arrived (the log's latency). */
  startedMs: number;
  merchantId: number | null;
  /** Set by the handler once it knows the platform's order number. */
  orderNo: string;
  /** The order's CNY amount, set by the handler once an OTC/ZHOTC quote is priced (openapi/quote.ts). */
  amount?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The merchant API endpoint a route is (its placement log name). */
    merchantApi?: Endpoint;
  }
  interface FastifyRequest {
    placement?: PlacementDraft;
    /** The body exactly as sent (before the schema trims or converts), which is what was signed. */
    signedParams?: Record<string, unknown>;
    merchant?: ApiMerchant;
    /** The true reason of a refusal that answered another (an unknown merchant answers signInvalid). */
    loggedAs?: MerchantApiCodeName;
  }
}

/** Characters of the reason kept (per language, when the log row holds each). */
const REASON_MAX = 240;

/** An amount worth logging: fits the log's numeric(28, 8) column (a refused "10.005" does). */
const LOGGABLE_AMOUNT = /^\d{1,20}(\.\d{1,8})?$/;

function str(body: Record<string, unknown> | null, key: string, max: number): string {
  const v = typeof body === 'object' && body !== null ? body[key] : undefined;
  return typeof v === 'string' ? v.slice(0, max) : '';
}

function replyParts(payload: unknown): { msg: string } {
  if (typeof payload !== 'string') return { msg: '' };
  try {
    const parsed = JSON.parse(payload) as { msg?: unknown };
    return { msg: typeof parsed.msg === 'string' ? parsed.msg : '' };
  } catch {
    return { msg: '' };
  }
}

export function installPlacementLog(scope: FastifyInstance, ctx: AppContext): void {
  scope.addHook('onRequest', async (request) => {
    const endpoint = request.routeOptions.config.merchantApi;
    if (!endpoint) return;
    request.placement = {
      endpoint,
      at: ctx.clock.now(),
      startedMs: performance.now(),
      merchantId: null,
      orderNo: '',
    };
  });

  // What was signed is the body as sent: kept before the schema trims or converts it.
  scope.addHook('preValidation', async (request) => {
    const body = request.body;
    if (request.placement && typeof body === 'object' && body !== null && !Array.isArray(body))
      request.signedParams = body as Record<string, unknown>;
  });

  scope.addHook('onSend', async (request: FastifyRequest, reply, payload) => {
    const draft = request.placement;
    if (!draft) return payload;
    const answered = request.resultCode ?? (reply.statusCode < 400 ? 0 : 500);
    // Operators read the true reason; the caller was told the answer it shares with others.
    const code = request.loggedAs ? MERCHANT_API_CODES[request.loggedAs] : answered;
    const toldIn = request.loggedAs ? (l: Locale) => merchantApiMessage(code, l) : request.toldIn;
    // Kept in each language: the operator reads it in theirs, whatever the merchant's was.
    const told = toldIn ? inEachLanguage(toldIn, REASON_MAX) : replyParts(payload).msg.slice(0, REASON_MAX);
    const raw = (request.signedParams ?? request.body ?? {}) as Record<string, unknown>;
    // The log and its statistics are in CNY: a quote in another currency counts once it is priced.
    const quoted = !['', 'CNY'].includes(str(raw, 'currency', 8));
    const amount = draft.amount ?? (quoted ? '' : str(raw, 'amount', 40).trim());
    try {
      await recordPlacement(ctx, {
        ...draft,
        mchNo: str(raw, 'mchNo', 32),
        mchOrderNo: str(raw, 'mchOrderNo', 64),
        orderNo: draft.orderNo || str(raw, 'orderNo', 64),
        amount: LOGGABLE_AMOUNT.test(amount) ? amount : null,
        ip: clientIp(request),
        code,
        reason: code === 0 ? '' : told,
        latencyMs: Math.max(0, Math.round(performance.now() - draft.startedMs)),
      });
    } catch (e) {
      // The answer stands (an order may already exist); the missing row is in the server's log.
      request.log.error({ requestId: request.id, err: e }, 'placement log row not written');
    }
    return payload;
  });
}
