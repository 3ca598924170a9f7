/**
 * The operations reports' pages (contracts resources/opsReports): a page component over one group of
 * report definitions, so each page's chunk holds only its group's definitions (the report chunk sits
 * at its bundle budget); the route's last part names the report.
 */
import type { ReportDef } from '@payops/contracts/report';
import type { PageProps } from '../../app/page-registry.tsx';
import { ReportPage } from '../../engine/report-page.tsx';

export function reportPageOf(defs: readonly ReportDef[]) {
  return function OpsReportPage({ path }: PageProps) {
    const def = defs.find((d) => d.name === path.split('/').pop());
    if (!def) throw new Error(`no report definition for ${path}`);
    return <ReportPage def={def} />;
  };
}
