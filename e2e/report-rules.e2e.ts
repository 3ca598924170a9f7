/**
 * Every report's totals row is what its rows add up to, however they are grouped: for each report of
 * the route table over the demo's last 7 days (its rollups maintained as the demo's orders changed),
 * grouped by each dimension alone and by its default grouping, every sum measure's total is the sum
 * of the rows, every first / last value the smallest / largest of the rows, and the totals do not
 * depend on the grouping. Judged through the page's own query call with an administrator's session.
 */
import {
  ALL_REPORTS,
  OPS_REPORTS,
  REPORT_DEFAULT_DAYS,
  type ReportDef,
  TRADE_REPORTS,
} from '@payops/contracts';
import { expect, test } from 'vitest';
import { administratorApi } from './support/page-api.ts';
import { Verdict } from './support/verdict.ts';

const OPERATOR = { username: 'e2e_report_rules', password: 'ReportRules2024' };
const SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
/** The largest report page: a grouping with more groups than this is not judged (its rows are paged). */
const ALL_ROWS = 500;

const { call } = administratorApi({ ...OPERATOR, totpSecret: SECRET });

type Row = Record<string, unknown>;

/** A decimal (string or number) in hundred-millionths: sums of money are exact, as the rollups' are. */
function units(v: unknown): bigint {
  const [whole = '0', fraction = ''] = String(v ?? 0).split('.');
  const negative = whole.startsWith('-');
  const n = BigInt(whole.replace('-', '') || '0') * 10n ** 8n + BigInt(fraction.padEnd(8, '0').slice(0, 8));
  return negative ? -n : n;
}

const compare = (a: unknown, b: unknown) => String(a ?? '').localeCompare(String(b ?? ''));

/** The report's answer for one grouping, every group on one page; undefined when there are more. */
async function grouped(report: ReportDef, dimensions: readonly string[]) {
  const answer = await call(`${report.api}/query`, {
    lastDays: REPORT_DEFAULT_DAYS,
    dimensions,
    page: 1,
    pageSize: ALL_ROWS,
  });
  expect(answer.code, `${report.name} by ${dimensions.join('+')}: ${answer.msg}`).toBe(0);
  const data = answer.data as { rows: Row[]; totals: Row; pager: { total: number | null } };
  return (data.pager.total ?? Infinity) <= ALL_ROWS ? data : undefined;
}

test("every report's totals row is what its rows add up to, however they are grouped", async () => {
  const v = new Verdict();
  for (const report of [...ALL_REPORTS, ...OPS_REPORTS, ...TRADE_REPORTS]) {
    const groupings = [report.defaultDimensions, ...Object.keys(report.dimensions).map((d) => [d])];
    // The totals of the first grouping whose groups fit on one page, and that grouping.
    let first: { totals: Row; by: string } | undefined;
    for (const dimensions of groupings) {
      const data = await grouped(report, dimensions);
      if (!data) continue;
      const at = `${report.name} by ${dimensions.join('+')}`;
      first ??= { totals: data.totals, by: dimensions.join('+') };
      for (const m of Object.values(report.measures)) {
        const total = data.totals[m.name];
        if (total === undefined) continue;
        v.judged++;
        const before = first.totals[m.name];
        if (JSON.stringify(total) !== JSON.stringify(before))
          v.broken.push(`${at}: ${m.name} total ${String(total)}, by ${first.by} ${String(before)}`);
        const values = data.rows.map((r) => r[m.name]).filter((x) => x !== null && x !== undefined);
        if (m.sum) {
          const sum = values.reduce<bigint>((s, x) => s + units(x), 0n);
          if (sum !== units(total))
            v.broken.push(`${at}: ${m.name} rows add up to ${sum} units, total ${String(total)}`);
        } else if ((m.min || m.max) && values.length) {
          const sorted = [...values].sort(compare);
          const expected = m.min ? sorted[0] : sorted.at(-1);
          if (compare(expected, total) !== 0)
            v.broken.push(
              `${at}: ${m.name} rows' ${m.min ? 'first' : 'last'} ${String(expected)}, total ${String(total)}`,
            );
        }
      }
    }
  }
  v.close('report totals');
}, 300_000);
