/**
 * Matches waiting for an operator in the header bell: disputes to resolve, and manual matches,
 * force-confirms and unmatches waiting for their checker (not the maker's own: they cannot approve).
 */
import { findTransferMatchByPage } from '@payops/contracts';
import { and, count, desc, inArray, isNull, ne, or } from 'drizzle-orm';
import { heldPermission } from '../../platform/permissions.ts';
import { NOTIFICATION_ITEMS, type NotificationProvider } from '../dashboard/notifications.ts';
import { matches } from './match.schema.ts';

const WAITING = ['disputed', 'proposed', 'manual_success_pending', 'manual_fail_pending'] as const;

export const matchQueue: NotificationProvider = {
  kind: 'matchQueue',
  async collect(ctx, { operatorId, locale }) {
    const resolve = findTransferMatchByPage.actions.resolveConfirm!.permission;
    if (!(await heldPermission(ctx, operatorId, resolve))) return null;
    const waiting = and(
      inArray(matches.status, [...WAITING]),
      or(isNull(matches.manualBy), ne(matches.manualBy, operatorId)),
    );
    const [rows, [total]] = await Promise.all([
      ctx.db
        .select({ id: matches.id, matchNo: matches.matchNo, status: matches.status, at: matches.updatedAt })
        .from(matches)
        .where(waiting)
        .orderBy(desc(matches.id))
        .limit(NOTIFICATION_ITEMS),
      ctx.db.select({ n: count() }).from(matches).where(waiting),
    ]);
    const labels = findTransferMatchByPage.labels[locale];
    return {
      kind: this.kind,
      count: total?.n ?? 0,
      link: findTransferMatchByPage.pagePath,
      items: rows.map((r) => ({
        id: r.id,
        text: `${r.matchNo} · ${labels[`enum.findTransferMatchByPage.status.${r.status}`] ?? r.status}`,
        at: r.at,
      })),
    };
  },
};
