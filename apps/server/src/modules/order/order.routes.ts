/**
 * The order lists and the operators' transitions on them. The effects of the transitions (ledger
 * postings, `emitOrderFinal`) are the orders service's hooks.
 */
import { orderDepositList, orderTransferList } from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../platform/crud/index.ts';
import { registerTransitions } from '../../platform/transitions/index.ts';
import { depositOrders, withdrawOrders } from './schema.ts';

export async function orderRoutes(fastify: FastifyInstance) {
  registerCrud(fastify, orderDepositList, { table: depositOrders });
  registerTransitions(fastify, orderDepositList, { table: depositOrders });
  registerCrud(fastify, orderTransferList, { table: withdrawOrders });
  registerTransitions(fastify, orderTransferList, { table: withdrawOrders });
}
