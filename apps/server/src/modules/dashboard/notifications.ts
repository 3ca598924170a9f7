/**
 * The header bell's notification centre: a list of providers, each answering what waits for this
 * operator (a count, the newest few, where to go). Balance adjustments to approve and unread messages
 * today, and failed callbacks to merchants (notify/bell.ts); overdue disputes join when their module exists.
 * Texts are in the operator's language: the items are read, not processed.
 */
import { type Locale, mchAdjust, message } from '@payops/contracts';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { localeOf, ok } from '../../platform/errors.ts';
import { heldPermission } from '../../platform/permissions.ts';
import { envelope } from '../../platform/route-schemas.ts';
import { usdtExceptions } from '../chain/bell.ts';
import { matchQueue } from '../match/bell.ts';
import { merchantAdjustments } from '../mch/schema.ts';
import { failedCallbacks } from '../notify/bell.ts';
import { lowBalances } from '../payManage/bell.ts';
import { unreadCount, unreadMessages } from '../sys/message.service.ts';
import { tradeBuyApplicationQueue, tradeQueue, tradeSellApplicationQueue } from '../trade/bell.ts';
import { walletDisputeQueue } from '../wallet/dispute-bell.ts';

/** How many of the newest items each group lists (the popover is a glance, the page is the queue). */
export const NOTIFICATION_ITEMS = 5;

const item = z.object({ id: z.number(), text: z.string(), at: z.date().nullable() });
const group = z.object({
  /** Which provider: the web names the group by it. */
  kind: z.string(),
  count: z.number(),
  /** The page that holds the whole queue. */
  link: z.string(),
  items: z.array(item),
});
type Group = z.infer<typeof group>;

interface Asker {
  operatorId: number;
  locale: Locale;
}

export interface NotificationProvider {
  kind: string;
  /** Null when this operator has nothing to do with the kind (e.g. lacks the permission). */
  collect(ctx: AppContext, asker: Asker): Promise<Group | null>;
}

/** `120.50000000` -> `120.5`: a glance, not a statement (the queue page shows the currency's scale). */
function plainAmount(amount: string): string {
  return amount.includes('.') ? amount.replace(/\.?0+$/, '') : amount;
}

const approvals: NotificationProvider = {
  kind: 'approvals',
  async collect(ctx, { operatorId, locale }) {
    const approve = mchAdjust.actions.approve!;
    if (!(await heldPermission(ctx, operatorId, approve.permission))) return null;
    // A maker never approves their own request: those are not waiting for them.
    const waiting = and(
      eq(merchantAdjustments.status, 'pending'),
      ne(merchantAdjustments.makerId, operatorId),
    );
    const [rows, [total]] = await Promise.all([
      ctx.db
        .select({
          id: merchantAdjustments.id,
          mchNo: merchantAdjustments.mchNo,
          type: merchantAdjustments.type,
          amount: merchantAdjustments.amount,
          makerName: merchantAdjustments.makerName,
          at: merchantAdjustments.createdAt,
        })
        .from(merchantAdjustments)
        .where(waiting)
        .orderBy(desc(merchantAdjustments.id))
        .limit(NOTIFICATION_ITEMS),
      ctx.db.select({ n: count() }).from(merchantAdjustments).where(waiting),
    ]);
    const labels = mchAdjust.labels[locale];
    return {
      kind: this.kind,
      count: total?.n ?? 0,
      // The approvals tab of the merchants page (mch-list-page.tsx).
      link: `${mchAdjust.pagePath}?tab=approvals`,
      items: rows.map((r) => ({
        id: r.id,
        text: `${r.mchNo} · ${labels[`enum.mchAdjust.type.${r.type}`] ?? r.type} ${plainAmount(r.amount)} · ${r.makerName}`,
        at: r.at,
      })),
    };
  },
};

const messages: NotificationProvider = {
  kind: 'messages',
  async collect(ctx, { operatorId }) {
    const [n, rows] = await Promise.all([
      unreadCount(ctx, operatorId),
      unreadMessages(ctx, operatorId, NOTIFICATION_ITEMS),
    ]);
    return {
      kind: this.kind,
      count: n,
      link: message.pagePath,
      items: rows.map((r) => ({ id: r.id, text: r.title, at: r.at })),
    };
  },
};

export const notificationProviders: NotificationProvider[] = [
  approvals,
  messages,
  failedCallbacks,
  usdtExceptions,
  matchQueue,
  tradeQueue,
  tradeBuyApplicationQueue,
  tradeSellApplicationQueue,
  walletDisputeQueue,
  lowBalances,
];

export async function notificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = fastify;
  app.get(
    '/api/dashboard/notifications',
    {
      config: { access: 'session' },
      schema: {
        tags: ['dashboard'],
        summary: "What waits for me: each provider's count and newest items (the header bell)",
        response: { 200: envelope(z.object({ total: z.number(), groups: z.array(group) })) },
      },
    },
    async (request) => {
      const asker = { operatorId: request.auth!.operatorId, locale: localeOf(request) };
      const found = await Promise.all(notificationProviders.map((p) => p.collect(ctx, asker)));
      const groups = found.filter((g): g is Group => g !== null);
      return ok({ total: groups.reduce((sum, g) => sum + g.count, 0), groups });
    },
  );
}
