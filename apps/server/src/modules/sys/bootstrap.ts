/**
 * First run: the admin and editor roles, and the built-in administrator (id 1) with a random
 * one-time password printed once and kept in DATA_DIR/initial-admin-password (mode 600).
 * There is no default password anywhere.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { ADMIN_ROLE, EDITOR_ROLE, syncResources } from '../../platform/permissions.ts';
import { operatorRoles, operators, roles } from './schema.ts';

export const ADMIN_USERNAME = 'admin';
export const INITIAL_PASSWORD_FILE = 'initial-admin-password';

/** 16 characters from letters and digits, always with both. */
function randomPassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  for (;;) {
    const bytes = randomBytes(16);
    const pw = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    if (/[A-Za-z]/.test(pw) && /\d/.test(pw)) return pw;
  }
}

export interface BootstrapResult {
  /** Set only on the run that created the administrator. */
  initialAdminPassword?: string;
}

export async function bootstrap(ctx: AppContext): Promise<BootstrapResult> {
  await ctx.db
    .insert(roles)
    .values([
      // Rows, not interface text: written once in the platform's default language (zh-CN); operators
      // rename them like any role.
      { code: ADMIN_ROLE, name: '管理员', remark: '拥有全部权限' },
      { code: EDITOR_ROLE, name: '编辑员', remark: '可查看所有页面，授权后才能修改' },
    ])
    .onConflictDoNothing({ target: roles.code });
  await syncResources(ctx);

  const [existing] = await ctx.db.select({ id: operators.id }).from(operators).where(eq(operators.id, 1));
  if (existing) return {};
  const password = randomPassword();
  const [admin] = await ctx.db
    .insert(operators)
    .values({
      id: 1,
      username: ADMIN_USERNAME,
      displayName: '管理员',
      passwordHash: await hashPassword(password),
    })
    .returning({ id: operators.id });
  // The explicit id 1 does not advance the sequence; move it past the admin.
  await ctx.pool.query(
    `SELECT setval(pg_get_serial_sequence('operators', 'id'), GREATEST(1, (SELECT max(id) FROM operators)))`,
  );
  const [adminRole] = await ctx.db.select().from(roles).where(eq(roles.code, ADMIN_ROLE));
  await ctx.db.insert(operatorRoles).values({ operatorId: admin!.id, roleId: adminRole!.id });
  fs.mkdirSync(ctx.config.dataDir, { recursive: true });
  fs.writeFileSync(path.join(ctx.config.dataDir, INITIAL_PASSWORD_FILE), `${password}\n`, { mode: 0o600 });
  return { initialAdminPassword: password };
}
