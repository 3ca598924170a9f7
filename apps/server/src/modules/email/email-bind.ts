/**
 * An unmatched email order bound by hand (emailOrderList's `bind`, reason and code): the operator
 * names the match the money paid; it must be waiting for its receiver (payer_paid) and be of the
 * email's amount. One transaction: the email order's `bound` transition (unmatched -> matched, the
 * match kept, the operator's reason in its status history), the match confirmed through the match engine, the operation-log row. A match that
 * moved on meanwhile, another amount, or an order no longer unmatched: a 400/409 and nothing changes.
 */
import { ErrorCode, emailOrder, id4, type Locale } from '@payops/contracts';
import Big from 'big.js';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, fieldError } from '../../platform/errors.ts';
import { actorOf, registerTransitions, runSystemTransition } from '../../platform/transitions/index.ts';
import { rowAction } from '../mch/row-action.ts';
import { emailOrders } from './email.schema.ts';
import { bindBlocked } from './email-risk.ts';
import { confirmMatchByEmail } from './match-port.ts';

const text = {
  notFound: { 'zh-CN': '邮件订单不存在', 'en-US': 'no such email order' },
  noMatch: { 'zh-CN': '撮合单不存在', 'en-US': 'no such match' },
  notWaiting: {
    'zh-CN': '该撮合单不是「付款方已付款」状态',
    'en-US': 'the match is not waiting for its receiver (payer paid)',
  },
  blocked: {
    'zh-CN': '付款人或会员在风控名单中，不能绑定',
    'en-US': 'the payer or member is on a risk list: it cannot be bound',
  },
  amount: {
    'zh-CN': '撮合单金额与邮件到账金额不一致',
    'en-US': "the match's amount differs from the email's",
  },
} satisfies Record<string, Record<Locale, string>>;

const bindBody = z.strictObject({ id: id4(), matchId: id4(), reason: z.string().trim().min(2).max(200) });

export function bindRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  registerTransitions(fastify, emailOrder, { table: emailOrders });
  rowAction(fastify, emailOrder, {
    name: 'bind',
    summary: 'Binds an unmatched email order to the payer-paid match it pays, which it confirms',
    body: bindBody,
    response: z.object({ id: z.number(), matchId: z.number() }),
    run: async (request, b, tx) => {
      const actor = actorOf(request);
      const locale = actor.locale;
      const [order] = await tx.select().from(emailOrders).where(eq(emailOrders.id, b.id)).for('update');
      if (order?.scope !== 'matching')
        throw new AppError(ErrorCode.notFound, { message: text.notFound[locale] });
      const { rows } = await tx.execute<{ status: string; amount: string }>(
        sql`SELECT status, amount::text FROM matches WHERE id = ${b.matchId} FOR UPDATE`,
      );
      const match = rows[0];
      if (!match) throw fieldError('matchId', text.noMatch[locale]);
      if (match.status !== 'payer_paid') throw fieldError('matchId', text.notWaiting[locale]);
      if (!order.amount || !new Big(match.amount).eq(order.amount))
        throw fieldError('matchId', text.amount[locale]);
      // The payer's lists and freezes, as when an email is read (logged; the bind is refused).
      if (await bindBlocked(ctx, tx, order, b.matchId)) throw fieldError('matchId', text.blocked[locale]);
      // The email order's own transition first: "is no longer unmatched" when it moved on meanwhile.
      await runSystemTransition(ctx, emailOrder, 'bound', b.id, {
        tx,
        actor,
        reason: b.reason,
        values: { matchId: b.matchId, reason: null },
      });
      await confirmMatchByEmail(ctx, tx, b.matchId, b.id, actor);
      return {
        data: { id: b.id, matchId: b.matchId },
        audit: { before: { status: order.status }, after: { status: 'matched', matchId: b.matchId } },
      };
    },
  });
}
