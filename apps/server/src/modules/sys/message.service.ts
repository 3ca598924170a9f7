import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { sysMessageReads, sysMessages } from './message.schema.ts';

/** A published message is what every operator read: it is never changed afterwards. */
function readJoin(operatorId: number) {
  return and(eq(sysMessageReads.messageId, sysMessages.id), eq(sysMessageReads.operatorId, operatorId));
}

export async function unreadCount(ctx: AppContext, operatorId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(sysMessages)
    .leftJoin(sysMessageReads, readJoin(operatorId))
    .where(and(eq(sysMessages.status, 'published'), isNull(sysMessageReads.messageId)));
  return row?.n ?? 0;
}

/** The newest published messages the caller has not read (the header's notification centre). */
export async function unreadMessages(ctx: AppContext, operatorId: number, limit: number) {
  return ctx.db
    .select({ id: sysMessages.id, title: sysMessages.title, at: sysMessages.publishedAt })
    .from(sysMessages)
    .leftJoin(sysMessageReads, readJoin(operatorId))
    .where(and(eq(sysMessages.status, 'published'), isNull(sysMessageReads.messageId)))
    .orderBy(desc(sysMessages.publishedAt), desc(sysMessages.id))
    .limit(limit);
}

/** The published messages of the caller, newest first, with their read state. */
export async function myMessages(ctx: AppContext, operatorId: number, page: number, pageSize: number) {
  const where = eq(sysMessages.status, 'published');
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        id: sysMessages.id,
        title: sysMessages.title,
        content: sysMessages.content,
        publishedAt: sysMessages.publishedAt,
        readAt: sysMessageReads.readAt,
      })
      .from(sysMessages)
      .leftJoin(sysMessageReads, readJoin(operatorId))
      .where(where)
      .orderBy(desc(sysMessages.publishedAt), desc(sysMessages.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ctx.db.select({ n: count() }).from(sysMessages).where(where),
  ]);
  return { list: rows.map((r) => ({ ...r, read: r.readAt !== null })), total: total?.n ?? 0 };
}

export async function markRead(ctx: AppContext, operatorId: number, ids: number[]): Promise<number> {
  const published = await ctx.db
    .select({ id: sysMessages.id })
    .from(sysMessages)
    .where(and(inArray(sysMessages.id, ids), eq(sysMessages.status, 'published')));
  if (published.length === 0) return 0;
  const now = ctx.clock.now();
  const rows = await ctx.db
    .insert(sysMessageReads)
    .values(published.map((m) => ({ messageId: m.id, operatorId, readAt: now })))
    .onConflictDoNothing()
    .returning({ id: sysMessageReads.messageId });
  return rows.length;
}
