/**
 * Upstream providers: the adapters (adapter.ts), routing with failover and its decision log
 * (order/recommendRecordList), placing deposits (placement.ts), the callback endpoint, payouts (and
 * an operator's pay-out-now), and
 * the built-in sandbox provider under /sandbox/upstream (config SANDBOX).
 */
import { recommendRecordList } from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../platform/crud/index.ts';
import { callbackRoutes } from './callback.routes.ts';
import { rememberOrigin } from './origin.ts';
import { payoutRoutes } from './payout.routes.ts';
import { sandboxRoutes } from './sandbox/routes.ts';
import { routingDecisions } from './schema.ts';

export { type PlaceDepositInput, type PlacedDeposit, placeDeposit } from './placement.ts';

export async function upstreamModule(app: FastifyInstance) {
  rememberOrigin(app);
  registerCrud(app, recommendRecordList, { table: routingDecisions });
  await callbackRoutes(app);
  await payoutRoutes(app);
  // The sandbox provider only when configured (config SANDBOX): never on a real platform by accident.
  if (app.ctx.config.sandbox) await sandboxRoutes(app);
}
