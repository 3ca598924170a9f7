/**
 * Pay parameters per pay type (spec /api/pay/payotherconfig: add, all, allCodeEnum, addOrEdit, and
 * the registrar's list/edit/export) and quick amounts (spec fastAmount). One row per pay type; the
 * maximum is not below the minimum; quick amounts are normalised (sorted, no repeats). The merchant
 * API enforces and answers them (pay-parameters.ts).
 */
import { addBodySchema, fastAmount, PAY_OTHER_LABELS, payOtherConfig, rowSchema } from '@payops/contracts';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditInTx } from '../../platform/audit-request.ts';
import { auditView, presenter, type Row, registerCrud } from '../../platform/crud/index.ts';
import { localeOf, ok } from '../../platform/errors.ts';
import { envelope } from '../../platform/route-schemas.ts';
import { checkOrder, normaliseAmounts } from './checks.ts';
import { forgetPayParameters } from './pay-parameters.ts';
import { fastAmounts, payOtherConfigs } from './schema.ts';

const limitLabels = {
  'zh-CN': { minAmount: '最低金额' },
  'en-US': { minAmount: 'the minimum amount' },
} as const;

export async function payOtherRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = fastify;
  const checkLimits = (values: Row, before: Row | undefined, request: Parameters<typeof localeOf>[0]) => {
    const locale = localeOf(request);
    checkOrder(values, before, 'minAmount', 'maxAmount', limitLabels[locale], locale);
  };
  // The merchant API reads both tables through the instance's memory: a write here forgets it.
  const forgetRead = () => forgetPayParameters(ctx);
  const bound = registerCrud(fastify, payOtherConfig, {
    table: payOtherConfigs,
    beforeWrite: (values, info) => checkLimits(values, info.before, info.request),
    afterChange: forgetRead,
  });
  const present = presenter(bound);
  const list = payOtherConfig.actions.list!;
  const edit = payOtherConfig.actions.edit!;

  app.get(
    `${payOtherConfig.api}/all`,
    {
      config: { access: { permission: list.permission } },
      schema: {
        tags: ['payManage'],
        summary: 'Every pay type with its pay parameters',
        response: { 200: envelope(z.array(rowSchema(payOtherConfig))) },
      },
    },
    async (request) => {
      const rows = await ctx.db.select().from(payOtherConfigs).orderBy(asc(payOtherConfigs.id));
      return ok(await present(request, rows as unknown as Row[]));
    },
  );

  app.get(
    `${payOtherConfig.api}/allCodeEnum`,
    {
      config: { access: { permission: list.permission } },
      schema: {
        tags: ['payManage'],
        summary: 'The pay types that have pay parameters, with their names in the caller language',
        response: { 200: envelope(z.array(z.object({ code: z.string(), name: z.string() }))) },
      },
    },
    async (request) => {
      const i = localeOf(request) === 'zh-CN' ? 0 : 1;
      return ok(Object.entries(PAY_OTHER_LABELS).map(([code, names]) => ({ code, name: names[i] })));
    },
  );

  // Saves the parameters of a pay type whether or not it has a row yet (the page's single form).
  app.post(
    `${payOtherConfig.api}/addOrEdit`,
    {
      config: { access: { permission: edit.permission } },
      schema: {
        tags: ['payManage'],
        summary: 'Add or replace the pay parameters of a pay type',
        body: addBodySchema(payOtherConfig),
        response: { 200: envelope(rowSchema(payOtherConfig)) },
      },
    },
    async (request) => {
      const body = request.body as Row;
      const row = await ctx.db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(payOtherConfigs)
          .where(eq(payOtherConfigs.code, body.code as never));
        checkLimits(body, before as unknown as Row | undefined, request);
        const now = ctx.clock.now();
        const values = { ...body, updatedAt: now } as typeof payOtherConfigs.$inferInsert;
        const [after] = await tx
          .insert(payOtherConfigs)
          .values({ ...values, createdAt: now })
          .onConflictDoUpdate({ target: payOtherConfigs.code, set: values })
          .returning();
        await auditInTx(tx, request, {
          objectType: payOtherConfig.name,
          objectId: String(after!.id),
          before: auditView(bound, before as unknown as Row | undefined),
          after: auditView(bound, after as unknown as Row),
        });
        return after as unknown as Row;
      });
      forgetRead();
      const [shown] = await present(request, [row]);
      return ok(shown!);
    },
  );

  registerCrud(fastify, fastAmount, {
    table: fastAmounts,
    beforeWrite: (values, info) => {
      const amounts = normaliseAmounts(values.amounts, localeOf(info.request));
      if (amounts !== undefined) values.amounts = amounts;
    },
    afterChange: forgetRead,
  });
}
