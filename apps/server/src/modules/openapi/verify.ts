/**
 * Who is calling the merchant API, checked before any handler runs (a preHandler of the module's
 * routes), in this order: the timestamp is within 5 minutes of the server's clock; the signature
 * matches; the caller's address is on the merchant's white list; the nonce is new for this merchant;
 * the merchant is enabled and its login not frozen (risk); the merchant is under its rate (rate.ts: the nonce and the call
 * counter in one statement). A refusal answers at once (and is logged
 * by place-log-hooks.ts like every other answer).
 *
 * Nothing before the signature depends on whether the merchant exists, so a stranger cannot tell
 * real merchant numbers from invented ones: an unknown number answers exactly what a bad signature
 * answers (code, message, status), after the same work (a sealed stand-in secret is opened and the
 * HMAC computed); only the placement log, for operators, records it as merchantUnknown. The white
 * list and the status come after the signature, so only the merchant itself learns them.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { ipAllowed } from '../../platform/ip-allow.ts';
import { deleteBefore } from '../../platform/jobs/clean-up.ts';
import { clientIp } from '../../platform/request-info.ts';
import { open, seal } from '../../platform/secret-box.ts';
import { type SignedParams, signatureMatches } from '../../platform/signing.ts';
import { merchants } from '../mch/schema.ts';
import { refuse } from './answer.ts';
import { useNonceAndCount } from './rate.ts';

export const TIMESTAMP_WINDOW_MS = 5 * 60_000;

/**
 * The verified merchant's row as read by the verification (without its secret and white list): the
 * handlers take its limits, rates and timeouts from it instead of reading the row again.
 */
export type ApiMerchant = Omit<typeof merchants.$inferSelect, 'secretEnc' | 'ipWhitelist'>;

export function merchantVerifier(ctx: AppContext) {
  // What an unknown merchant's request is checked against: no one knows it, nothing matches it.
  const standIn = seal(ctx.keys.secretKey, randomBytes(24).toString('base64url'));
  // Built once and prepared by name: the same row every call, read fresh (no cache of merchants).
  const merchantByNo = ctx.db
    .select()
    .from(merchants)
    .where(eq(merchants.mchNo, sql.placeholder('mchNo')))
    .prepare('openapi_merchant_by_no');
  return async function verifyMerchant(request: FastifyRequest, reply: FastifyReply) {
    const body = request.body as { mchNo: string; timestamp: string; nonce: string; sign: string };
    const draft = request.placement!;
    const [m] = await merchantByNo.execute({ mchNo: body.mchNo });
    if (Math.abs(Number(body.timestamp) - ctx.clock.nowMs()) > TIMESTAMP_WINDOW_MS)
      return refuse(request, reply, 'timestampOutOfWindow');
    const params = request.signedParams as SignedParams;
    const matches = signatureMatches(open(ctx.keys.secretKey, m?.secretEnc ?? standIn), params, body.sign);
    if (!m) {
      request.loggedAs = 'merchantUnknown';
      return refuse(request, reply, 'signInvalid');
    }
    if (!matches) return refuse(request, reply, 'signInvalid');
    draft.merchantId = m.id;
    if (!ipAllowed(m.ipWhitelist, clientIp(request))) return refuse(request, reply, 'ipNotAllowed');
    const counted = await useNonceAndCount(ctx, m.id, body.nonce);
    if (!counted.fresh) return refuse(request, reply, 'nonceReplayed');
    if (m.status !== 'enabled') return refuse(request, reply, 'merchantNotEnabled');
    // The merchant has no console login: its signed API calls are its login, which a live login
    // freeze of the merchant (financeRisk/mch_frozen_list) stops (one seek of the live-freeze index,
    // read by the nonce statement: no round trip of its own).
    if (counted.loginFrozen) return refuse(request, reply, 'merchantLoginFrozen');
    if (counted.limited) {
      reply.header('retry-after', String(counted.retryAfterSeconds));
      return refuse(request, reply, 'rateLimited');
    }
    const { secretEnc: _s, ipWhitelist: _w, ...merchant } = m;
    request.merchant = merchant;
  };
}

/** Nonces older than twice the window can never be replayed (their timestamps are refused anyway). */
export function deleteOldNonces(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.clock.nowMs() - 2 * TIMESTAMP_WINDOW_MS);
  return deleteBefore(ctx, 'openapi_nonces', 'ctid', 'created_at', before);
}
