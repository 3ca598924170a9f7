/** Wallet cashier (counter) payments (issue 16): payments confirmed by SMS code, codes, the log. */
import type { FastifyInstance } from 'fastify';
import { cashierRoutes } from './routes.ts';

export async function cashierModule(app: FastifyInstance) {
  await cashierRoutes(app);
}
