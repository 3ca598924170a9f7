/**
 * Bank-notification email orders (issue 12): mailbox configs and assignments (payManage), the email
 * orders (order/emailOrderList) read by the poller (poller.ts) or uploaded, and the sandbox bank's
 * IMAP server while the sandbox is on (sandbox/).
 */
import type { FastifyInstance } from 'fastify';
import { emailRoutes } from './email.routes.ts';
import { stopSandboxImap } from './sandbox/bank.ts';

export async function emailModule(app: FastifyInstance) {
  await emailRoutes(app);
  app.addHook('onClose', () => stopSandboxImap(app.ctx));
}
