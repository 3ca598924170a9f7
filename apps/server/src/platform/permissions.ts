/**
 * Roles -> resources. The catalogue in @payops/contracts is synchronised into the resources table at
 * start; whether an action needs a code is read from that table (an administrator may change it).
 */
import { formatResource, permissionCatalogue } from '@payops/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { operatorRoles, resources, roleResources, roles } from '../modules/sys/schema.ts';
import type { AppContext } from './context.ts';
import type { Held } from './sessions.ts';

export const ADMIN_ROLE = 'admin';
export const EDITOR_ROLE = 'editor';

/**
 * Inserts permissions new to the catalogue. New ones go to the admin role, and new pages to the
 * editor role (editors read everything and change nothing until granted more); grants that
 * administrators changed on existing resources are left alone.
 */
export async function syncResources(ctx: AppContext): Promise<void> {
  const catalogue = permissionCatalogue();
  const added = await ctx.db
    .insert(resources)
    .values(catalogue.map((p) => ({ permission: p.id, kind: p.kind, page: p.page, needsCode: p.needsCode })))
    .onConflictDoNothing({ target: resources.permission })
    .returning({ id: resources.id, kind: resources.kind });
  if (added.length === 0) return;
  const roleRows = await ctx.db
    .select()
    .from(roles)
    .where(inArray(roles.code, [ADMIN_ROLE, EDITOR_ROLE]));
  const grants: { roleId: number; resourceId: number }[] = [];
  for (const role of roleRows) {
    for (const r of added) {
      if (role.code === ADMIN_ROLE || r.kind === 'page') grants.push({ roleId: role.id, resourceId: r.id });
    }
  }
  if (grants.length) await ctx.db.insert(roleResources).values(grants).onConflictDoNothing();
}

/**
 * Whether the operator holds a permission besides the one of the route (the guard reads the route's
 * own with the session, sessions.ts): e.g. a record's history also needs the operation log's.
 */
export async function heldPermission(
  ctx: AppContext,
  operatorId: number,
  permission: string,
): Promise<Held | null> {
  const [row] = await ctx.db
    .select({ resourceId: resources.id, needsCode: resources.needsCode })
    .from(resources)
    .innerJoin(roleResources, eq(roleResources.resourceId, resources.id))
    .innerJoin(operatorRoles, eq(operatorRoles.roleId, roleResources.roleId))
    .where(and(eq(operatorRoles.operatorId, operatorId), eq(resources.permission, permission)))
    .limit(1);
  return row ?? null;
}

/** Every permission the operator holds, with its needs-a-code flag. */
export async function operatorResources(ctx: AppContext, operatorId: number) {
  return ctx.db
    .selectDistinct({ id: resources.id, permission: resources.permission, needsCode: resources.needsCode })
    .from(resources)
    .innerJoin(roleResources, eq(roleResources.resourceId, resources.id))
    .innerJoin(operatorRoles, eq(operatorRoles.roleId, roleResources.roleId))
    .where(eq(operatorRoles.operatorId, operatorId))
    .orderBy(resources.id);
}

export async function resourceStrings(ctx: AppContext, operatorId: number): Promise<string[]> {
  const rows = await operatorResources(ctx, operatorId);
  return rows.map((r) => formatResource(r.id, r.permission, r.needsCode));
}

export async function operatorRoleCodes(ctx: AppContext, operatorId: number): Promise<string[]> {
  const rows = await ctx.db
    .select({ code: roles.code })
    .from(roles)
    .innerJoin(operatorRoles, eq(operatorRoles.roleId, roles.id))
    .where(eq(operatorRoles.operatorId, operatorId))
    .orderBy(sql`${roles.id}`);
  return rows.map((r) => r.code);
}
