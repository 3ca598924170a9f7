/**
 * Sign-in: password (transport-encrypted), throttled per address and account (sign-in-throttle.ts),
 * authenticator code for operators who bound one. Unknown and known usernames get the same answer
 * and cost. The answer tells the operator how many failed attempts their account saw since their
 * last sign-in, and whether they must bind an authenticator before anything else.
 */
import { ErrorCode, type LoginReason } from '@payops/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { appendLoginLog } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, localeOf } from '../../platform/errors.ts';
import { clientIp } from '../../platform/guard.ts';
import { dummyPasswordHash, verifyPassword } from '../../platform/passwords.ts';
import { bindingRequired } from '../../platform/require-binding.ts';
import { createSession } from '../../platform/sessions.ts';
import { consumeCode } from '../../platform/totp.ts';
import { decryptPasswords } from '../../platform/transport.ts';
import { operators } from './schema.ts';
import { clearPair, recordFailure, throttled } from './sign-in-throttle.ts';

export interface SignedIn {
  token: string;
  /** Failed sign-in attempts on this account since its last successful sign-in. */
  failedAttempts: number;
  /** Binding an authenticator is required before any other call (answers bindRequired until then). */
  mustBind: boolean;
}

export interface SignInBody {
  username: string;
  password: string;
  googleCode?: string;
}

export async function signIn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  body: SignInBody,
): Promise<SignedIn> {
  const now = ctx.clock.now();
  const ip = clientIp(request);
  const userAgent = String(request.headers['user-agent'] ?? '').slice(0, 300);
  const [op] = await ctx.db.select().from(operators).where(eq(operators.username, body.username));
  const bound = Boolean(op?.totpSecretEnc);

  const log = (result: 'success' | 'failure', reason: LoginReason) =>
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
  const refuse = async (reason: LoginReason, code: number = ErrorCode.badCredentials): Promise<never> => {
    await log('failure', reason);
    throw new AppError(code as typeof ErrorCode.badCredentials);
  };

  // A replayed or garbled ciphertext is an attempt too (a captured sign-in sent again): logged.
  let password: string;
  try {
    ({ password } = await decryptPasswords(ctx, { password: body.password }, localeOf(request)));
  } catch (e) {
    if (e instanceof AppError) await log('failure', 'bad_ciphertext');
    throw e;
  }
  // A throttled try is refused before the password is looked at, so it teaches the guesser nothing.
  if (await throttled(ctx, body.username, ip, op?.lockedUntil)) return refuse('locked');
  const passwordOk = await verifyPassword(op?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!op || !passwordOk) {
    await recordFailure(ctx, body.username, ip, op?.id);
    return refuse(op ? 'bad_password' : 'unknown_user');
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
  await clearPair(ctx, body.username, ip);
  const token = await createSession(ctx, reply, op.id, ip, userAgent);
  await log('success', 'ok');
  return { token, failedAttempts: op.failedLogins, mustBind: !bound && (await bindingRequired(ctx)) };
}
