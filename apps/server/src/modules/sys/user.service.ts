/** Operators managed by an administrator: create, status, password reset, roles, authenticator. */
import { ErrorCode, type Locale } from '@payops/contracts';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { Row } from '../../platform/crud/index.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { checkPasswordPolicy, hashPassword } from '../../platform/passwords.ts';
import { type EndReason, endOperatorSessions } from '../../platform/sessions.ts';
import { decryptPasswords } from '../../platform/transport.ts';
import { operatorRoles, operators, roles } from './schema.ts';

/** The fields the user page shows (never the password hash or authenticator secrets). */
export const operatorView = {
  id: operators.id,
  username: operators.username,
  displayName: operators.displayName,
  status: operators.status,
  createdAt: operators.createdAt,
};

async function loadOperator(ctx: AppContext, id: number) {
  const [op] = await ctx.db.select(operatorView).from(operators).where(eq(operators.id, id));
  if (!op) throw new AppError(ErrorCode.notFound);
  return op;
}

const text = {
  self: { 'zh-CN': '不能操作自己的账号', 'en-US': 'cannot be your own account' },
  taken: { 'zh-CN': '该用户名已被使用', 'en-US': 'is taken' },
} as const;

/** An administrator never disables, re-roles or resets their own account from this page (no lock-out). */
export function refuseSelf(actorId: number, targetId: number, locale: Locale): void {
  if (actorId === targetId) throw fieldError('id', text.self[locale]);
}

async function newPasswordHash(
  ctx: AppContext,
  encrypted: string,
  username: string,
  locale: Locale,
): Promise<string> {
  const { password } = await decryptPasswords(ctx, { password: encrypted }, locale);
  checkPasswordPolicy(
    password,
    { minLength: ctx.config.passwordMinLength, maxLength: ctx.config.passwordMaxLength },
    username,
  );
  return hashPassword(password);
}

export async function createOperator(
  ctx: AppContext,
  body: { username: string; displayName?: string; password: string },
  locale: Locale,
) {
  const passwordHash = await newPasswordHash(ctx, body.password, body.username, locale);
  const now = ctx.clock.now();
  const [op] = await ctx.db
    .insert(operators)
    .values({
      username: body.username,
      displayName: body.displayName ?? '',
      passwordHash,
      createdAt: now,
      updatedAt: now,
      passwordChangedAt: now,
      mustChangePassword: true,
    })
    .onConflictDoNothing({ target: operators.username })
    .returning(operatorView);
  if (!op)
    throw new AppError(ErrorCode.conflict, { fields: [{ field: 'username', message: text.taken[locale] }] });
  return op;
}

export async function resetPassword(ctx: AppContext, id: number, encrypted: string, locale: Locale) {
  const op = await loadOperator(ctx, id);
  const passwordHash = await newPasswordHash(ctx, encrypted, op.username, locale);
  const now = ctx.clock.now();
  await ctx.db
    .update(operators)
    .set({
      passwordHash,
      passwordChangedAt: now,
      updatedAt: now,
      failedLogins: 0,
      lockedUntil: null,
      mustChangePassword: true,
    })
    .where(eq(operators.id, id));
  return endOperatorSessions(ctx, id, 'password_changed');
}

const unknownRole = { 'zh-CN': '含有不存在的角色', 'en-US': 'names an unknown role' } as const;

/** Every role (by name) and the ones the operator holds: the assign-roles dialog's choices. */
export async function roleChoices(ctx: AppContext, id: number) {
  await loadOperator(ctx, id);
  const [all, held] = await Promise.all([
    ctx.db.select({ id: roles.id, code: roles.code, name: roles.name }).from(roles).orderBy(roles.name),
    ctx.db.select({ id: operatorRoles.roleId }).from(operatorRoles).where(eq(operatorRoles.operatorId, id)),
  ]);
  return { roles: all, held: held.map((r) => r.id).sort((a, b) => a - b) };
}

export async function assignRoles(ctx: AppContext, id: number, roleIds: number[], locale: Locale) {
  await loadOperator(ctx, id);
  const wanted = [...new Set(roleIds)].sort((a, b) => a - b);
  const result = await ctx.db.transaction(async (tx) => {
    if (wanted.length) {
      const known = await tx.select({ id: roles.id }).from(roles).where(inArray(roles.id, wanted));
      if (known.length !== wanted.length) throw fieldError('roleIds', unknownRole[locale]);
    }
    const before = await tx
      .select({ id: operatorRoles.roleId })
      .from(operatorRoles)
      .where(eq(operatorRoles.operatorId, id));
    await tx.delete(operatorRoles).where(eq(operatorRoles.operatorId, id));
    if (wanted.length)
      await tx.insert(operatorRoles).values(wanted.map((roleId) => ({ operatorId: id, roleId })));
    return { before: before.map((r) => r.id).sort((a, b) => a - b), after: wanted };
  });
  return { ...result, ended: await endOperatorSessions(ctx, id, 'roles_changed') };
}

/** Clears a bound (or pending) authenticator so the operator binds a new one. */
export async function resetAuthenticator(ctx: AppContext, id: number) {
  await loadOperator(ctx, id);
  await ctx.db
    .update(operators)
    .set({
      totpSecretEnc: null,
      totpPendingEnc: null,
      totpLastStep: null,
      totpFailures: 0,
      totpLockedUntil: null,
      updatedAt: ctx.clock.now(),
    })
    .where(eq(operators.id, id));
}

export async function endSessions(ctx: AppContext, id: number, reason: EndReason = 'ended_by_admin') {
  await loadOperator(ctx, id);
  return endOperatorSessions(ctx, id, reason);
}

/** The user page's virtual fields: role names and whether an authenticator is bound. */
export async function enrichOperators(ctx: AppContext, rows: Row[]): Promise<Row[]> {
  const ids = rows.map((r) => Number(r.id));
  const roleRows = await ctx.db
    .select({ operatorId: operatorRoles.operatorId, name: roles.name })
    .from(operatorRoles)
    .innerJoin(roles, eq(roles.id, operatorRoles.roleId))
    .where(inArray(operatorRoles.operatorId, ids))
    .orderBy(roles.id);
  const bound = await ctx.db
    .select({ id: operators.id })
    .from(operators)
    .where(and(inArray(operators.id, ids), isNotNull(operators.totpSecretEnc)));
  const boundIds = new Set(bound.map((b) => b.id));
  return rows.map((r) => ({
    ...r,
    roleNames: roleRows
      .filter((x) => x.operatorId === r.id)
      .map((x) => x.name)
      .join(', '),
    googleBound: boundIds.has(Number(r.id)),
  }));
}
