/** The /mch group: merchants and their adjustments, passage configs, fund log, timeouts. */
import type { FastifyInstance } from 'fastify';
import { fundLogRoutes } from './fund-log.routes.ts';
import { merchantRoutes } from './merchant.routes.ts';
import { passageRoutes } from './passage.routes.ts';

export async function mchModule(app: FastifyInstance) {
  await merchantRoutes(app);
  await passageRoutes(app);
  await fundLogRoutes(app);
}
