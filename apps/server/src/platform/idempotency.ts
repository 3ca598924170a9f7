/**
 * Idempotency keys on money-moving calls (security.md, "Money"; Stripe's model). A client that may
 * retry (a timeout, a double click) sends `Idempotency-Key`; the first request with a key does the
 * work and stores its answer in the same transaction as the money move, so either both are kept or
 * neither. A repeat with the same body gets the stored answer and moves nothing; the same key with a
 * different body, or on another route, is refused with a field error naming the header.
 *
 * Two requests racing with one key: the second's INSERT waits on the first's uncommitted row, then
 * finds it and replays its answer (or, if the first rolled back, does the work itself).
 */

import { createHmac } from 'node:crypto';
import { type Locale, pickLocale } from '@payops/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { fieldError } from './errors.ts';
import { canonicalJson } from './hashing.ts';
import { idempotencyKeys } from './idempotency.schema.ts';
import type { Tx } from './ledger/accounts.ts';
import type { FirstPart } from './transitions/read-then-change.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

const messages: Record<'format' | 'mismatch', Record<Locale, string>> = {
  format: {
    'zh-CN': '须为8到128位字母、数字或 _ . : -',
    'en-US': 'must be 8 to 128 letters, digits or _ . : -',
  },
  mismatch: {
    'zh-CN': '已用于另一个不同的请求，请换一个新的幂等键',
    'en-US': 'was already used for a different request; send a new key',
  },
};

export interface Idempotent<T> {
  data: T;
  /** The answer was stored by an earlier request with the same key. */
  replayed: boolean;
}

/** The key sent with a request, or undefined; a malformed key is refused. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !KEY_PATTERN.test(key)) {
    throw fieldError('Idempotency-Key', messages.format[pickLocale(request.headers['accept-language'])]);
  }
  return key;
}

/** What keeps a request's Idempotency-Key: its operator, key, route and the keyed hash of its body. */
function keyedRequest(request: FastifyRequest) {
  const key = idempotencyKeyOf(request);
  if (!key) return undefined;
  const operatorId = request.auth?.operatorId ?? 0;
  const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
  // Keyed with the server's secret: a body may carry a one-time code (a 6-digit SMS code), whose plain
  // hash anyone reading the table could reverse by trying all 10^6 values.
  const requestHash = createHmac('sha256', request.server.ctx.keys.secretKey)
    .update(canonicalJson({ body: request.body ?? null, query: request.query ?? null }))
    .digest('hex');
  return { operatorId, key, route, requestHash };
}

/**
 * The request's key kept with its answer as the first write of a transition's one statement
 * (transitions/read-then-change.ts): the CTE `kept` answers a row only when the key is new, and the
 * change is made only then. A key used before writes nothing here: the transaction's path
 * (withIdempotency) then replays its answer or refuses a different body. Undefined without a key.
 */
export function keptAnswerPart(request: FastifyRequest, answer: unknown): FirstPart | undefined {
  const keyed = keyedRequest(request);
  if (!keyed) return undefined;
  const p = (name: string) => sql.placeholder(`kept_${name}`);
  return {
    key: 'kept',
    gate: 'kept',
    ctes: () => [
      sql`kept AS (INSERT INTO idempotency_keys (operator_id, key, route, request_hash, response, created_at)
        VALUES (${p('operatorId')}::int, ${p('key')}::text, ${p('route')}::text, ${p('requestHash')}::text,
                ${p('response')}::jsonb, ${p('createdAt')}::timestamptz)
        ON CONFLICT DO NOTHING RETURNING id)`,
    ],
    values: {
      kept_operatorId: keyed.operatorId,
      kept_key: keyed.key,
      kept_route: keyed.route,
      kept_requestHash: keyed.requestHash,
      // In canonical JSON, as withIdempotency keeps it (a replay is byte for byte the same answer).
      kept_response: canonicalJson(answer ?? null),
      kept_createdAt: request.server.ctx.clock.now(),
    },
  };
}

/**
 * Runs `work` in a transaction guarded by the request's Idempotency-Key (when it has one). `work`
 * must do all of its writes through the transaction it is given. It may keep its answer early with
 * `respond` (the answer it will return), before writes it wants last (a hot row's lock, held then
 * for the commit alone); else the answer is kept when it returns.
 */
export async function withIdempotency<T>(
  db: Db,
  request: FastifyRequest,
  work: (tx: Tx, respond: (answer: T) => Promise<void>) => Promise<T>,
): Promise<Idempotent<T>> {
  const keyed = keyedRequest(request);
  if (!keyed) return { data: await db.transaction((tx) => work(tx, async () => {})), replayed: false };
  const { operatorId, key, route, requestHash } = keyed;
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(idempotencyKeys)
      .values({ operatorId, key, route, requestHash, createdAt: request.server.ctx.clock.now() })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    if (inserted.length === 0) {
      const [first] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.operatorId, operatorId), eq(idempotencyKeys.key, key)));
      if (!first || first.route !== route || first.requestHash !== requestHash) {
        throw fieldError(
          'Idempotency-Key',
          messages.mismatch[pickLocale(request.headers['accept-language'])],
        );
      }
      return { data: JSON.parse(canonicalJson(first.response)) as T, replayed: true };
    }
    // Both the first caller and a replay get the answer in canonical JSON (keys sorted; jsonb reorders
    // them), so a replay is byte-for-byte the same answer.
    let json: string | undefined;
    const respond = async (answer: T) => {
      json = canonicalJson(answer ?? null);
      await tx
        .update(idempotencyKeys)
        .set({ response: sql`${json}::jsonb` })
        .where(eq(idempotencyKeys.id, inserted[0]!.id));
    };
    const answer = await work(tx, respond);
    if (json === undefined) await respond(answer);
    return { data: JSON.parse(json!) as T, replayed: false };
  });
}
