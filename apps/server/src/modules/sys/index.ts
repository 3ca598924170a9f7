import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth.routes.ts';
import { credentialsRoutes } from './credentials.routes.ts';

export async function sysModule(app: FastifyInstance) {
  await authRoutes(app);
  await credentialsRoutes(app);
}
