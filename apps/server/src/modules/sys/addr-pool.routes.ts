/** sys/addrPool (the USDT address pool, with bulk import) and sys/addrPoolFlowList (its flows). */
import { addrPoolFlowList, addrPool as addrPoolPage, USDT_NETWORKS } from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerCrud } from '../../platform/crud/index.ts';
import { localeOf, ok } from '../../platform/errors.ts';
import { envelope } from '../../platform/route-schemas.ts';
import { addrPool, addrPoolFlows } from './addr-pool.schema.ts';
import { checkPoolValues, checkRemovable, IMPORT_MAX_LINES, importAddresses } from './addr-pool.service.ts';

export async function addrPoolRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = fastify;

  registerCrud(fastify, addrPoolPage, {
    table: addrPool,
    beforeWrite: (values, { before, request }) => checkPoolValues(values, before, localeOf(request)),
    beforeRemove: (rows, { request }) => checkRemovable(rows, localeOf(request)),
  });
  registerCrud(fastify, addrPoolFlowList, { table: addrPoolFlows });

  const action = addrPoolPage.actions.import!;
  app.post(
    action.path,
    {
      config: { access: { permission: action.permission } },
      schema: {
        tags: ['sys'],
        summary: 'Bulk import of pool addresses, one per line; bad lines are reported, good ones imported',
        body: z.strictObject({
          network: z.enum(USDT_NETWORKS),
          addresses: z
            .string()
            .max(IMPORT_MAX_LINES * 80)
            .refine((s) => s.split('\n').length <= IMPORT_MAX_LINES, {
              message: `maxLines:${IMPORT_MAX_LINES}`,
            }),
        }),
        response: {
          200: envelope(
            z.object({
              imported: z.number(),
              errors: z.array(
                z.object({
                  line: z.number(),
                  value: z.string(),
                  reason: z.enum(['format', 'duplicate', 'exists']),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request) => {
      const result = await importAddresses(ctx, request.body.network, request.body.addresses);
      request.auditNote = {
        objectType: 'addrPool',
        extra: { import: request.body.network, imported: result.imported, rejected: result.errors.length },
      };
      return ok(result);
    },
  );
}
