/**
 * Sessions: an opaque token (256 random bits) sent in the `access_token` header, bound to an HttpOnly
 * SameSite=Strict cookie; both stored only as SHA-256. Idle and absolute limits come from config.
 */
import { ErrorCode } from '@payops/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessions } from '../modules/sys/schema.ts';
import type { AppContext, AuthContext } from './context.ts';
import { AppError } from './errors.ts';
import { randomToken, sha256 } from './hashing.ts';
import { unmaskState } from './unmask.ts';

export const SESSION_COOKIE = 'payops_session';
/** lastSeenAt is written at most this often; a session may so end up to this much before its idle limit. */
const TOUCH_EVERY_MS = 15_000;

export type EndReason =
  | 'logout'
  | 'password_changed'
  | 'disabled'
  | 'roles_changed'
  | 'timeout'
  | 'ended_by_admin';

export async function createSession(
  ctx: AppContext,
  reply: FastifyReply,
  operatorId: number,
  ip: string,
  userAgent: string,
): Promise<string> {
  const token = randomToken();
  const cookie = randomToken();
  const now = ctx.clock.now();
  await ctx.db.insert(sessions).values({
    operatorId,
    tokenHash: sha256(token),
    cookieHash: sha256(cookie),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + ctx.config.sessionAbsoluteMs),
    ip,
    userAgent: userAgent.slice(0, 300),
  });
  reply.setCookie(SESSION_COOKIE, cookie, {
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.config.cookieSecure,
    path: '/',
    maxAge: Math.floor(ctx.config.sessionAbsoluteMs / 1000),
  });
  return token;
}

/** A permission the caller holds, and whether the resources table says it needs an authenticator code. */
export interface Held {
  resourceId: number;
  needsCode: boolean;
}

/** What a session row admits: who the caller is, the permission if held, and the first-password flag. */
export interface Admission {
  auth: AuthContext;
  held: Held | null;
  /** An administrator chose the password (first-password.ts): nothing but the change until it is made. */
  mustChangePassword: boolean;
}

/** The session row, its operator, and the asked permission if held: what a request is admitted on. */
export interface AuthRow {
  id: string | number;
  operator_id: number;
  cookie_hash: string;
  ended_at: Date | null;
  end_reason: string | null;
  last_seen_at: Date;
  expires_at: Date;
  unmasked_until: Date | null;
  username: string;
  status: string;
  must_change_password: boolean;
  resource_id: number | null;
  needs_code: boolean | null;
}

/**
 * Session, operator and permission in ONE statement, its two parameters (token hash, permission)
 * numbered from `first`: on its own for most routes, and carried by a list page's statement
 * (carried-auth.ts), so that no cache is needed and a revoked session or permission is refused at
 * once by every instance.
 */
export function authQueryText(first = 1): string {
  const token = `$${first}`;
  const permission = `$${first + 1}`;
  return `SELECT s.id, s.operator_id, s.cookie_hash, s.ended_at, s.end_reason, s.last_seen_at, s.expires_at,
                s.unmasked_until, o.username, o.status, o.must_change_password, p.resource_id, p.needs_code
         FROM sessions s
         JOIN operators o ON o.id = s.operator_id
         LEFT JOIN LATERAL (
           SELECT r.id AS resource_id, r.needs_code
           FROM resources r
           JOIN role_resources rr ON rr.resource_id = r.id
           JOIN operator_roles orr ON orr.role_id = rr.role_id
           WHERE orr.operator_id = s.operator_id AND r.permission = ${permission}
           LIMIT 1
         ) p ON ${permission}::text IS NOT NULL
         WHERE s.token_hash = ${token}`;
}

/** Prepared once per connection: the list route's budget (issue 9, "Scale") leaves no room for more. */
const AUTH_QUERY = { name: 'payops_authenticate', text: authQueryText() };

/** The request's session token, or the not-signed-in refusal. */
export function tokenOf(request: FastifyRequest): string {
  const token = request.headers.access_token;
  if (typeof token !== 'string' || token === '') throw new AppError(ErrorCode.notSignedIn);
  return token;
}

/**
 * Resolves the caller's session (and, when `permission` is given, whether they hold it) or throws the
 * session-over code that fits. `held` is null when the permission is not held.
 */
export async function authenticate(
  ctx: AppContext,
  request: FastifyRequest,
  permission?: string,
): Promise<Admission> {
  const token = tokenOf(request);
  const { rows } = await ctx.pool.query<AuthRow>({
    ...AUTH_QUERY,
    values: [sha256(token), permission ?? null],
  });
  return checkSession(ctx, request, rows[0]);
}

/** The checks on a session row, wherever it was read: binding cookie, end, operator, idle and absolute limits. */
export async function checkSession(
  ctx: AppContext,
  request: FastifyRequest,
  row: AuthRow | undefined,
): Promise<Admission> {
  if (!row) throw new AppError(ErrorCode.tokenInvalid);
  const sessionId = Number(row.id);
  const cookie = request.cookies[SESSION_COOKIE];
  if (!cookie || sha256(cookie) !== row.cookie_hash) throw new AppError(ErrorCode.sessionBinding);
  if (row.ended_at) {
    throw new AppError(row.end_reason === 'timeout' ? ErrorCode.sessionExpired : ErrorCode.sessionEnded);
  }
  if (row.status !== 'enabled') throw new AppError(ErrorCode.sessionEnded);
  const now = ctx.clock.now();
  const idle = now.getTime() - row.last_seen_at.getTime() > ctx.config.sessionIdleMs;
  if (idle || now >= row.expires_at) {
    await endSession(ctx, sessionId, 'timeout');
    throw new AppError(ErrorCode.sessionExpired);
  }
  if (now.getTime() - row.last_seen_at.getTime() > TOUCH_EVERY_MS) {
    await ctx.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
  }
  return {
    auth: {
      operatorId: row.operator_id,
      username: row.username,
      sessionId,
      ...unmaskState(row.unmasked_until, now),
    },
    held:
      row.resource_id === null ? null : { resourceId: row.resource_id, needsCode: row.needs_code === true },
    mustChangePassword: row.must_change_password,
  };
}

export async function endSession(ctx: AppContext, sessionId: number, reason: EndReason): Promise<void> {
  await ctx.db
    .update(sessions)
    .set({ endedAt: ctx.clock.now(), endReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
}

/** Ends every open session of an operator: password change, disabling, role change. */
export async function endOperatorSessions(
  ctx: AppContext,
  operatorId: number,
  reason: EndReason,
  /** The caller's transaction, when the sessions end with its change (disabling an operator). */
  exec: Pick<AppContext['db'], 'update'> = ctx.db,
): Promise<number> {
  const ended = await exec
    .update(sessions)
    .set({ endedAt: ctx.clock.now(), endReason: reason })
    .where(and(eq(sessions.operatorId, operatorId), isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
  return ended.length;
}
