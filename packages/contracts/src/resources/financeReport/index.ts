/**
 * The finance report definitions (issue 14): registered like resources (their export permissions join
 * the catalogue; the page permissions are the route table's). Add a report to ALL_REPORTS.
 */
import type { ReportDef } from '../../report.ts';
import {
  depositTypeAnalysis,
  matchDepositList,
  matchWithdrawList,
  normalDepositList,
  normalWithdrawList,
  transferAmountStatistics,
  virtualDepositList,
  virtualWithdrawList,
} from './family-reports.ts';
import {
  dayReportMember,
  dayReportMerchant,
  orderFeeList,
  orderFeeReport,
  passageReportDay,
} from './merchant-reports.ts';

export * from './buckets.ts';
export * from './common.ts';
export * from './family-reports.ts';
export * from './merchant-reports.ts';

export const ALL_REPORTS: readonly ReportDef[] = [
  dayReportMerchant,
  passageReportDay,
  dayReportMember,
  orderFeeReport,
  orderFeeList,
  normalDepositList,
  normalWithdrawList,
  matchDepositList,
  matchWithdrawList,
  virtualDepositList,
  virtualWithdrawList,
  depositTypeAnalysis,
  transferAmountStatistics,
];

export function findReport(name: string): ReportDef | undefined {
  return ALL_REPORTS.find((r) => r.name === name);
}
