/**
 * Callbacks to merchants: every final state of an order becomes a notification (the order-final
 * listener), delivered by the merchant-notify job (jobs.ts), listed on /order/mchNotify, failures in
 * the header bell (dashboard/notifications.ts). Also the sandbox merchant that receives them.
 */
import type { FastifyInstance } from 'fastify';
import { onOrderFinal } from '../order/final-state.ts';
import { recordCallback, saidCallback } from './record.ts';
import { notifyRoutes } from './routes.ts';

export async function notifyModule(app: FastifyInstance) {
  onOrderFinal(recordCallback, saidCallback);
  await notifyRoutes(app);
}
