/** The maker-checker of protective settings: the pending changes and their approval by a second admin. */
import { id4, sysBackConfig } from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/errors.ts';
import { envelope } from '../../platform/route-schemas.ts';
import { approveChange, listPending } from './pending-change.service.ts';

const change = z.object({
  id: z.number(),
  target: z.string(),
  key: z.string(),
  before: z.json().nullable(),
  value: z.json(),
  status: z.string(),
  requestedBy: z.number(),
  requestedAt: z.date(),
  decidedBy: z.number().nullable(),
  decidedAt: z.date().nullable(),
});

export async function pendingChangeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = fastify;
  // Whoever may change settings may see and approve them (the edit permission asks for a code).
  const permission = sysBackConfig.actions.edit!.permission;

  app.get(
    '/api/sys/pendingChange/list',
    {
      config: { access: { permission: sysBackConfig.actions.list!.permission } },
      schema: {
        tags: ['sys'],
        summary: 'Changes that weaken a protection, waiting for a second administrator',
        response: { 200: envelope(z.array(change)) },
      },
    },
    async () => ok((await listPending(ctx)) as never),
  );

  app.post(
    '/api/sys/pendingChange/approve',
    {
      config: { access: { permission } },
      schema: {
        tags: ['sys'],
        summary: 'Approve a pending change (not by its maker); it takes effect at once',
        body: z.strictObject({ id: id4() }),
        response: { 200: envelope(change) },
      },
    },
    async (request) => {
      request.auditNote = { objectType: 'pendingChange', objectId: request.body.id };
      const done = await approveChange(ctx, request.body.id, request.auth!.operatorId);
      if (done.key === 'whiteIpEnabled') fastify.ipFilter.invalidate();
      request.auditNote = {
        ...request.auditNote,
        before: done.before,
        after: done.value,
        extra: { target: done.target, key: done.key },
      };
      return ok(done as never);
    },
  );
}
