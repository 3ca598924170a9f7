/** sys/message: composing and publishing (registrar + publish), and each operator's inbox. */
import { id4, message, PAGE_SIZE_MAX } from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerCrud } from '../../platform/crud/index.ts';
import { ok } from '../../platform/errors.ts';
import { envelope } from '../../platform/route-schemas.ts';
import { registerTransitions } from '../../platform/transitions/index.ts';
import { sysMessages } from './message.schema.ts';
import { markRead, myMessages, unreadCount } from './message.service.ts';

const ids = z.array(id4()).min(1).max(PAGE_SIZE_MAX);

export async function messageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = fastify;

  // A published message is neither edited nor removed: the lifecycle's editableIn (crud/writes.ts).
  registerCrud(fastify, message, { table: sysMessages });

  // Publishing is the lifecycle's one transition (draft -> published), stamped with its time.
  registerTransitions(fastify, message, {
    table: sysMessages,
    hooks: { publish: { set: (s) => ({ publishedAt: s.now }) } },
  });

  // The inbox: every signed-in operator reads the published messages addressed to all.
  app.get(
    `${message.api}/unreadCount`,
    {
      config: { access: 'session' },
      schema: {
        tags: ['sys'],
        summary: 'Published messages I have not read (header badge)',
        response: { 200: envelope(z.object({ count: z.number() })) },
      },
    },
    async (request) => ok({ count: await unreadCount(ctx, request.auth!.operatorId) }),
  );
  app.post(
    `${message.api}/mine`,
    {
      config: { access: 'session', audit: false },
      schema: {
        tags: ['sys'],
        summary: 'My published messages with their read state',
        body: z.strictObject({
          page: z.number().int().min(1).default(1),
          pageSize: z.number().int().min(1).max(PAGE_SIZE_MAX).default(20),
        }),
        response: {
          200: envelope(
            z.object({
              list: z.array(
                z.object({
                  id: z.number(),
                  title: z.string(),
                  content: z.string(),
                  publishedAt: z.date().nullable(),
                  readAt: z.date().nullable(),
                  read: z.boolean(),
                }),
              ),
              pager: z.object({ page: z.number(), pageSize: z.number(), total: z.number() }),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { page, pageSize } = request.body;
      const { list, total } = await myMessages(ctx, request.auth!.operatorId, page, pageSize);
      return ok({ list, pager: { page, pageSize, total } });
    },
  );
  app.post(
    `${message.api}/markRead`,
    {
      // Personal read receipts change nothing anyone else sees: not worth an audit row each.
      config: { access: 'session', audit: false },
      schema: {
        tags: ['sys'],
        summary: 'Mark messages as read by me',
        body: z.strictObject({ ids }),
        response: { 200: envelope(z.object({ marked: z.number() })) },
      },
    },
    async (request) => ok({ marked: await markRead(ctx, request.auth!.operatorId, request.body.ids) }),
  );
}
