/**
 * Sign-in: password (transport-encrypted), lockout after 10 failures for 30 minutes, authenticator
 * code for operators who bound one. Unknown and known usernames get the same answer and cost.
 */
import { ErrorCode } from '@payops/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { appendLoginLog } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { clientIp } from '../../platform/guard.ts';
import { dummyPasswordHash, verifyPassword } from '../../platform/passwords.ts';
import { createSession } from '../../platform/sessions.ts';
import { consumeCode } from '../../platform/totp.ts';
import { decryptPasswords } from '../../platform/transport.ts';
import { operators } from './schema.ts';

export const MAX_FAILED_LOGINS = 10;
export const LOCK_MS = 30 * 60_000;

export interface SignInBody {
  username: string;
  password: string;
  googleCode?: string;
}

type Reason = 'ok' | 'unknown_user' | 'bad_password' | 'locked' | 'disabled' | 'need_code' | 'code_locked';

export async function signIn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  body: SignInBody,
): Promise<string> {
  const { password } = await decryptPasswords(ctx, { password: body.password });
  const now = ctx.clock.now();
  const ip = clientIp(request);
  const userAgent = String(request.headers['user-agent'] ?? '').slice(0, 300);
  const [op] = await ctx.db.select().from(operators).where(eq(operators.username, body.username));
  const bound = Boolean(op?.totpSecretEnc);

  const log = (result: 'success' | 'failure', reason: Reason) =>
    appendLoginLog(ctx.db, {
      at: now,
      username: body.username.slice(0, 64),
      operatorId: op?.id ?? null,
      ip,
      userAgent,
      result,
      reason,
      factor: bound && body.googleCode ? 'password+totp' : 'password',
    });
  const refuse = async (reason: Reason, code: number = ErrorCode.badCredentials): Promise<never> => {
    await log('failure', reason);
    throw new AppError(code as typeof ErrorCode.badCredentials);
  };

  const passwordOk = await verifyPassword(op?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!op) return refuse('unknown_user');
  if (op.lockedUntil && op.lockedUntil > now) return refuse('locked');
  if (!passwordOk) {
    const [row] = await ctx.db
      .update(operators)
      .set({ failedLogins: sql`${operators.failedLogins} + 1` })
      .where(eq(operators.id, op.id))
      .returning({ failed: operators.failedLogins });
    if ((row?.failed ?? 0) >= MAX_FAILED_LOGINS) {
      await ctx.db
        .update(operators)
        .set({ failedLogins: 0, lockedUntil: new Date(now.getTime() + LOCK_MS) })
        .where(eq(operators.id, op.id));
    }
    return refuse('bad_password');
  }
  if (op.status !== 'enabled') return refuse('disabled');
  if (bound) {
    try {
      await consumeCode(ctx, op.id, body.googleCode);
    } catch (e) {
      if (e instanceof AppError)
        return refuse(e.code === ErrorCode.codeLocked ? 'code_locked' : 'need_code', e.code);
      throw e;
    }
  }
  await ctx.db.update(operators).set({ failedLogins: 0, lockedUntil: null }).where(eq(operators.id, op.id));
  const token = await createSession(ctx, reply, op.id, ip, userAgent);
  await log('success', 'ok');
  return token;
}
