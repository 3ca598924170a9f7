/** The third-party report pages (contracts opsReports/third-party.ts). */
import {
  thirdErrorSum,
  thirdPushDayReportSum,
  thirdReportSum,
} from '@payops/contracts/resources/opsReports/third-party';
import { reportPageOf } from './ops-report-page.tsx';

export const ThirdReportPage = reportPageOf([thirdReportSum, thirdPushDayReportSum, thirdErrorSum]);
