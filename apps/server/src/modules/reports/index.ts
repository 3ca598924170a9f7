/**
 * Finance reports (issue 14): the rollups kept equal to the raw orders (maintain.ts, the job listed in
 * src/jobs.ts; rebuild.ts behind `npm run reports:rebuild`) and the generic routes of every report
 * definition of contracts' ALL_REPORTS (report-routes.ts).
 */
import { ALL_REPORTS, OPS_REPORTS } from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import { registerReport } from './report-routes.ts';

export async function reportsModule(app: FastifyInstance) {
  for (const def of [...ALL_REPORTS, ...OPS_REPORTS]) registerReport(app, def);
}
