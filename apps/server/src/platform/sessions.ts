/**
 * Sessions: an opaque token (256 random bits) sent in the `access_token` header, bound to an HttpOnly
 * SameSite=Strict cookie; both stored only as SHA-256. Idle and absolute limits come from config.
 */
import { ErrorCode } from '@payops/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { operators, sessions } from '../modules/sys/schema.ts';
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

/** Resolves the caller's session or throws the session-over code that fits. */
export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<AuthContext> {
  const token = request.headers.access_token;
  if (typeof token !== 'string' || token === '') throw new AppError(ErrorCode.notSignedIn);
  const [row] = await ctx.db
    .select({ session: sessions, username: operators.username, status: operators.status })
    .from(sessions)
    .innerJoin(operators, eq(operators.id, sessions.operatorId))
    .where(eq(sessions.tokenHash, sha256(token)));
  if (!row) throw new AppError(ErrorCode.tokenInvalid);
  const { session } = row;
  const cookie = request.cookies[SESSION_COOKIE];
  if (!cookie || sha256(cookie) !== session.cookieHash) throw new AppError(ErrorCode.sessionBinding);
  if (session.endedAt) {
    throw new AppError(session.endReason === 'timeout' ? ErrorCode.sessionExpired : ErrorCode.sessionEnded);
  }
  if (row.status !== 'enabled') throw new AppError(ErrorCode.sessionEnded);
  const now = ctx.clock.now();
  const idle = now.getTime() - session.lastSeenAt.getTime() > ctx.config.sessionIdleMs;
  if (idle || now >= session.expiresAt) {
    await endSession(ctx, session.id, 'timeout');
    throw new AppError(ErrorCode.sessionExpired);
  }
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await ctx.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id));
  }
  return {
    operatorId: session.operatorId,
    username: row.username,
    sessionId: session.id,
    ...unmaskState(session.unmaskedUntil, now),
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
