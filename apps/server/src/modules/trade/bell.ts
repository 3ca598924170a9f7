/**
 * The market's work in the header bell: orders waiting for a confirmation (the receipt audit) or a
 * ruling (disputed), and traders' applications waiting for a decision.
 */
import {
  buyorderApplyPage,
  type ResourceDef,
  sellorderApplyPage,
  type TradeSide,
  tradeOrderList,
} from '@payops/contracts';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../platform/context.ts';
import { heldPermission } from '../../platform/permissions.ts';
import { NOTIFICATION_ITEMS, type NotificationProvider } from '../dashboard/notifications.ts';
import { tradeApplications, tradeOrders } from './trade.schema.ts';

interface Queue {
  kind: string;
  def: ResourceDef;
  /** The permission that decides the queue's records. */
  permission: string;
  table: PgTable;
  columns: { id: PgColumn; no: PgColumn; status: PgColumn; at: PgColumn };
  waiting: SQL;
  link: string;
}

function provider(q: Queue): NotificationProvider {
  return {
    kind: q.kind,
    async collect(ctx: AppContext, { operatorId, locale }) {
      if (!(await heldPermission(ctx, operatorId, q.permission))) return null;
      const { id, no, status, at } = q.columns;
      const [rows, [total]] = await Promise.all([
        ctx.db
          .select({ id, no, status, at })
          .from(q.table)
          .where(q.waiting)
          .orderBy(desc(id))
          .limit(NOTIFICATION_ITEMS),
        ctx.db.select({ n: count() }).from(q.table).where(q.waiting),
      ]);
      const labels = q.def.labels[locale];
      return {
        kind: q.kind,
        count: total?.n ?? 0,
        link: q.link,
        items: rows.map((r) => ({
          id: Number(r.id),
          text: `${r.no} · ${labels[`enum.${q.def.name}.status.${r.status}`] ?? r.status}`,
          at: r.at as Date,
        })),
      };
    },
  };
}

export const tradeQueue = provider({
  kind: 'tradeQueue',
  def: tradeOrderList,
  permission: tradeOrderList.actions.auditConfirm!.permission,
  table: tradeOrders,
  columns: {
    id: tradeOrders.id,
    no: tradeOrders.orderNo,
    status: tradeOrders.status,
    at: tradeOrders.updatedAt,
  },
  waiting: inArray(tradeOrders.status, ['paid', 'disputed']),
  link: `${tradeOrderList.pagePath}?status=paid,disputed`,
});

/** Applications of each side wait on their own page (one list per side): a queue per side. */
const applicationQueue = (kind: string, def: ResourceDef, side: TradeSide) =>
  provider({
    kind,
    def,
    permission: def.actions.approve!.permission,
    table: tradeApplications,
    columns: {
      id: tradeApplications.id,
      no: tradeApplications.applyNo,
      status: tradeApplications.status,
      at: tradeApplications.createdAt,
    },
    waiting: and(eq(tradeApplications.status, 'pending'), eq(tradeApplications.side, side))!,
    link: `${def.pagePath}?status=pending`,
  });

export const tradeBuyApplicationQueue = applicationQueue('tradeBuyApplications', buyorderApplyPage, 'buy');
export const tradeSellApplicationQueue = applicationQueue(
  'tradeSellApplications',
  sellorderApplyPage,
  'sell',
);
