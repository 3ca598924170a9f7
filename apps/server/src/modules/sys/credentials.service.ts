/** Changing one's password, binding an authenticator: the operator's credentials. */
import { ErrorCode, type Locale } from '@payops/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { checkPasswordPolicy, hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { endOperatorSessions } from '../../platform/sessions.ts';
import { newSecret, qrPng, sealSecret } from '../../platform/totp.ts';
import { decryptPasswords } from '../../platform/transport.ts';
import { operators, resources } from './schema.ts';

async function loadOperator(ctx: AppContext, operatorId: number) {
  const [op] = await ctx.db.select().from(operators).where(eq(operators.id, operatorId));
  if (!op) throw new AppError(ErrorCode.notFound);
  return op;
}

/** Whether an action of the operator's own needs a code: the resources table says so and they have bound one. */
export async function codeAsked(ctx: AppContext, operatorId: number, permission: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ needsCode: resources.needsCode, bound: operators.totpSecretEnc })
    .from(operators)
    .leftJoin(resources, eq(resources.permission, permission))
    .where(eq(operators.id, operatorId));
  return !!row?.needsCode && !!row.bound;
}

export async function changeOwnPassword(
  ctx: AppContext,
  operatorId: number,
  encrypted: { originalPassWord: string; passWord: string },
  locale: Locale,
): Promise<void> {
  const { originalPassWord, passWord } = await decryptPasswords(ctx, encrypted, locale);
  const op = await loadOperator(ctx, operatorId);
  if (!(await verifyPassword(op.passwordHash, originalPassWord))) throw new AppError(ErrorCode.wrongPassword);
  checkPasswordPolicy(
    passWord,
    { minLength: ctx.config.passwordMinLength, maxLength: ctx.config.passwordMaxLength },
    op.username,
  );
  if (passWord === originalPassWord)
    throw new AppError(ErrorCode.passwordPolicy, { reasons: ['same_as_old'] });
  const now = ctx.clock.now();
  await ctx.db
    .update(operators)
    .set({
      passwordHash: await hashPassword(passWord),
      passwordChangedAt: now,
      updatedAt: now,
      mustChangePassword: false,
    })
    .where(eq(operators.id, operatorId));
  await endOperatorSessions(ctx, operatorId, 'password_changed');
}

/**
 * A new pending secret for an operator who has no bound authenticator, as a QR image. The secret
 * becomes bound with its first valid code; a bound one is never shown again (it must be reset).
 */
export async function pendingSecretQr(ctx: AppContext, operatorId: number): Promise<Buffer> {
  const op = await loadOperator(ctx, operatorId);
  if (op.totpSecretEnc) throw new AppError(ErrorCode.conflict);
  const secret = newSecret();
  await ctx.db
    .update(operators)
    .set({ totpPendingEnc: sealSecret(ctx, secret), updatedAt: ctx.clock.now() })
    .where(eq(operators.id, operatorId));
  return qrPng(op.username, secret);
}
