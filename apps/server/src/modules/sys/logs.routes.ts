/** Read-only pages over the append-only logs: opearlog (operation log) and login_log. */
import { loginLog as loginLogPage, opearlog } from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../platform/crud/index.ts';
import { loginLog, operationLog } from './schema.ts';

export async function logsRoutes(fastify: FastifyInstance) {
  // The tables refuse UPDATE and DELETE (migration 0001); the definitions offer list and export only.
  registerCrud(fastify, opearlog, { table: operationLog });
  registerCrud(fastify, loginLogPage, { table: loginLog });
}
