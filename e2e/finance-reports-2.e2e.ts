/**
 * The operations reports of /financeReport in the browser (issue 14), over what the demo day produced
 * at first start: each of the 12 opens with rows and its totals row, its range changes (the last 30
 * days), and one row's drill-down lands on the filtered list it sums; the charts and the retention
 * heat map are saved in zh-CN and en-US.
 */
import { OPS_REPORTS } from '@payops/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launch, screenshot } from './support/browser.ts';
import { signedInPage } from './support/operators.ts';
import { demoStepDone, reportHelpers } from './support/reports.ts';
import { chooseLanguage } from './support/shell.ts';

const OPERATOR = { username: 'e2e_reports2', password: 'Reports2024xy' };
const SECRET = 'MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43W';

let browser: Browser;
let page: Page;

const { report, rows, openReport, setRange, drill } = reportHelpers(() => page);

/**
 * A day `n` days before today in the platform's zone (Asia/Shanghai, the demo's): the page's default
 * range is the browser's calendar, which may still be on the day before the platform's.
 */
const daysAgo = async (n: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(
    new Date(Date.now() - n * 86_400_000),
  );

/** Opens the report over the last 30 days of the platform's calendar; it shows rows. */
async function open(name: string): Promise<void> {
  await openReport(name);
  await setRange(name, await daysAgo(29), await daysAgo(0));
  await expect.poll(() => rows(name).count(), { timeout: 20_000 }).toBeGreaterThan(0);
}

beforeAll(async () => {
  // The demo day runs in the background after the server starts: the operations step is among its last.
  await demoStepDone(`SELECT count(*)::int AS n FROM upstream_callbacks WHERE result = 'refused'`, 300);
  browser = await launch();
  page = await signedInPage(browser, { ...OPERATOR, totpSecret: SECRET });
}, 400_000);
afterAll(() => browser?.close());

describe('operations reports', () => {
  test('each report shows rows and totals, takes a new range, and drills into its list (zh-CN)', async () => {
    for (const def of OPS_REPORTS) {
      await open(def.name);
      await expect.poll(() => report(def.name).getByTestId('report-totals').count()).toBe(1);
      // One row's drill-down: the list it sums, its filters in the address (and the search form).
      const href = (await rows(def.name).first().getByTestId('report-drill').getAttribute('href'))!;
      const pages = [def.drill!.page, ...Object.values(def.drill!.pageBy?.pages ?? {})];
      const target = pages.find((p) => href.startsWith(`${p}?`));
      expect(target, `${def.name}: ${href}`).toBeDefined();
      const { pathname, searchParams: params } = await drill(def.name, [target!]);
      await page
        .getByTestId(`resource-page-${pathname.split('/').pop()}`)
        .first()
        .waitFor();
      if (def.drill!.range !== false)
        expect(params.get(def.drill!.range ?? 'createdAt'), def.name).toBeTruthy();
      for (const [filter, value] of Object.entries(def.drill!.fixed ?? {}))
        expect(params.get(filter)).toBe(value);
    }
  }, 240_000);

  test('charts and the retention heat map in zh-CN and en-US', async () => {
    for (const lang of ['zh-CN', 'en-US'] as const) {
      if (lang === 'en-US') await chooseLanguage(page, 'en-US');
      for (const name of [
        'matchDayReportSum',
        'matchingWithdrawalTimeStatisticsQuery',
        'firstDepositChannelStatistics',
      ]) {
        await open(name);
        await report(name).locator('canvas').first().waitFor({ timeout: 20_000 });
        await screenshot(page, `finance-reports-2-${name}-${lang}`);
      }
      await open('firstDepositRetentionReport');
      // The heat map: every share cell shaded by its value, and the rule of the count said above.
      expect(await report('firstDepositRetentionReport').locator('td[data-heat]').count()).toBeGreaterThan(0);
      expect(await report('firstDepositRetentionReport').getByTestId('report-help').innerText()).toContain(
        lang === 'zh-CN' ? '首充日' : 'first deposit',
      );
      await screenshot(page, `finance-reports-2-retention-${lang}`);
      await open('firstDepositLevelRetentionReport');
      await screenshot(page, `finance-reports-2-level-retention-${lang}`);
    }
    await chooseLanguage(page, 'zh-CN');
  }, 180_000);
});
