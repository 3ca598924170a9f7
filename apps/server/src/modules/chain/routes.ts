/** The USDT pages' lists and the operators' transitions on the two order lifecycles. */
import { addressFlow, addressFlowList, orderDepositListUSDT, orderTransferListUSDT } from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../platform/crud/index.ts';
import { registerTransitions } from '../../platform/transitions/index.ts';
import { chainTransfers, usdtDepositOrders, usdtWithdrawOrders } from './chain.schema.ts';
import { usdtDepositHooks, usdtWithdrawHooks } from './hooks.ts';

export async function chainRoutes(app: FastifyInstance) {
  registerCrud(app, orderDepositListUSDT, { table: usdtDepositOrders });
  registerTransitions(app, orderDepositListUSDT, { table: usdtDepositOrders, hooks: usdtDepositHooks() });
  registerCrud(app, orderTransferListUSDT, { table: usdtWithdrawOrders });
  registerTransitions(app, orderTransferListUSDT, { table: usdtWithdrawOrders, hooks: usdtWithdrawHooks() });
  registerCrud(app, addressFlowList, { table: chainTransfers });
  registerCrud(app, addressFlow, { table: chainTransfers });
}
