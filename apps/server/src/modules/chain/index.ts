/**
 * USDT on a chain (issue 11): the deposit and withdrawal orders and their pages, the merchant API's
 * USDT endpoints, the chain watcher and payouts (jobs.ts) behind the ChainAdapter, and the built-in
 * sandbox chain under /sandbox/chain (config SANDBOX only).
 */
import type { FastifyInstance } from 'fastify';
import { usdtMerchantRoutes } from './openapi.ts';
import { chainRoutes } from './routes.ts';
import { sandboxChainRoutes } from './sandbox/routes.ts';

export async function chainModule(app: FastifyInstance) {
  await chainRoutes(app);
  await usdtMerchantRoutes(app);
  if (app.ctx.config.sandbox) await sandboxChainRoutes(app);
}
