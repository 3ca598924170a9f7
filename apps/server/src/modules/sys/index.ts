import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account.routes.ts';
import { addrPoolRoutes } from './addr-pool.routes.ts';
import { authRoutes } from './auth.routes.ts';
import { credentialsRoutes } from './credentials.routes.ts';
import { ipRulesRoutes } from './ip-rules.routes.ts';
import { logsRoutes } from './logs.routes.ts';
import { messageRoutes } from './message.routes.ts';
import { pendingChangeRoutes } from './pending-change.routes.ts';
import { roleRoutes } from './role.routes.ts';
import { sysBackConfigRoutes } from './sys-back-config.routes.ts';
import { unmaskRoutes } from './unmask.routes.ts';
import { userRoutes } from './user.routes.ts';

export async function sysModule(app: FastifyInstance) {
  await authRoutes(app);
  await credentialsRoutes(app);
  await accountRoutes(app);
  await userRoutes(app);
  await roleRoutes(app);
  await logsRoutes(app);
  await addrPoolRoutes(app);
  await ipRulesRoutes(app);
  await sysBackConfigRoutes(app);
  await messageRoutes(app);
  await unmaskRoutes(app);
  await pendingChangeRoutes(app);
}
