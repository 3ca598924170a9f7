/**
 * Every finance report page (issue 14): the route's report definition rendered by the engine's
 * ReportPage. Nothing per page: a report is its definition (contracts resources/financeReport).
 */
import { findReport } from '@payops/contracts/resources/financeReport/index';
import type { PageProps } from '../../app/page-registry.tsx';
import { ReportPage } from '../../engine/report-page.tsx';

export function FinanceReportPage({ path }: PageProps) {
  const name = path.split('/').pop() ?? '';
  const def = findReport(name);
  if (!def) throw new Error(`no report definition for ${path}`);
  return <ReportPage def={def} />;
}
