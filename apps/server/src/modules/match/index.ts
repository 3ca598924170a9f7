/** Matched (P2P) deposits and withdrawals: the console's pages and the merchant API's match calls. */
import type { FastifyInstance } from 'fastify';
import { matchRoutes } from './match.routes.ts';
import { matchOpenapiRoutes } from './match-openapi.ts';

export async function matchModule(app: FastifyInstance) {
  await matchRoutes(app);
  await matchOpenapiRoutes(app);
}
