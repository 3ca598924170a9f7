/**
 * The merchant API (/openapi/v1) and its placement log pages (orderPlaceLogPage, orderPlaceLogStatic,
 * logReport, orderFailReason under /api/pay/...).
 */
import { logReport, orderFailReason, orderPlaceLogPage, orderPlaceLogStatic } from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../platform/crud/index.ts';
import { onOrderFinal } from '../order/final-state.ts';
import { failReasonRecorder, saidFailReason } from './fail-reasons.ts';
import { openapiRoutes } from './routes.ts';
import { errorReportDaily, orderFailReasons, orderPlaceLog, orderPlaceStat } from './schema.ts';

let recorder: ReturnType<typeof failReasonRecorder> | undefined;

export async function openapiModule(app: FastifyInstance) {
  await openapiRoutes(app);
  registerCrud(app, orderPlaceLogPage, { table: orderPlaceLog });
  registerCrud(app, orderPlaceLogStatic, { table: orderPlaceStat });
  registerCrud(app, logReport, { table: errorReportDaily });
  registerCrud(app, orderFailReason, { table: orderFailReasons });
  // One listener per process (onOrderFinal keeps listeners module-wide; tests build many apps).
  recorder ??= failReasonRecorder(app.ctx.config.timeZone);
  onOrderFinal(recorder, saidFailReason);
}
