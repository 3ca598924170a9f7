/**
 * The operations reports of /financeReport (matching, third parties, matched orders' callbacks, level
 * promotion, first deposits): their rollups joined to the finance reports' feed and read rollups
 * (register.ts; the report routes are the reports module's), and the first-deposit listener on every
 * order's final state.
 */
import type { FastifyInstance } from 'fastify';
import { onOrderFinal } from '../order/final-state.ts';
import { recordFirstDeposit, saidFirstDeposit } from './first-deposit.ts';
import './register.ts';

export async function opsReportsModule(_app: FastifyInstance) {
  // A listener is module-wide (onOrderFinal keeps one list per process; tests build many apps).
  onOrderFinal(recordFirstDeposit, saidFirstDeposit);
}
