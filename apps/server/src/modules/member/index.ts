/** The /member group. */
import type { FastifyInstance } from 'fastify';
import { memberRoutes } from './member.routes.ts';

export async function memberModule(app: FastifyInstance) {
  await memberRoutes(app);
}
