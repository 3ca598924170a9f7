/**
 * The finance report pages for the shell's page registry: each report's route -> the one report page
 * (a chunk with the engine's ReportPage; echarts is a chunk of its own, fetched when a chart shows).
 * A report joins with its route here and its definition in contracts' ALL_REPORTS.
 */
import { type PageModule, pagesOf } from '../../app/lazy-pages.ts';

const reports = pagesOf(() => import('./report-pages.tsx'));
// The operations reports (contracts resources/opsReports), a chunk per group of definitions.
const matching = pagesOf(() => import('./matching-report-pages.tsx'));
const third = pagesOf(() => import('./third-report-pages.tsx'));
const members = pagesOf(() => import('./member-report-pages.tsx'));

export const financeReportPages: Record<string, () => PageModule> = {
  '/financeReport/day_report_mertchant_page': reports('FinanceReportPage'),
  '/financeReport/passage_report_day_page': reports('FinanceReportPage'),
  '/financeReport/day_report_member_page': reports('FinanceReportPage'),
  '/financeReport/orderfee_list_report': reports('FinanceReportPage'),
  '/financeReport/orderfee_list': reports('FinanceReportPage'),
  '/financeReport/normalDepositList': reports('FinanceReportPage'),
  '/financeReport/normalWithdrawList': reports('FinanceReportPage'),
  '/financeReport/matchDepositList': reports('FinanceReportPage'),
  '/financeReport/matchWithdrawList': reports('FinanceReportPage'),
  '/financeReport/virtualDepositList': reports('FinanceReportPage'),
  '/financeReport/virtualWithdrawList': reports('FinanceReportPage'),
  '/financeReport/depositTypeAnalysis': reports('FinanceReportPage'),
  '/financeReport/transferAmountStatistics': reports('FinanceReportPage'),
  '/financeReport/matchDayReportSum': matching('MatchingReportPage'),
  '/financeReport/matchReportSum': matching('MatchingReportPage'),
  '/financeReport/matchingWithdrawalTimeStatisticsQuery': matching('MatchingReportPage'),
  '/financeReport/mchMatchSynRecordReport': matching('MatchingReportPage'),
  '/financeReport/paymentTimeStatisticsPage': matching('MatchingReportPage'),
  '/financeReport/thirdReportSum': third('ThirdReportPage'),
  '/financeReport/thirdPushDayReportSum': third('ThirdReportPage'),
  '/financeReport/thirdErrorSum': third('ThirdReportPage'),
  '/financeReport/normalLevelReport': members('MemberReportPage'),
  '/financeReport/firstDepositRetentionReport': members('MemberReportPage'),
  '/financeReport/firstDepositLevelRetentionReport': members('MemberReportPage'),
  '/financeReport/firstDepositChannelStatistics': members('MemberReportPage'),
};
