/**
 * Wallet disputes waiting for an operator in the header bell: overdue cases, cases at the operator's
 * stage, and proposals waiting for a checker (not the maker's own).
 */
import { disputeOrderPage } from '@payops/contracts';
import { and, count, desc, eq, isNull, ne, or } from 'drizzle-orm';
import { heldPermission } from '../../platform/permissions.ts';
import { NOTIFICATION_ITEMS, type NotificationProvider } from '../dashboard/notifications.ts';
import { walletDisputes as d } from './dispute.schema.ts';

export const walletDisputeQueue: NotificationProvider = {
  kind: 'walletDisputes',
  async collect(ctx, { operatorId, locale }) {
    // Work for those who can take a case (claim it), as the approvals group is for those who approve.
    if (!(await heldPermission(ctx, operatorId, disputeOrderPage.actions.claim!.permission))) return null;
    // A case claimed by or assigned to an operator is that operator's work, no one else's; an
    // unclaimed one is everyone's; a proposal is any checker's but its maker's.
    const mine = or(isNull(d.claimedBy), eq(d.claimedBy, operatorId));
    const waiting = and(
      ne(d.status, 'resolved'),
      or(
        and(mine, or(eq(d.overdue, true), eq(d.status, 'awaiting_operator'))),
        and(eq(d.status, 'pending_approval'), or(isNull(d.proposedBy), ne(d.proposedBy, operatorId))),
      ),
    );
    const [rows, [total]] = await Promise.all([
      ctx.db
        .select({ id: d.id, no: d.disputeNo, status: d.status, overdue: d.overdue, at: d.updatedAt })
        .from(d)
        .where(waiting)
        .orderBy(desc(d.overdue), desc(d.id))
        .limit(NOTIFICATION_ITEMS),
      ctx.db.select({ n: count() }).from(d).where(waiting),
    ]);
    const labels = disputeOrderPage.labels[locale];
    const overdue = labels['field.disputeOrderPage.overdue'];
    return {
      kind: this.kind,
      count: total?.n ?? 0,
      link: disputeOrderPage.pagePath,
      items: rows.map((r) => ({
        id: r.id,
        text: `${r.no} · ${labels[`enum.disputeOrderPage.status.${r.status}`] ?? r.status}${r.overdue ? ` · ${overdue}` : ''}`,
        at: r.at,
      })),
    };
  },
};
