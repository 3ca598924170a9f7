/**
 * Risk lists and freezes (issue 13): the /financeRisk list pages, freezes and logs (routes.ts), the one
 * risk service every money flow calls (service.ts: checkOrder, addListEntry, logBlock) and the expiry
 * job (jobs.ts, listed in src/jobs.ts).
 */
import type { FastifyInstance } from 'fastify';
import { riskRoutes } from './routes.ts';

export async function riskModule(app: FastifyInstance) {
  await riskRoutes(app);
}
