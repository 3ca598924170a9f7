/**
 * Finance reports in the browser (issue 14), over the demo day's orders (rolled up by its last step
 * and by the report route's own run of the change feed): every report of this file's list opens with
 * rows and its totals row over the default last 7 days, shows nothing over a range without orders,
 * shows its rows again over a range with today, and its first row's drill-down lands on the order list
 * it sums, filtered, with rows. Screenshots of charts (line, pie, bar) in zh-CN and en-US.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { database, launch, screenshot } from './support/browser.ts';
import { signedInPage } from './support/operators.ts';
import { pick } from './support/shell.ts';

const OPERATOR = { username: 'e2e_reports', password: 'Reports2024xy' };
const SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

const DEPOSITS = '/order/orderDepositList';
const WITHDRAWALS = '/order/orderTransferList';

/** Each report and the list its rows drill into (the first row's; by direction for the fee detail). */
const REPORTS: { name: string; lists: string[] }[] = [
  { name: 'day_report_mertchant_page', lists: [DEPOSITS, WITHDRAWALS] },
  { name: 'passage_report_day_page', lists: [DEPOSITS, WITHDRAWALS] },
  { name: 'day_report_member_page', lists: [DEPOSITS, WITHDRAWALS] },
  { name: 'orderfee_list_report', lists: [DEPOSITS, WITHDRAWALS] },
  { name: 'orderfee_list', lists: ['/order/orderDepositList', '/order/orderTransferList'] },
  { name: 'normalDepositList', lists: ['/order/orderDepositList'] },
  { name: 'normalWithdrawList', lists: ['/order/orderTransferList'] },
  { name: 'matchDepositList', lists: ['/order/orderDepositListMatch'] },
  { name: 'matchWithdrawList', lists: ['/order/orderTransferListMatch'] },
  { name: 'virtualDepositList', lists: ['/order/orderDepositListUSDT'] },
  { name: 'virtualWithdrawList', lists: ['/order/orderTransferListUSDT'] },
  { name: 'depositTypeAnalysis', lists: ['/order/orderDepositList'] },
  { name: 'transferAmountStatistics', lists: ['/order/orderTransferList'] },
];

let browser: Browser;
let page: Page;

const id = (testId: string) => page.getByTestId(testId);
const rows = () => page.locator('.ant-table-tbody:visible').first().locator('tr.ant-table-row');
const idle = () =>
  page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'), null, { timeout: 20_000 });

async function openReport(name: string) {
  await page.goto(`/financeReport/${name}`);
  await id(`report-${name}`).waitFor({ timeout: 20_000 });
  await idle();
}

/** Types a range into the report's picker (start, Enter, end, Enter), as an operator would. */
async function setRange(name: string, from: string, to: string) {
  const inputs = page.locator(`[data-testid="report-${name}"] .ant-picker-range input`);
  await inputs.nth(0).click();
  await inputs.nth(0).fill(from);
  await page.keyboard.press('Enter');
  await inputs.nth(1).fill(to);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await idle();
}

/** A chart drawn, its motion over, before a screenshot. */
async function chartShown(name: string, file: string) {
  await id('report-chart').locator('canvas').first().waitFor({ timeout: 20_000 });
  await page.waitForTimeout(1200);
  await screenshot(page, file);
  expect(name).toBeTruthy();
}

beforeAll(async () => {
  // The demo day runs in the background after the server starts; its settlement comes just before
  // its rollup step (and every report page runs the change feed itself before reading).
  const db = await database();
  try {
    for (let i = 0; i < 360; i++) {
      const { rows: done } = await db.query(
        `SELECT count(*)::int AS n FROM merchant_settlements WHERE status = 'settled'`,
      );
      if (done[0].n > 0) break;
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await db.end();
  }
  browser = await launch();
  page = await signedInPage(browser, { ...OPERATOR, totpSecret: SECRET });
}, 240_000);
afterAll(() => browser?.close());

describe('finance reports', () => {
  test('every report: rows and totals, a range change, a drill-down into its filtered order list; charts in both languages', async () => {
    for (const { name, lists } of REPORTS) {
      await openReport(name);
      await expect.poll(() => rows().count(), { timeout: 20_000, message: name }).toBeGreaterThan(0);
      expect(await id('report-totals').innerText()).toContain('合计');

      // The default range ends today in the platform's zone; a range without orders: no rows; then a
      // month up to today: the rows again.
      const today = await page
        .locator(`[data-testid="report-${name}"] .ant-picker-range input`)
        .nth(1)
        .inputValue();
      const monthAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 30 * 86_400_000)
        .toISOString()
        .slice(0, 10);
      await setRange(name, '2024-01-01', '2024-01-07');
      await expect.poll(() => rows().count(), { timeout: 20_000, message: `${name} empty` }).toBe(0);
      await setRange(name, monthAgo, today);
      await expect
        .poll(() => rows().count(), { timeout: 20_000, message: `${name} again` })
        .toBeGreaterThan(0);
      if (name === 'day_report_mertchant_page') await chartShown(name, 'finance-report-merchant-day-zh-CN');

      // The first row's orders: the list it sums, filtered to the row's keys and days.
      await rows().first().getByTestId('report-drill').click();
      await page.waitForURL((url) => lists.includes(url.pathname), { timeout: 20_000 });
      expect(new URL(page.url()).searchParams.get('createdAt')).toMatch(/^\d{4}-.*Z,\d{4}-.*Z$/);
      await page.locator('[data-testid^="resource-page-"]').first().waitFor({ timeout: 20_000 });
      await idle();
      await expect
        .poll(() => rows().count(), { timeout: 20_000, message: `${name} drill` })
        .toBeGreaterThan(0);
    }

    // The charts in English: a pie of the pay types, the merchants' trend, the amount bands' bars.
    await pick(page, 'language-switch', 'language-option-en-US');
    await openReport('depositTypeAnalysis');
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await chartShown('depositTypeAnalysis', 'finance-report-pay-types-en-US');
    await openReport('day_report_mertchant_page');
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await id('report-totals').innerText()).toContain('Total');
    await chartShown('day_report_mertchant_page', 'finance-report-merchant-day-en-US');
    await openReport('transferAmountStatistics');
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await chartShown('transferAmountStatistics', 'finance-report-amount-bands-en-US');
    await pick(page, 'language-switch', 'language-option-zh-CN');
    await openReport('transferAmountStatistics');
    await chartShown('transferAmountStatistics', 'finance-report-amount-bands-zh-CN');
  }, 240_000);
});
