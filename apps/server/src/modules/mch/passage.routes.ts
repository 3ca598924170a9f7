/**
 * mch/mchThirdPayConfig and mch/mchThirdAgentPayConfig over one table, each scoped to its direction,
 * and the option lists (merchants, passages) their forms choose from.
 */
import { mchList, mchThirdAgentPayConfig, mchThirdPayConfig, type ResourceDef } from '@payops/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Row } from '../../platform/crud/index.ts';
import { registerCrud } from '../../platform/crud/index.ts';
import { fieldError, localeOf, ok } from '../../platform/errors.ts';
import { envelope } from '../../platform/route-schemas.ts';
import { merchantPassages, passages } from './passage.schema.ts';
import { merchants } from './schema.ts';

const wrongPassage = {
  'zh-CN': '须为该方向下已有的通道',
  'en-US': 'must be an existing passage of this direction',
} as const;

export async function passageRoutes(fastify: FastifyInstance) {
  const { db } = fastify.ctx;

  async function enrich(rows: Row[]): Promise<Row[]> {
    const mIds = [...new Set(rows.map((r) => Number(r.merchantId)))];
    const pIds = [...new Set(rows.map((r) => Number(r.passageId)))];
    const [ms, ps] = await Promise.all([
      db
        .select({ id: merchants.id, mchNo: merchants.mchNo })
        .from(merchants)
        .where(inArray(merchants.id, mIds)),
      db.select({ id: passages.id, name: passages.name }).from(passages).where(inArray(passages.id, pIds)),
    ]);
    const mchNo = new Map(ms.map((m) => [m.id, m.mchNo]));
    const name = new Map(ps.map((p) => [p.id, p.name]));
    return rows.map((r) => ({
      ...r,
      mchNo: mchNo.get(Number(r.merchantId)) ?? '',
      passageName: name.get(Number(r.passageId)) ?? '',
    }));
  }

  function register(def: ResourceDef, direction: 'deposit' | 'withdraw') {
    registerCrud(fastify, def, {
      table: merchantPassages,
      scope: { direction },
      enrich,
      beforeWrite: async (values, info) => {
        if (info.mode === 'edit') return;
        const [passage] = await info.tx
          .select({ payType: passages.payType, direction: passages.direction })
          .from(passages)
          .where(eq(passages.id, Number(values.passageId)));
        if (!passage || passage.direction !== direction)
          throw fieldError('passageId', wrongPassage[localeOf(info.request)]);
        values.payType = passage.payType;
      },
    });
  }
  register(mchThirdPayConfig, 'deposit');
  register(mchThirdAgentPayConfig, 'withdraw');

  // The merchant names behind the ids these forms show: only for who may list merchants (issue 18).
  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/api/mch/options',
    {
      config: { access: { permission: mchList.actions.list!.permission } },
      schema: {
        tags: ['mch'],
        summary: 'Merchants and passages to choose from (ids and names)',
        response: {
          200: envelope(
            z.object({
              merchants: z.array(z.object({ id: z.number(), mchNo: z.string(), name: z.string() })),
              passages: z.array(
                z.object({ id: z.number(), name: z.string(), direction: z.string(), payType: z.string() }),
              ),
            }),
          ),
        },
      },
    },
    async () => {
      const [ms, ps] = await Promise.all([
        db
          .select({ id: merchants.id, mchNo: merchants.mchNo, name: merchants.name })
          .from(merchants)
          .orderBy(asc(merchants.id))
          .limit(1000),
        db
          .select({
            id: passages.id,
            name: passages.name,
            direction: passages.direction,
            payType: passages.payType,
          })
          .from(passages)
          .orderBy(asc(passages.id))
          .limit(1000),
      ]);
      return ok({ merchants: ms, passages: ps });
    },
  );
}
