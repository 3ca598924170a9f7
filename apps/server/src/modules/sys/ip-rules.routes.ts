/** sys/blackIp and sys/whiteIp over the ip_rules table, and the white-list switch. */
import { blackIp, whiteIp } from '@payops/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Row, registerCrud, type WriteHooks } from '../../platform/crud/index.ts';
import { fieldError, localeOf, ok } from '../../platform/errors.ts';
import { envelope } from '../../platform/route-schemas.ts';
import { getSetting, setSetting } from '../../platform/settings.ts';
import { requestChange, settingWeakens } from './pending-change.service.ts';
import { ipRules } from './schema.ts';

const notCidr = {
  'zh-CN': '不是有效的IP地址或CIDR网段',
  'en-US': 'is not an IP address or CIDR block',
} as const;

export async function ipRulesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx, ipFilter } = fastify;

  const hooks: WriteHooks = {
    async beforeWrite(values: Row, { tx, request }) {
      if (typeof values.cidr !== 'string') return;
      // PostgreSQL's own parser decides (it also refuses host bits set, e.g. 10.0.0.1/8), without
      // raising an error that would abort the transaction.
      const result = await tx.execute<{ valid: boolean }>(
        sql`SELECT pg_input_is_valid(${values.cidr}, 'cidr') AS valid`,
      );
      if (!result.rows[0]?.valid) throw fieldError('cidr', notCidr[localeOf(request)]);
    },
    afterChange: () => ipFilter.invalidate(),
  };
  registerCrud(fastify, blackIp, { table: ipRules, ...hooks });
  registerCrud(fastify, whiteIp, { table: ipRules, ...hooks });

  const switchState = envelope(z.object({ enabled: z.boolean(), pendingChangeId: z.number().optional() }));
  app.get(
    `${whiteIp.api}/switch`,
    {
      config: { access: { permission: whiteIp.actions.list!.permission } },
      schema: {
        tags: ['sys'],
        summary: 'Whether the IP white list is enforced',
        response: { 200: switchState },
      },
    },
    async () => ok({ enabled: await getSetting(ctx, 'whiteIpEnabled') }),
  );
  app.post(
    whiteIp.actions.switch!.path,
    {
      config: { access: { permission: whiteIp.actions.switch!.permission } },
      schema: {
        tags: ['sys'],
        summary: 'Switch enforcement of the IP white list on or off',
        body: z.strictObject({ enabled: z.boolean() }),
        response: { 200: switchState },
      },
    },
    async (request) => {
      const before = await getSetting(ctx, 'whiteIpEnabled');
      const { enabled } = request.body;
      // Switching enforcement off waits for a second administrator (pending-change.service.ts).
      if (settingWeakens('whiteIpEnabled', before, enabled)) {
        const operatorId = request.auth!.operatorId;
        const id = await requestChange(ctx, ctx.db, 'setting', 'whiteIpEnabled', before, enabled, operatorId);
        request.auditNote = {
          objectType: 'sys_config',
          objectId: 'whiteIpEnabled',
          before,
          extra: { pendingChangeId: id, requested: enabled },
        };
        return ok({ enabled: before, pendingChangeId: id });
      }
      await setSetting(ctx, 'whiteIpEnabled', enabled, request.auth!.operatorId);
      request.auditNote = { objectType: 'sys_config', objectId: 'whiteIpEnabled', before, after: enabled };
      ipFilter.invalidate();
      return ok({ enabled });
    },
  );
}
