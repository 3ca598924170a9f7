/**
 * The levels, tags, rules, gift-risk, merchant-risk and cancellation pages of /financeRisk (issue 13,
 * beside the lists' own module), and the cancellation listener on every order's final state.
 */
import {
  depositDayReportSum,
  giftRiskConfigPage,
  giftRiskLogPage,
  orderCancelRecordList,
} from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../platform/crud/index.ts';
import { onOrderFinal } from '../order/final-state.ts';
import { useAutoBlacklistContext } from './auto-blacklist.port.ts';
import { autoBlacklistRoutes } from './auto-blacklist.routes.ts';
import { recordCancellation, saidCancellation } from './cancel-records.ts';
import { levelRoutes } from './levels.routes.ts';
import { giftClaims, giftRiskConfig, merchantDepositDays, orderCancelRecords } from './risk-levels.schema.ts';
import { tagRoutes } from './tags.routes.ts';

export async function riskLevelsModule(app: FastifyInstance) {
  await levelRoutes(app);
  await tagRoutes(app);
  await autoBlacklistRoutes(app);
  registerCrud(app, orderCancelRecordList, { table: orderCancelRecords });
  registerCrud(app, giftRiskConfigPage, {
    table: giftRiskConfig,
    beforeWrite: (values) => {
      values.updatedAt = app.ctx.clock.now();
    },
  });
  registerCrud(app, giftRiskLogPage, { table: giftClaims });
  registerCrud(app, depositDayReportSum, { table: merchantDepositDays });
  // A listener is module-wide (onOrderFinal keeps one list per process; tests build many apps).
  useAutoBlacklistContext(app.ctx);
  onOrderFinal(recordCancellation, saidCancellation);
}
