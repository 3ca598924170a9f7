/**
 * Which mailboxes' email orders an operator sees (the email-order list, its export and detail, the
 * header's failed-match count): the mailboxes assigned to them (emailAssignList), unless they hold the
 * administrator role, which sees every mailbox and the uploads tied to none. Enforced on the server
 * (registerCrud's `restrict`), whatever the page asks.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { ADMIN_ROLE } from '../../platform/permissions.ts';
import { operatorRoles, roles } from '../sys/schema.ts';
import { emailAssignments } from './email.schema.ts';

/** null: every mailbox; otherwise the ids of the operator's assigned mailboxes (maybe none). */
export async function visibleMailboxes(
  ctx: AppContext,
  operatorId: number | undefined,
): Promise<number[] | null> {
  if (operatorId === undefined) return [];
  const [admin] = await ctx.db
    .select({ one: sql`1` })
    .from(operatorRoles)
    .innerJoin(roles, eq(roles.id, operatorRoles.roleId))
    .where(and(eq(operatorRoles.operatorId, operatorId), eq(roles.code, ADMIN_ROLE)))
    .limit(1);
  if (admin) return null;
  const rows = await ctx.db
    .selectDistinct({ id: emailAssignments.mailboxId })
    .from(emailAssignments)
    .where(eq(emailAssignments.operatorId, operatorId));
  return rows.map((r) => r.id);
}
