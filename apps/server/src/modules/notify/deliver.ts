/**
 * Delivering callbacks: a signed POST of the notification's parameters (JSON) to the merchant's
 * notify URL, through the outbound guard (no private or loopback addresses, no redirects). The merchant acknowledges with HTTP 200 and the body `success` (NOTIFY_ACK_BODY, trimmed,
 * any case); anything else (another status, another body, no answer within NOTIFY_TIMEOUT_MS) is a
 * failed attempt, retried after NOTIFY_BACKOFF_SECONDS (15 s, 1 m, 5 m, 30 m, 2 h), after which the
 * notification is failed and waits for an operator's resend. Every attempt is kept.
 *
 * Safe to run twice and on several instances: an attempt first claims its notification with a guarded
 * UPDATE (pending and due) that moves `next_attempt_at` a lease ahead, so no two workers send the same
 * callback at once; the outcome is written in one transaction (the attempt row, the counters, and the
 * system transition deliver or fail).
 */
import { randomBytes } from 'node:crypto';
import { mchNotify, NOTIFY_ACK_BODY, NOTIFY_BACKOFF_SECONDS } from '@payops/contracts';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { allowedOrigins, outboundErrorStored, postJson } from '../../platform/outbound.ts';
import { open } from '../../platform/secret-box.ts';
import { signParams } from '../../platform/signing.ts';
import { runSystemTransition } from '../../platform/transitions/index.ts';
import { merchants } from '../mch/schema.ts';
import { switchOn } from '../payManage/switches.ts';
import { type MerchantNotification, merchantNotifications, merchantNotifyAttempts } from './schema.ts';

/** How long a merchant has to answer one attempt. */
export const NOTIFY_TIMEOUT_MS = 10_000;
/** How long a claimed attempt keeps others off (longer than the timeout, so a crash frees it). */
const LEASE_MS = 60_000;
/** The answer kept per attempt: enough to read an error page's first lines. */
const EXCERPT_CHARS = 500;
/** Callbacks sent at once by one pass (merchants' slow endpoints must not hold up the others). */
const PARALLEL = 8;

export type AttemptOutcome = 'delivered' | 'retry' | 'failed' | 'skipped';

interface Answer {
  httpStatus: number | null;
  excerpt: string;
  error: string | null;
  latencyMs: number;
}

/**
 * One POST through the outbound guard (platform/outbound.ts): an address the guard refuses (a private
 * or loopback one, a name resolving to one) is a failed attempt whose error says why.
 */
async function post(ctx: AppContext, url: string, body: string): Promise<Answer> {
  const started = performance.now();
  try {
    const res = await postJson(allowedOrigins(ctx), url, body, NOTIFY_TIMEOUT_MS);
    return {
      httpStatus: res.status,
      excerpt: res.body.slice(0, EXCERPT_CHARS),
      error: null,
      latencyMs: Math.round(performance.now() - started),
    };
  } catch (e) {
    const error = outboundErrorStored(e);
    return { httpStatus: null, excerpt: '', error, latencyMs: Math.round(performance.now() - started) };
  }
}

export function acknowledged(httpStatus: number | null, body: string): boolean {
  return httpStatus === 200 && body.trim().toLowerCase() === NOTIFY_ACK_BODY;
}

/** The notification's parameters with timestamp, nonce and the merchant's signature. */
async function signedBody(ctx: AppContext, n: MerchantNotification, now: Date): Promise<string> {
  const [m] = await ctx.db
    .select({ secretEnc: merchants.secretEnc })
    .from(merchants)
    .where(eq(merchants.id, n.merchantId));
  const params: Record<string, string> = {
    ...n.payload,
    // Milliseconds, as merchants send it to the merchant API.
    timestamp: String(now.getTime()),
    nonce: randomBytes(12).toString('hex'),
  };
  const sign = signParams(open(ctx.keys.secretKey, m!.secretEnc), params);
  return JSON.stringify({ ...params, sign });
}

/** One attempt of one notification, if it is still pending and due. */
export async function attemptDelivery(ctx: AppContext, id: number): Promise<AttemptOutcome> {
  const now = ctx.clock.now();
  const [n] = await ctx.db
    .update(merchantNotifications)
    .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
    .where(
      and(
        eq(merchantNotifications.id, id),
        eq(merchantNotifications.status, 'pending'),
        lte(merchantNotifications.nextAttemptAt, now),
      ),
    )
    .returning();
  if (!n) return 'skipped';
  const body = await signedBody(ctx, n, now);
  const answer = await post(ctx, n.notifyUrl, body);
  const ok = acknowledged(answer.httpStatus, answer.excerpt);
  const round = n.roundAttempts + 1;
  const at = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await tx.insert(merchantNotifyAttempts).values({
      notificationId: n.id,
      attemptNo: n.attempts + 1,
      url: n.notifyUrl,
      requestBody: body,
      httpStatus: answer.httpStatus,
      responseExcerpt: answer.excerpt,
      latencyMs: answer.latencyMs,
      error: answer.error,
      ok,
      at,
    });
    const lastError = ok
      ? null
      : (answer.error ?? `HTTP ${answer.httpStatus}: ${answer.excerpt.slice(0, 100) || '(empty)'}`);
    const counters = {
      attempts: sql`${merchantNotifications.attempts} + 1`,
      roundAttempts: round,
      lastHttpStatus: answer.httpStatus,
      lastError,
    };
    if (ok) {
      await runSystemTransition(ctx, mchNotify, 'deliver', n.id, {
        tx,
        values: { ...counters, deliveredAt: at, nextAttemptAt: null },
      });
      return 'delivered';
    }
    const delay = NOTIFY_BACKOFF_SECONDS[round - 1];
    if (delay === undefined) {
      await runSystemTransition(ctx, mchNotify, 'fail', n.id, {
        tx,
        reason: (lastError ?? '').slice(0, 200),
        values: { ...counters, nextAttemptAt: null },
      });
      return 'failed';
    }
    await tx
      .update(merchantNotifications)
      .set({ ...counters, nextAttemptAt: new Date(at.getTime() + delay * 1000), updatedAt: at })
      .where(and(eq(merchantNotifications.id, n.id), eq(merchantNotifications.status, 'pending')));
    return 'retry';
  });
}

/** An attempt of one notification now (an operator's resend), unless callbacks are switched off. */
export async function deliverNow(ctx: AppContext, id: number): Promise<AttemptOutcome> {
  return (await switchOn(ctx, 'MERCHANT_NOTIFY')) ? attemptDelivery(ctx, id) : 'skipped';
}

/** One pass over the due notifications (oldest due first); answers what each attempt came to. */
export async function deliverDue(ctx: AppContext, limit = 100): Promise<Record<AttemptOutcome, number>> {
  const counts: Record<AttemptOutcome, number> = { delivered: 0, retry: 0, failed: 0, skipped: 0 };
  // Switched off: nothing is sent; each waiting callback keeps its turn and goes once it is on again.
  if (!(await switchOn(ctx, 'MERCHANT_NOTIFY'))) return counts;
  const due = await ctx.db
    .select({ id: merchantNotifications.id })
    .from(merchantNotifications)
    .where(
      and(
        eq(merchantNotifications.status, 'pending'),
        lte(merchantNotifications.nextAttemptAt, ctx.clock.now()),
      ),
    )
    .orderBy(asc(merchantNotifications.nextAttemptAt))
    .limit(limit);
  const queue = due.map((d) => d.id);
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      counts[await attemptDelivery(ctx, id)]++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, queue.length) }, worker));
  return counts;
}
