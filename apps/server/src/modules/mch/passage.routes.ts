/**
 * mch/mchThirdPayConfig and mch/mchThirdAgentPayConfig over one table, each scoped to its direction,
 * referring to the passages (served with their writes by modules/payManage). The
 * merchant and passage names come from the registrar's ref labels, the choices from `<api>/options`.
 */
import { mchThirdAgentPayConfig, mchThirdPayConfig } from '@payops/contracts';
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
  // Each definition is scoped to its direction (contracts): a passage of the other is refused.
  for (const def of [mchThirdPayConfig, mchThirdAgentPayConfig]) {
    const direction = def.scope?.direction;
    registerCrud(fastify, def, {
      table: merchantPassages,
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
}
