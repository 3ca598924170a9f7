/** Roles and what they grant: the permission tree, saving a role's resources, removing a role. */
import { allPages, ErrorCode, type Locale } from '@payops/contracts';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { Row, Tx } from '../../platform/crud/index.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { ADMIN_ROLE, EDITOR_ROLE } from '../../platform/permissions.ts';
import { operatorRoles, resources, roleResources, roles, sessions } from './schema.ts';

const BUILT_IN = new Set([ADMIN_ROLE, EDITOR_ROLE]);

export interface TreeAction {
  resourceId: number;
  permission: string;
  needsCode: boolean;
}

export interface TreePage {
  page: string;
  titleKey: string;
  resourceId: number | null;
  permission: string | null;
  actions: TreeAction[];
}

/** Every resource grouped under its page, in menu order; pages with no resource row come last. */
export async function permissionTree(ctx: AppContext): Promise<TreePage[]> {
  const rows = await ctx.db.select().from(resources).orderBy(asc(resources.id));
  const byPage = new Map<string, TreePage>();
  for (const p of allPages)
    byPage.set(p.path, {
      page: p.path,
      titleKey: p.titleKey,
      resourceId: null,
      permission: null,
      actions: [],
    });
  for (const r of rows) {
    let node = byPage.get(r.page);
    if (!node) {
      node = { page: r.page, titleKey: '', resourceId: null, permission: null, actions: [] };
      byPage.set(r.page, node);
    }
    if (r.kind === 'page') Object.assign(node, { resourceId: r.id, permission: r.permission });
    else node.actions.push({ resourceId: r.id, permission: r.permission, needsCode: r.needsCode });
  }
  return [...byPage.values()].filter((n) => n.resourceId !== null || n.actions.length);
}

async function loadRole(ctx: AppContext | { db: Tx }, roleId: number) {
  const [role] = await ctx.db.select().from(roles).where(eq(roles.id, roleId));
  if (!role) throw new AppError(ErrorCode.notFound);
  return role;
}

export async function grantedResourceIds(ctx: AppContext, roleId: number): Promise<number[]> {
  await loadRole(ctx, roleId);
  const rows = await ctx.db
    .select({ id: roleResources.resourceId })
    .from(roleResources)
    .where(eq(roleResources.roleId, roleId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Ends the open sessions of every operator holding the role: their permissions changed (ASVS 7.4). */
async function endRoleSessions(tx: Tx, roleId: number, now: Date): Promise<number[]> {
  const holders = await tx
    .select({ id: operatorRoles.operatorId })
    .from(operatorRoles)
    .where(eq(operatorRoles.roleId, roleId));
  const ids = holders.map((h) => h.id);
  if (ids.length) {
    await tx
      .update(sessions)
      .set({ endedAt: now, endReason: 'roles_changed' })
      .where(and(inArray(sessions.operatorId, ids), isNull(sessions.endedAt)));
  }
  return ids;
}

/** Replaces a role's resources. The administrator role keeps everything, so it cannot be edited. */
const text = {
  admin: {
    'zh-CN': '超级管理员角色始终拥有全部权限',
    'en-US': 'the administrator role always holds every permission',
  },
  unknown: { 'zh-CN': '含有不存在的权限', 'en-US': 'names an unknown resource' },
  builtIn: {
    'zh-CN': (code: string) => `内置角色 ${code} 不能删除`,
    'en-US': (code: string) => `the built-in role ${code} cannot be removed`,
  },
} as const;

export async function saveRoleResources(
  ctx: AppContext,
  roleId: number,
  resourceIds: number[],
  locale: Locale,
) {
  return ctx.db.transaction(async (tx) => {
    const role = await loadRole({ db: tx }, roleId);
    if (role.code === ADMIN_ROLE) throw fieldError('roleId', text.admin[locale]);
    const wanted = [...new Set(resourceIds)];
    if (wanted.length) {
      const known = await tx
        .select({ id: resources.id })
        .from(resources)
        .where(inArray(resources.id, wanted));
      if (known.length !== wanted.length) throw fieldError('resourceIds', text.unknown[locale]);
    }
    const beforeRows = await tx
      .select({ id: roleResources.resourceId })
      .from(roleResources)
      .where(eq(roleResources.roleId, roleId));
    await tx.delete(roleResources).where(eq(roleResources.roleId, roleId));
    if (wanted.length)
      await tx.insert(roleResources).values(wanted.map((resourceId) => ({ roleId, resourceId })));
    const operators = await endRoleSessions(tx, roleId, ctx.clock.now());
    return {
      before: beforeRows.map((r) => r.id).sort((a, b) => a - b),
      after: wanted.sort((a, b) => a - b),
      operators,
    };
  });
}

/** Built-in roles stay; removing another role drops its grants and ends its holders' sessions. */
export async function beforeRoleRemove(ctx: AppContext, rows: Row[], tx: Tx, locale: Locale): Promise<void> {
  const builtIn = rows.find((r) => BUILT_IN.has(String(r.code)));
  if (builtIn) throw fieldError('ids', text.builtIn[locale](String(builtIn.code)));
  for (const row of rows) {
    const roleId = Number(row.id);
    await endRoleSessions(tx, roleId, ctx.clock.now());
    await tx.delete(roleResources).where(eq(roleResources.roleId, roleId));
    await tx.delete(operatorRoles).where(eq(operatorRoles.roleId, roleId));
  }
}
