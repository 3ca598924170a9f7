/** The level and first-deposit report pages (contracts opsReports/members.ts). */
import {
  firstDepositChannelStatistics,
  firstDepositLevelRetentionReport,
  firstDepositRetentionReport,
  normalLevelReport,
} from '@payops/contracts/resources/opsReports/members';
import { reportPageOf } from './ops-report-page.tsx';

export const MemberReportPage = reportPageOf([
  normalLevelReport,
  firstDepositRetentionReport,
  firstDepositLevelRetentionReport,
  firstDepositChannelStatistics,
]);
