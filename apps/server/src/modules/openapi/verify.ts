/**
 * Who is calling the merchant API, checked before any handler runs (a preHandler of the module's
 * routes), in this order: the merchant exists; the caller's address is on its white list; the
 * timestamp is within 5 minutes of the server's clock; the signature matches; the nonce is new for
 * this merchant; the merchant is enabled; the merchant is under its rate. The status is checked after
 * the signature so that only the merchant itself learns it. A refusal answers at once (and is logged
 * by place-log-hooks.ts like every other answer).
 */
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { deleteBefore } from '../../platform/jobs/clean-up.ts';
import { clientIp } from '../../platform/request-info.ts';
import { open } from '../../platform/secret-box.ts';
import { type SignedParams, signatureMatches } from '../../platform/signing.ts';
import { merchants } from '../mch/schema.ts';
import { refuse } from './answer.ts';
import { ipAllowed } from './ip-allow.ts';
import { openapiNonces } from './schema.ts';

export const TIMESTAMP_WINDOW_MS = 5 * 60_000;

export type ApiMerchant = Pick<
  typeof merchants.$inferSelect,
  'id' | 'mchNo' | 'status' | 'singleMin' | 'singleMax'
>;

type Limiter = (
  request: FastifyRequest,
) => Promise<{ isAllowed: true } | { isAllowed: false; isExceeded: boolean; ttlInSeconds: number }>;

export function merchantVerifier(ctx: AppContext, limiter: Limiter | null) {
  return async function verifyMerchant(request: FastifyRequest, reply: FastifyReply) {
    const body = request.body as { mchNo: string; timestamp: string; nonce: string; sign: string };
    const draft = request.placement!;
    const [m] = await ctx.db
      .select({
        id: merchants.id,
        mchNo: merchants.mchNo,
        status: merchants.status,
        secretEnc: merchants.secretEnc,
        ipWhitelist: merchants.ipWhitelist,
        singleMin: merchants.singleMin,
        singleMax: merchants.singleMax,
      })
      .from(merchants)
      .where(eq(merchants.mchNo, body.mchNo));
    if (!m) return refuse(request, reply, 'merchantUnknown');
    draft.merchantId = m.id;
    if (!ipAllowed(m.ipWhitelist, clientIp(request))) return refuse(request, reply, 'ipNotAllowed');
    if (Math.abs(Number(body.timestamp) - ctx.clock.nowMs()) > TIMESTAMP_WINDOW_MS)
      return refuse(request, reply, 'timestampOutOfWindow');
    const params = request.signedParams as SignedParams;
    if (!signatureMatches(open(ctx.keys.secretKey, m.secretEnc), params, body.sign))
      return refuse(request, reply, 'signInvalid');
    const fresh = await ctx.db
      .insert(openapiNonces)
      .values({ merchantId: m.id, nonce: body.nonce, createdAt: ctx.clock.now() })
      .onConflictDoNothing()
      .returning({ nonce: openapiNonces.nonce });
    if (!fresh.length) return refuse(request, reply, 'nonceReplayed');
    if (m.status !== 'enabled') return refuse(request, reply, 'merchantNotEnabled');
    const { secretEnc: _s, ipWhitelist: _w, ...merchant } = m;
    request.merchant = merchant;
    if (limiter) {
      const r = await limiter(request);
      if (!r.isAllowed && r.isExceeded) {
        reply.header('retry-after', String(r.ttlInSeconds));
        return refuse(request, reply, 'rateLimited');
      }
    }
  };
}

/** Nonces older than twice the window can never be replayed (their timestamps are refused anyway). */
export function deleteOldNonces(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.clock.nowMs() - 2 * TIMESTAMP_WINDOW_MS);
  return deleteBefore(ctx, 'openapi_nonces', 'ctid', 'created_at', before);
}
