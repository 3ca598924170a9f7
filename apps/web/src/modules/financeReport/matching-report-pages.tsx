/** The matching and time-to-pay report pages (contracts opsReports/matching.ts, pay-time.ts). */
import {
  matchDayReportSum,
  matchingWithdrawalTimeStatisticsQuery,
  matchReportSum,
  mchMatchSynRecordReport,
} from '@payops/contracts/resources/opsReports/matching';
import { paymentTimeStatisticsPage } from '@payops/contracts/resources/opsReports/pay-time';
import { reportPageOf } from './ops-report-page.tsx';

export const MatchingReportPage = reportPageOf([
  matchDayReportSum,
  matchReportSum,
  matchingWithdrawalTimeStatisticsQuery,
  mchMatchSynRecordReport,
  paymentTimeStatisticsPage,
]);
