/**
 * The trade reports of /tradeManage (issue 15): their rollups joined to the finance reports' feed
 * (register.ts) and the reports' generic routes (modules/reports) for contracts' TRADE_REPORTS.
 */
import { TRADE_REPORTS } from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import { registerReport } from '../reports/report-routes.ts';
import './register.ts';

export async function tradeReportsModule(app: FastifyInstance) {
  for (const def of TRADE_REPORTS) registerReport(app, def);
}
