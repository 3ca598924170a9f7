/**
 * The /payManage group: third parties per direction, passages, agent-pay configs, banks, interface
 * types and configs with the providers' balances, the data dictionary, pay parameters and quick amounts.
 */
import type { FastifyInstance } from 'fastify';
import { balanceRoutes } from './balance.routes.ts';
import { configRoutes } from './config.routes.ts';
import { dictRoutes } from './dict.routes.ts';
import { passageWriteRoutes } from './passage.routes.ts';
import { payOtherRoutes } from './pay-other.routes.ts';
import { thirdPartyRoutes } from './third-party.routes.ts';

export async function payManageModule(app: FastifyInstance) {
  await thirdPartyRoutes(app);
  await passageWriteRoutes(app);
  await configRoutes(app);
  await balanceRoutes(app);
  await dictRoutes(app);
  await payOtherRoutes(app);
}
