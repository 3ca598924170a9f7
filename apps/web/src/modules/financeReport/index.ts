/**
 * The finance report pages for the shell's page registry: each report's route -> the one report page
 * (a chunk with the engine's ReportPage; echarts is a chunk of its own, fetched when a chart shows).
 * A report joins by its name here and its definition in contracts' ALL_REPORTS.
 */
import { type PageModule, pagesOf } from '../../app/lazy-pages.ts';

const reports = pagesOf(() => import('./report-pages.tsx'));

const REPORT_PAGES = [
  'day_report_mertchant_page',
  'passage_report_day_page',
  'day_report_member_page',
  'orderfee_list_report',
  'orderfee_list',
  'normalDepositList',
  'normalWithdrawList',
  'matchDepositList',
  'matchWithdrawList',
  'virtualDepositList',
  'virtualWithdrawList',
  'depositTypeAnalysis',
  'transferAmountStatistics',
  // The operations reports (contracts resources/opsReports).
  'matchDayReportSum',
  'matchReportSum',
  'matchingWithdrawalTimeStatisticsQuery',
  'paymentTimeStatisticsPage',
  'thirdPushDayReportSum',
  'thirdReportSum',
  'thirdErrorSum',
  'mchMatchSynRecordReport',
  'normalLevelReport',
  'firstDepositRetentionReport',
  'firstDepositLevelRetentionReport',
  'firstDepositChannelStatistics',
];

export const financeReportPages: Record<string, () => PageModule> = Object.fromEntries(
  REPORT_PAGES.map((name) => [`/financeReport/${name}`, reports('FinanceReportPage')]),
);
