/**
 * Authenticator codes (RFC 6238): 30 s steps, 6 digits, the current step and one step back. A code
 * works once (the last accepted step is stored and advanced in one guarded UPDATE), and 5 wrong codes
 * lock code entry for 15 minutes. Secrets are 160 random bits, sealed at rest.
 */
import { ErrorCode } from '@payops/contracts';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { operators } from '../modules/sys/schema.ts';
import type { AppContext } from './context.ts';
import { AppError } from './errors.ts';
import { open, seal } from './secret-box.ts';

export const TOTP_MAX_FAILURES = 5;
export const TOTP_LOCK_MS = 15 * 60_000;
const ISSUER = 'PayOps';

export function newSecret(): string {
  return generateSecret({ length: 20 });
}

export async function qrPng(username: string, secret: string): Promise<Buffer> {
  return QRCode.toBuffer(generateURI({ issuer: ISSUER, label: username, secret }), {
    type: 'png',
    width: 240,
  });
}

/** The 30 s step a code matches, or null. Only the current and the previous step are accepted. */
async function matchStep(secret: string, code: string, epochSeconds: number): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({ secret, token: code, epoch: epochSeconds, epochTolerance: [30, 0] });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

async function recordFailure(ctx: AppContext, operatorId: number): Promise<never> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(operators)
    .set({ totpFailures: sql`${operators.totpFailures} + 1` })
    .where(eq(operators.id, operatorId))
    .returning({ failures: operators.totpFailures });
  if ((row?.failures ?? 0) >= TOTP_MAX_FAILURES) {
    await ctx.db
      .update(operators)
      .set({ totpFailures: 0, totpLockedUntil: new Date(now.getTime() + TOTP_LOCK_MS) })
      .where(eq(operators.id, operatorId));
    throw new AppError(ErrorCode.codeLocked);
  }
  throw new AppError(ErrorCode.needCode);
}

/**
 * Checks a code against the operator's bound secret (or, when binding, the pending one) and consumes
 * its step. Throws needCode (17017) or codeLocked (17018).
 */
export async function consumeCode(
  ctx: AppContext,
  operatorId: number,
  code: string | undefined,
  which: 'bound' | 'pending' = 'bound',
): Promise<void> {
  const [op] = await ctx.db.select().from(operators).where(eq(operators.id, operatorId));
  if (!op) throw new AppError(ErrorCode.needCode);
  const now = ctx.clock.now();
  if (op.totpLockedUntil && op.totpLockedUntil > now) throw new AppError(ErrorCode.codeLocked);
  const sealed = which === 'bound' ? op.totpSecretEnc : op.totpPendingEnc;
  if (!sealed || !code) throw new AppError(ErrorCode.needCode);
  const step = await matchStep(open(ctx.keys.secretKey, sealed), code, Math.floor(now.getTime() / 1000));
  if (step === null) return recordFailure(ctx, operatorId);
  // One atomic UPDATE: of two requests carrying the same code, exactly one advances the step.
  const set =
    which === 'bound'
      ? { totpLastStep: step, totpFailures: 0 }
      : { totpLastStep: step, totpFailures: 0, totpSecretEnc: sealed, totpPendingEnc: null };
  const won = await ctx.db
    .update(operators)
    .set(set)
    .where(
      and(eq(operators.id, operatorId), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))),
    )
    .returning({ id: operators.id });
  if (won.length === 0) return recordFailure(ctx, operatorId);
}

export function sealSecret(ctx: AppContext, secret: string): string {
  return seal(ctx.keys.secretKey, secret);
}
