/**
 * "A fresh `npm start` shows every built page non-empty": on the suite's server (a fresh data folder,
 * the demo platform and its day made through the platform's own code paths: the merchant API, the
 * sandbox upstream and chain, operators' decisions), every page's list and every report answers rows
 * to an administrator (one of the cashier staff, as the wallet's counter pages require), through the
 * calls the page itself makes with the operator's session; and every route of the table is one of them.
 * What those rows hold is judged by list-rules.e2e.ts.
 */
import {
  ALL_REPORTS,
  allPages,
  allResources,
  OPS_REPORTS,
  REPORT_DEFAULT_DAYS,
  type ReportDef,
  type ResourceDef,
  TRADE_REPORTS,
} from '@payops/contracts';
import { expect, test } from 'vitest';
import { administratorApi } from './support/page-api.ts';

const OPERATOR = { username: 'e2e_every_page', password: 'EveryPage2024' };
const SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

const { call, page } = administratorApi({ ...OPERATOR, totpSecret: SECRET });
/** How many rows the page's first screen shows, or its refusal. */
async function rowsOf(target: ResourceDef | ReportDef): Promise<number | string> {
  const answer =
    'rollup' in target
      ? await call(`${target.api}/query`, { lastDays: REPORT_DEFAULT_DAYS })
      : await call(target.actions.list!.path, { page: 1, pageSize: 20 });
  if (answer.code !== 0) return `${answer.code} ${answer.msg}`;
  const data = answer.data as { list?: unknown[]; rows?: unknown[] };
  return (data.list ?? data.rows ?? []).length;
}

test('every list and report page of the route table shows rows on a fresh start', async () => {
  const targets = new Map<string, ResourceDef | ReportDef>();
  for (const def of allResources) if (def.pageList && def.actions.list) targets.set(def.pagePath, def);
  for (const report of [...ALL_REPORTS, ...OPS_REPORTS, ...TRADE_REPORTS])
    targets.set(report.pagePath, report);
  const routes = allPages.map((p) => p.path);
  const empty = new Map<string, number | string>();
  // The demo day goes on in the background (reports fill as its last steps run): empty pages are
  // asked again for up to three minutes.
  const until = Date.now() + 180_000;
  let pending = routes.filter((path) => targets.has(path));
  while (pending.length) {
    empty.clear();
    for (const path of pending) {
      const n = await rowsOf(targets.get(path)!);
      if (n === 0 || typeof n === 'string') empty.set(path, n);
    }
    pending = [...empty.keys()];
    if (!pending.length || Date.now() > until) break;
    await page().waitForTimeout(5000);
  }
  const neither = routes.filter((path) => !targets.has(path));
  process.stdout.write(
    `every page: ${routes.length} routes, ${targets.size} lists and reports, empty: ${JSON.stringify(Object.fromEntries(empty))}, neither: ${JSON.stringify(neither)}\n`,
  );
  expect(Object.fromEntries(empty)).toEqual({});
  expect(neither).toEqual([]);
}, 300_000);
