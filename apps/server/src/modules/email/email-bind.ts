/**
 * An unmatched email order bound by hand (each area's `bind`, reason and code: emailOrderList's to a
 * match, emailOrderListWallet's to a wallet order): the operator names the record the money paid; the
 * area's port checks that it waits for an email and has the email's amount (mailbox-ports.ts
 * bindRefusal). One transaction: the email order's `bound` transition (unmatched -> matched, the
 * record kept, the operator's reason in its status history), the record confirmed by the port as an
 * email it matched would (the match engine's confirmation; the wallet order's `pay`), the
 * operation-log row. A record that moved on meanwhile, another amount, a listed payer, or an order no
 * longer unmatched: a 400/409 naming the field, and nothing changes.
 */
import {
  type EmailScope,
  ErrorCode,
  emailOrder,
  id4,
  type Locale,
  type ResourceDef,
} from '@payops/contracts';
import { emailOrderListWallet } from '@payops/contracts/resources/wallet/wallet-email';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, fieldError } from '../../platform/errors.ts';
import { actorOf, registerTransitions, runSystemTransition } from '../../platform/transitions/index.ts';
import { rowAction } from '../mch/row-action.ts';
import { emailOrders } from './email.schema.ts';
import { bindBlocked } from './email-risk.ts';
import { MAILBOX_PORTS } from './mailbox-ports.ts';

const text = {
  notFound: { 'zh-CN': '邮件订单不存在', 'en-US': 'no such email order' },
  blocked: {
    'zh-CN': '付款人或会员在风控名单中，不能绑定',
    'en-US': 'the payer or member is on a risk list: it cannot be bound',
  },
} satisfies Record<string, Record<Locale, string>>;

/** The areas whose email orders an operator binds by hand. */
const BINDS: readonly { scope: EmailScope; def: ResourceDef }[] = [
  { scope: 'matching', def: emailOrder },
  { scope: 'wallet', def: emailOrderListWallet },
];

export function bindRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  for (const { scope, def } of BINDS) {
    const port = MAILBOX_PORTS[scope];
    const link = port.link;
    registerTransitions(fastify, def, { table: emailOrders, scope: { scope } });
    // `{ id, <link>: id, reason }`; typed by its fixed keys (the link's is read as the target below).
    const body = z.strictObject({
      id: id4(),
      reason: z.string().trim().min(2).max(200),
      ...{ [link]: id4() },
    }) as unknown as z.ZodObject<{ id: ReturnType<typeof id4>; reason: z.ZodString }>;
    rowAction(fastify, def, {
      name: 'bind',
      summary: `Binds an unmatched email order to the record it pays (${link}), which it confirms`,
      body,
      response: z.object({ id: z.number(), [link]: z.number() }),
      run: async (request, b, tx) => {
        const actor = actorOf(request);
        const locale = actor.locale;
        const target = Number((b as Record<string, unknown>)[link]);
        const [order] = await tx
          .select()
          .from(emailOrders)
          .where(and(eq(emailOrders.id, b.id), eq(emailOrders.scope, scope)))
          .for('update');
        if (!order) throw new AppError(ErrorCode.notFound, { message: text.notFound[locale] });
        const refusal = await port.bindRefusal(tx, target, order, locale);
        if (refusal) throw fieldError(link, refusal);
        // The payer's lists and freezes (and the match's side), as when an email is read (logged; the
        // bind is refused).
        if (await bindBlocked(ctx, tx, order, port.riskOfCandidate ? target : null))
          throw fieldError(link, text.blocked[locale]);
        // The email order's own transition first: "is no longer unmatched" when it moved on meanwhile.
        await runSystemTransition(ctx, def, 'bound', b.id, {
          tx,
          actor,
          reason: b.reason,
          values: { [link]: target, reason: null },
        });
        await port.confirm(ctx, tx, target, b.id, actor);
        return {
          data: { id: b.id, [link]: target },
          audit: { before: { status: order.status }, after: { status: 'matched', [link]: target } },
        };
      },
    });
  }
}
