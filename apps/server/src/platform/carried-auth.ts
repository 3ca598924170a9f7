/**
 * A list page's statement carrying the request's session check, so that a list answers in ONE round
 * trip (issue 9, "Scale": >= 1,500 lists/s on two cores, where the session's own round trip cost a
 * fifth of the capacity) with no session cache: a revoked session or permission is refused at once by
 * every instance, as when the guard reads the session itself.
 *
 * The session row (sessions.ts authQueryText) is read first; the page is read only when that row
 * could admit the request (the permission held, the session open and bound to the cookie sent,
 * the operator enabled and not held to a first-password change), so a caller without a valid
 * session costs one index lookup, not a page. The row then goes through the same checks as the guard's (admission.ts) before any row is shown.
 */
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { admitCarried, settlePendingAuth } from './admission.ts';
import type { AppContext } from './context.ts';
import { sha256 } from './hashing.ts';
import { type AuthRow, authQueryText, SESSION_COOKIE, tokenOf } from './sessions.ts';

/** The first column of a carrying statement: the session row as JSON text (null page columns follow when no row is read). */
export const CARRIED_AUTH = '@auth';

/** What a list page needs to carry the session check: the statement's values and the admission. */
export interface CarriedSession {
  values: { authToken: string; authPermission: string; authCookie: string | null };
  admit(row: AuthRow | undefined): Promise<void>;
  /** The check made on its own, when the page's statement cannot carry it. */
  settle(): Promise<void>;
}

export function carriedSession(ctx: AppContext, request: FastifyRequest): CarriedSession {
  const cookie = request.cookies[SESSION_COOKIE];
  return {
    values: {
      authToken: sha256(tokenOf(request)),
      authPermission: request.pendingAuth!,
      authCookie: cookie ? sha256(cookie) : null,
    },
    admit: (row) => admitCarried(ctx, request, row),
    settle: () => settlePendingAuth(ctx, request),
  };
}

/**
 * `page` (a statement selecting rows) carrying the session check: one row per page row, each with the
 * session row first, or one row of nulls after it when the page is empty or not read; none without a
 * session. The page's own order holds: a one-row outer side joined to it by a nested loop. OFFSET 0
 * keeps the lateral side a subquery of its own, where `a.admissible` is a value from outside: a
 * one-time filter, so the page is not even started for a session that cannot be admitted (flattened,
 * the condition became a join filter applied to the rows the page had read).
 */
export function carryAuth(page: { sql: string; params: unknown[] }): { sql: string; params: unknown[] } {
  const n = page.params.length;
  return {
    sql: `SELECT a.j AS "${CARRIED_AUTH}", p.* FROM (
            SELECT row_to_json(x)::text AS j,
                   x.resource_id IS NOT NULL AND x.ended_at IS NULL AND x.status = 'enabled'
                     AND NOT x.must_change_password
                     AND x.cookie_hash = $${n + 3} AS admissible
            FROM (${authQueryText(n + 1)}) x
          ) a LEFT JOIN LATERAL (SELECT * FROM (${page.sql}) q WHERE a.admissible OFFSET 0) p ON true`,
    params: [
      ...page.params,
      sql.placeholder('authToken'),
      sql.placeholder('authPermission'),
      sql.placeholder('authCookie'),
    ],
  };
}

/** The session row as the carrying statement sent it (JSON: timestamps as text). */
export function carriedRow(json: string | null): AuthRow | undefined {
  if (!json) return undefined;
  const r = JSON.parse(json) as Record<string, unknown>;
  const date = (v: unknown) => (v === null ? null : new Date(v as string));
  return {
    ...(r as unknown as AuthRow),
    ended_at: date(r.ended_at),
    last_seen_at: date(r.last_seen_at)!,
    expires_at: date(r.expires_at)!,
    unmasked_until: date(r.unmasked_until),
  };
}
