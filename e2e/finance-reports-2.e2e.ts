/**
 * The operations reports of /financeReport in the browser (issue 14), over what the demo day produced
 * at first start: each of the 12 opens with rows and its totals row, its range changes (the last 30
 * days), and one row's drill-down lands on the filtered list it sums; the charts and the retention
 * heat map are saved in zh-CN and en-US.
 */
import { OPS_REPORTS } from '@payops/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { database, launch, screenshot } from './support/browser.ts';
import { signedInPage } from './support/operators.ts';
import { pick } from './support/shell.ts';

const OPERATOR = { username: 'e2e_reports2', password: 'Reports2024xy' };
const SECRET = 'MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43W';

let browser: Browser;
let page: Page;

const report = (name: string) => page.getByTestId(`report-${name}`);
const rows = (name: string) => report(name).locator('.ant-table-tbody tr.ant-table-row');
const idle = () =>
  page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'), null, { timeout: 20_000 });

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
  await page.goto(`/financeReport/${name}`);
  await report(name).waitFor({ timeout: 20_000 });
  await idle();
  await setRange(name, await daysAgo(29), await daysAgo(0));
  await expect.poll(() => rows(name).count(), { timeout: 20_000 }).toBeGreaterThan(0);
}

/** Types a range into the report's picker, as an operator would. */
async function setRange(name: string, from: string, to: string): Promise<void> {
  const inputs = report(name).locator('.ant-picker-range input');
  await inputs.nth(0).click();
  await inputs.nth(0).fill(from);
  await inputs.nth(0).press('Enter');
  await inputs.nth(1).fill(to);
  await inputs.nth(1).press('Enter');
  await page.keyboard.press('Escape');
  await expect.poll(() => inputs.nth(0).inputValue()).toBe(from);
  await idle();
}

beforeAll(async () => {
  // The demo day runs in the background after the server starts: the operations step is among its last.
  const db = await database();
  try {
    for (let i = 0; i < 600; i++) {
      const { rows: done } = await db.query(
        `SELECT count(*)::int AS n FROM upstream_callbacks WHERE result = 'refused'`,
      );
      if (done[0].n > 0) break;
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await db.end();
  }
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
      const link = rows(def.name).first().getByTestId('report-drill');
      const href = (await link.getAttribute('href'))!;
      const pages = [def.drill!.page, ...Object.values(def.drill!.pageBy?.pages ?? {})];
      const target = pages.find((p) => href.startsWith(`${p}?`));
      expect(target, `${def.name}: ${href}`).toBeDefined();
      await link.click();
      await page.waitForURL((url) => url.pathname === target, { timeout: 20_000 });
      const list = target!.split('/').pop()!;
      await page.getByTestId(`resource-page-${list}`).first().waitFor({ timeout: 20_000 });
      const params = new URL(page.url()).searchParams;
      if (def.drill!.range !== false)
        expect(params.get(def.drill!.range ?? 'createdAt'), def.name).toBeTruthy();
      for (const [filter, value] of Object.entries(def.drill!.fixed ?? {}))
        expect(params.get(filter)).toBe(value);
    }
  }, 240_000);

  test('charts and the retention heat map in zh-CN and en-US', async () => {
    for (const lang of ['zh-CN', 'en-US'] as const) {
      if (lang === 'en-US') await pick(page, 'language-switch', 'language-option-en-US');
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
    await pick(page, 'language-switch', 'language-option-zh-CN');
  }, 180_000);
});
