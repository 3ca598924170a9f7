/**
 * mch/mchThirdPayConfig and mch/mchThirdAgentPayConfig over one table, each scoped to its direction,
 * and the passages they refer to (read-only here; the pay-management group adds the writes). The
 * merchant and passage names come from the registrar's ref labels, the choices from `<api>/options`.
 */
import { mchThirdAgentPayConfig, mchThirdPayConfig, passage, type ResourceDef } from '@payops/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../platform/crud/index.ts';
import { fieldError, localeOf } from '../../platform/errors.ts';
import { merchantPassages, passages } from './passage.schema.ts';

const wrongPassage = {
  'zh-CN': '须为该方向下已有的通道',
  'en-US': 'must be an existing passage of this direction',
} as const;

export async function passageRoutes(fastify: FastifyInstance) {
  registerCrud(fastify, passage, { table: passages });

  function register(def: ResourceDef, direction: 'deposit' | 'withdraw') {
    registerCrud(fastify, def, {
      table: merchantPassages,
      scope: { direction },
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
}
