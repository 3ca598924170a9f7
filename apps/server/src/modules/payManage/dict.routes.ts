/** The data dictionary (spec /api/pay/thirdconfig); the switch list is served by sys (one place). */
import { thirdConfig } from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../platform/crud/index.ts';
import { payDictItems } from './schema.ts';

export async function dictRoutes(fastify: FastifyInstance) {
  registerCrud(fastify, thirdConfig, { table: payDictItems });
}
