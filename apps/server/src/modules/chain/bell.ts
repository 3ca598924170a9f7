/** USDT deposit exceptions in the header bell: under/over-paid or late payments wait for an operator. */
import { orderDepositListUSDT } from '@payops/contracts';
import { count, desc, eq } from 'drizzle-orm';
import { heldPermission } from '../../platform/permissions.ts';
import { NOTIFICATION_ITEMS, type NotificationProvider } from '../dashboard/notifications.ts';
import { usdtDepositOrders } from './chain.schema.ts';

export const usdtExceptions: NotificationProvider = {
  kind: 'usdtExceptions',
  async collect(ctx, { operatorId, locale }) {
    if (!(await heldPermission(ctx, operatorId, orderDepositListUSDT.actions.ignore!.permission)))
      return null;
    const waiting = eq(usdtDepositOrders.status, 'exception');
    const [rows, [total]] = await Promise.all([
      ctx.db
        .select({
          id: usdtDepositOrders.id,
          orderNo: usdtDepositOrders.orderNo,
          kind: usdtDepositOrders.exceptionKind,
          paid: usdtDepositOrders.paidUsdt,
          at: usdtDepositOrders.updatedAt,
        })
        .from(usdtDepositOrders)
        .where(waiting)
        .orderBy(desc(usdtDepositOrders.id))
        .limit(NOTIFICATION_ITEMS),
      ctx.db.select({ n: count() }).from(usdtDepositOrders).where(waiting),
    ]);
    const labels = orderDepositListUSDT.labels[locale];
    return {
      kind: this.kind,
      count: total?.n ?? 0,
      link: `${orderDepositListUSDT.pagePath}?status=exception`,
      items: rows.map((r) => ({
        id: r.id,
        text: `${r.orderNo} · ${labels[`enum.orderDepositListUSDT.exceptionKind.${r.kind}`] ?? r.kind} · ${Number(r.paid)} USDT`,
        at: r.at,
      })),
    };
  },
};
