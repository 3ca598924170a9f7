/**
 * Providers whose balance was below its alert line when last asked, in the header bell of those who
 * may ask again (the finance operators who top the accounts up; an editor only reads the page).
 */
import { thirdInterface } from '@payops/contracts';
import { count, desc, eq } from 'drizzle-orm';
import { heldPermission } from '../../platform/permissions.ts';
import { NOTIFICATION_ITEMS, type NotificationProvider } from '../dashboard/notifications.ts';
import { thirdParties } from '../mch/passage.schema.ts';
import { readableAmount } from './balances.ts';
import { thirdInterfaces } from './schema.ts';

export const lowBalances: NotificationProvider = {
  kind: 'lowBalances',
  async collect(ctx, { operatorId }) {
    if (!(await heldPermission(ctx, operatorId, thirdInterface.actions.queryBalance!.permission)))
      return null;
    const low = eq(thirdInterfaces.balanceState, 'low');
    const [rows, [total]] = await Promise.all([
      ctx.db
        .select({
          id: thirdInterfaces.id,
          party: thirdParties.name,
          balance: thirdInterfaces.balance,
          alert: thirdInterfaces.balanceAlert,
          at: thirdInterfaces.balanceCheckedAt,
        })
        .from(thirdInterfaces)
        .innerJoin(thirdParties, eq(thirdParties.id, thirdInterfaces.thirdPartyId))
        .where(low)
        .orderBy(desc(thirdInterfaces.balanceCheckedAt))
        .limit(NOTIFICATION_ITEMS),
      ctx.db.select({ n: count() }).from(thirdInterfaces).where(low),
    ]);
    return {
      kind: this.kind,
      count: total?.n ?? 0,
      link: `${thirdInterface.pagePath}?balanceState=low`,
      items: rows.map((r) => ({
        id: r.id,
        text: `${r.party} · ${readableAmount(r.balance ?? '0')} < ${readableAmount(r.alert ?? '0')}`,
        at: r.at,
      })),
    };
  },
};
