/**
 * USDT deposit exceptions in the header bell: under/over-paid or late payments wait for an operator,
 * and a requested credit of the actual amount waits for a second one (never its maker).
 */
import { orderDepositListUSDT } from '@payops/contracts';
import { and, count, desc, eq, ne, or } from 'drizzle-orm';
import { heldPermission } from '../../platform/permissions.ts';
import { NOTIFICATION_ITEMS, type NotificationProvider } from '../dashboard/notifications.ts';
import { usdtDepositOrders } from './chain.schema.ts';

export const usdtExceptions: NotificationProvider = {
  kind: 'usdtExceptions',
  async collect(ctx, { operatorId, locale }) {
    if (!(await heldPermission(ctx, operatorId, orderDepositListUSDT.actions.ignore!.permission)))
      return null;
    const waiting = or(
      eq(usdtDepositOrders.status, 'exception'),
      and(eq(usdtDepositOrders.status, 'credit_pending'), ne(usdtDepositOrders.manualBy, operatorId)),
    );
    const [rows, [total]] = await Promise.all([
      ctx.db
        .select({
          id: usdtDepositOrders.id,
          orderNo: usdtDepositOrders.orderNo,
          kind: usdtDepositOrders.exceptionKind,
          status: usdtDepositOrders.status,
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
      link: `${orderDepositListUSDT.pagePath}?status=exception,credit_pending`,
      items: rows.map((r) => ({
        id: r.id,
        text: `${r.orderNo} · ${labels[`enum.orderDepositListUSDT.exceptionKind.${r.kind}`] ?? r.kind} · ${r.paid.replace(/\.?0+$/, '')} USDT${
          r.status === 'credit_pending'
            ? ` · ${labels['enum.orderDepositListUSDT.status.credit_pending'] ?? r.status}`
            : ''
        }`,
        at: r.at,
      })),
    };
  },
};
