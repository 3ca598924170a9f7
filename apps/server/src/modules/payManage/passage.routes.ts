/**
 * Passages (spec /api/pay/paypassage): a passage takes its direction from its third party; single
 * maximum not below the minimum; one still configured for a merchant cannot be removed (switch it
 * off instead), nor one that orders were routed through.
 */
import { type Locale, passage } from '@payops/contracts';
import { count, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Row, registerCrud, type Tx } from '../../platform/crud/index.ts';
import { localeOf } from '../../platform/errors.ts';
import { merchantPassages, passages } from '../mch/passage.schema.ts';
import { depositOrders, withdrawOrders } from '../order/schema.ts';
import { checkOrder, checkThirdParty, refuseInUse } from './checks.ts';

const USERS = {
  merchants: ['个商户通道配置', 'merchant channel configs'],
  orders: ['笔订单', 'orders'],
} as const;

export const limitLabels = {
  'zh-CN': { singleMin: '单笔最低' },
  'en-US': { singleMin: 'the single minimum' },
} as const;

async function refuseUsedPassages(tx: Tx, rows: Row[], locale: Locale) {
  const ids = rows.map((r) => Number(r.id));
  const countOf = async (table: typeof merchantPassages | typeof depositOrders | typeof withdrawOrders) => {
    const [c] = await tx.select({ n: count() }).from(table).where(inArray(table.passageId, ids));
    return c?.n ?? 0;
  };
  const orders = (await countOf(depositOrders)) + (await countOf(withdrawOrders));
  refuseInUse({ merchants: await countOf(merchantPassages), orders }, USERS, locale);
}

export async function passageWriteRoutes(fastify: FastifyInstance) {
  registerCrud(fastify, passage, {
    table: passages,
    beforeWrite: async (values, info) => {
      const locale = localeOf(info.request);
      if (info.mode === 'add') {
        const party = await checkThirdParty(info.tx, values.thirdPartyId, locale);
        values.direction = party.direction;
      }
      checkOrder(values, info.before, 'singleMin', 'singleMax', limitLabels[locale], locale);
    },
    beforeRemove: (rows, info) => refuseUsedPassages(info.tx, rows, localeOf(info.request)),
  });
}
