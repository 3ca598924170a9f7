/** The /wallet group (issue 16): wallet members, their configuration, fund log, trades and disputes. */
import type { FastifyInstance } from 'fastify';
import { walletConfigRoutes } from './config.routes.ts';
import { walletDisputeRoutes } from './disputes.routes.ts';
import { walletFundLogRoutes } from './fund-log.routes.ts';
import { walletMemberRoutes } from './members.routes.ts';
import { walletTradeRoutes } from './trades.routes.ts';
import './wallet-trader.ts';

export async function walletModule(app: FastifyInstance) {
  await walletMemberRoutes(app);
  await walletFundLogRoutes(app);
  await walletConfigRoutes(app);
  await walletDisputeRoutes(app);
  await walletTradeRoutes(app);
}
