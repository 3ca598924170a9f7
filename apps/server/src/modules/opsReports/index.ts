/**
 * The operations reports of /financeReport (matching, third parties, matched orders' callbacks, level
 * promotion, first deposits) and the first-deposit listener on every order's final state.
 */
import type { FastifyInstance } from 'fastify';
import { onOrderFinal } from '../order/final-state.ts';
import { recordFirstDeposit } from './first-deposit.ts';

export async function opsReportsModule(_app: FastifyInstance) {
  // A listener is module-wide (onOrderFinal keeps one list per process; tests build many apps).
  onOrderFinal(recordFirstDeposit);
}
