/** The wallet's views of the market's trade orders: a wallet member buying, or selling. */
import { walletTradeBuyOrderPage, walletTradeSellOrderPage } from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../platform/crud/index.ts';
import { tradeOrders } from '../trade/index.ts';

export async function walletTradeRoutes(fastify: FastifyInstance) {
  registerCrud(fastify, walletTradeBuyOrderPage, { table: tradeOrders });
  registerCrud(fastify, walletTradeSellOrderPage, { table: tradeOrders });
}
