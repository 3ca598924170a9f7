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
  orderDetainList,
  orderRecordPage,
  orderTransferList,
  ordinaryDeposits,
  receiveList,
  thirdwithdrawList,
} from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../platform/crud/index.ts';
import { NOT_NULL } from '../../platform/crud/query.ts';
import { registerTransitions } from '../../platform/transitions/index.ts';
import { withdrawalConditions } from './badges.ts';
import { depositHooks } from './deposit-effects.ts';
import { depositOrders, orderEvents, withdrawOrders, withdrawReviewRules } from './schema.ts';
import { withdrawHooks } from './withdraw-effects.ts';

export async function orderRoutes(fastify: FastifyInstance) {
  registerCrud(fastify, orderDepositList, { table: depositOrders });
  registerTransitions(fastify, orderDepositList, { table: depositOrders, hooks: depositHooks() });
  // Every withdrawal list filters `overdue` (the timed-out badge's condition).
  const withdrawals = { table: withdrawOrders, conditions: withdrawalConditions(fastify.ctx) };
  registerCrud(fastify, orderTransferList, withdrawals);
  registerTransitions(fastify, orderTransferList, {
    table: withdrawOrders,
    hooks: withdrawHooks(fastify.ctx),
  });
  // The view pages (contracts order/views.ts), each scoped by its definition.
  registerCrud(fastify, receiveList, { table: depositOrders });
  registerCrud(fastify, ordinaryDeposits, { table: depositOrders });
  registerCrud(fastify, orderDetainList, withdrawals);
  registerCrud(fastify, thirdwithdrawList, { ...withdrawals, scope: { scheduledAt: NOT_NULL } });
  registerCrud(fastify, orderRecordPage, { table: orderEvents });
  registerCrud(fastify, auditRecordList, { table: orderEvents });
  registerCrud(fastify, autoReviewList, { table: withdrawReviewRules });
}
