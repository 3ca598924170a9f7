/**
 * The demo's finance reports (issue 14): the rollups brought up to date with everything the demo day
 * did, by the same change feed the job runs (modules/reports/maintain.ts), so the report pages of a
 * fresh `npm start` show every family at once.
 */
import { drainEverythingBefore } from '../modules/reports/maintain.ts';
import type { AppContext } from '../platform/context.ts';

export interface ReportsDayReport {
  /** Source-days rolled up. */
  groups: number;
}

export async function rollUpDemoDay(ctx: AppContext): Promise<ReportsDayReport> {
  return { groups: await drainEverythingBefore(ctx.db, ctx.config.timeZone) };
}
