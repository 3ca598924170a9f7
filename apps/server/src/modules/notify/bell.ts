/** Failed callbacks in the header bell: they wait for an operator's resend. */
import { mchNotify } from '@payops/contracts';
import { count, desc, eq } from 'drizzle-orm';
import { heldPermission } from '../../platform/permissions.ts';
import { NOTIFICATION_ITEMS, type NotificationProvider } from '../dashboard/notifications.ts';
import { merchantNotifications } from './schema.ts';

export const failedCallbacks: NotificationProvider = {
  kind: 'failedCallbacks',
  async collect(ctx, { operatorId, locale }) {
    if (!(await heldPermission(ctx, operatorId, mchNotify.actions.resend!.permission))) return null;
    const failed = eq(merchantNotifications.status, 'failed');
    const [rows, [total]] = await Promise.all([
      ctx.db
        .select({
          id: merchantNotifications.id,
          mchNo: merchantNotifications.mchNo,
          orderNo: merchantNotifications.orderNo,
          orderStatus: merchantNotifications.orderStatus,
          at: merchantNotifications.updatedAt,
        })
        .from(merchantNotifications)
        .where(failed)
        .orderBy(desc(merchantNotifications.id))
        .limit(NOTIFICATION_ITEMS),
      ctx.db.select({ n: count() }).from(merchantNotifications).where(failed),
    ]);
    const labels = mchNotify.labels[locale];
    return {
      kind: this.kind,
      count: total?.n ?? 0,
      link: `${mchNotify.pagePath}?status=failed`,
      items: rows.map((r) => ({
        id: r.id,
        text: `${r.mchNo} · ${r.orderNo} · ${labels[`enum.mchNotify.orderStatus.${r.orderStatus}`] ?? r.orderStatus}`,
        at: r.at,
      })),
    };
  },
};
