/**
 * The order lists and the operators' transitions on them, with their effects (deposit-effects.ts,
 * withdraw-effects.ts); the order event lists (orderRecordPage, auditRecordList) and the withdrawal
 * auto-review rules (autoReviewList). The system transitions' hooks are registered here too, so a job
 * or the upstream adapter running them gets the same effects.
 */
import {
  auditRecordList,
  autoReviewList,
  orderDepositList,
  orderRecordPage,
  orderTransferList,
} from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../platform/crud/index.ts';
import { registerTransitions } from '../../platform/transitions/index.ts';
import { depositHooks } from './deposit-effects.ts';
import { depositOrders, orderEvents, withdrawOrders, withdrawReviewRules } from './schema.ts';
import { withdrawHooks } from './withdraw-effects.ts';

export async function orderRoutes(fastify: FastifyInstance) {
  registerCrud(fastify, orderDepositList, { table: depositOrders });
  registerTransitions(fastify, orderDepositList, { table: depositOrders, hooks: depositHooks() });
  registerCrud(fastify, orderTransferList, { table: withdrawOrders });
  registerTransitions(fastify, orderTransferList, {
    table: withdrawOrders,
    hooks: withdrawHooks(fastify.ctx),
  });
  registerCrud(fastify, orderRecordPage, { table: orderEvents });
  registerCrud(fastify, auditRecordList, { table: orderEvents, scope: { decision: true } });
  registerCrud(fastify, autoReviewList, { table: withdrawReviewRules });
}
