/**
 * The OTC and ZHOTC pages (contracts resources/order/otc-orders.ts): views of the deposit and
 * withdrawal tables, each scoped to its family by its definition. Their transitions are
 * the normal lists' routes (order.routes.ts): an OTC order is decided like any other.
 */
import {
  orderDepositListOTC,
  orderDepositListZHOTC,
  orderTransferListOTC,
  orderTransferListZHOTC,
  otcPayOrderPage,
} from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../platform/crud/index.ts';
import { NOT_NULL } from '../../platform/crud/query.ts';
import { withdrawalConditions } from './badges.ts';
import { depositOrders, withdrawOrders } from './schema.ts';

export async function otcRoutes(fastify: FastifyInstance) {
  registerCrud(fastify, orderDepositListOTC, { table: depositOrders });
  const withdrawals = { table: withdrawOrders, conditions: withdrawalConditions(fastify.ctx) };
  registerCrud(fastify, orderTransferListOTC, withdrawals);
  registerCrud(fastify, orderDepositListZHOTC, { table: depositOrders });
  registerCrud(fastify, orderTransferListZHOTC, withdrawals);
  // The payment orders: the OTC/ZHOTC deposits an upstream accepted (its order no on the order).
  registerCrud(fastify, otcPayOrderPage, { table: depositOrders, scope: { upstreamOrderNo: NOT_NULL } });
}
