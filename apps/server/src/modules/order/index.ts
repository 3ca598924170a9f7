/** The /order group: deposit and withdrawal orders, their lists and their operators' transitions. */
import type { FastifyInstance } from 'fastify';
import { orderRoutes } from './order.routes.ts';
import { otcRoutes } from './otc.routes.ts';
import { reconciliationRoutes } from './recon.routes.ts';
import { settlementRoutes } from './settlement.routes.ts';

export async function orderModule(app: FastifyInstance) {
  await orderRoutes(app);
  await otcRoutes(app);
  await settlementRoutes(app);
  await reconciliationRoutes(app);
}
