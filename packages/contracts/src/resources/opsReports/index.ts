/** The operations reports of /financeReport: matching, third parties, levels, first deposits. */
import type { ReportDef } from '../../report.ts';
import {
  matchDayReportSum,
  matchingWithdrawalTimeStatisticsQuery,
  matchReportSum,
  mchMatchSynRecordReport,
} from './matching.ts';
import {
  firstDepositChannelStatistics,
  firstDepositLevelRetentionReport,
  firstDepositRetentionReport,
  normalLevelReport,
} from './members.ts';
import { paymentTimeStatisticsPage } from './pay-time.ts';
import { thirdErrorSum, thirdPushDayReportSum, thirdReportSum } from './third-party.ts';

export * from './matching.ts';
export * from './members.ts';
export * from './pay-time.ts';
export * from './third-party.ts';
export * from './time-buckets.ts';

export const OPS_REPORTS: readonly ReportDef[] = [
  matchDayReportSum,
  matchReportSum,
  matchingWithdrawalTimeStatisticsQuery,
  paymentTimeStatisticsPage,
  thirdPushDayReportSum,
  thirdReportSum,
  thirdErrorSum,
  mchMatchSynRecordReport,
  normalLevelReport,
  firstDepositRetentionReport,
  firstDepositLevelRetentionReport,
  firstDepositChannelStatistics,
];
