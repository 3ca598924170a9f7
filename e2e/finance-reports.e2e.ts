/**
 * Finance reports in the browser (issue 14), over the demo day's orders (rolled up by its last step
 * and by the report route's own run of the change feed): every report of this file's list opens with
 * rows and its totals row over the default last 7 days, shows nothing over a range without orders,
 * shows its rows again over a range with today, and its first row's drill-down lands on the order list
 * it sums, filtered, with rows. Screenshots of charts (line, pie, bar) in zh-CN and en-US. The member
 * report's pages and sort are the server's: sorted by a measure, page 2 goes on where page 1 ends,
 * and its export holds every group in that order.
 */
import fs from 'node:fs';
import { dayReportMember } from '@payops/contracts';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launch, screenshot } from './support/browser.ts';
import { signedInPage } from './support/operators.ts';
import { pageHelpers } from './support/page.ts';
import { demoStepDone, reportHelpers } from './support/reports.ts';
import { chooseLanguage } from './support/shell.ts';

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

const { id, rows, idle, speak } = pageHelpers(() => page);
const { report, openReport, setRange, drill } = reportHelpers(() => page);

/** The report's picker's end day (today, in the platform's zone) and the day 30 days before it. */
async function lastMonth(name: string): Promise<[string, string]> {
  const today = await report(name).locator('.ant-picker-range input').nth(1).inputValue();
  const monthAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 30 * 86_400_000).toISOString().slice(0, 10);
  return [monthAgo, today];
}

/** A money column's figures on the report's current page, by the column's title. */
async function cells(name: string, title: string): Promise<string[]> {
  const titles = await report(name).locator('thead th').allInnerTexts();
  const at = titles.findIndex((t) => t.trim() === title);
  expect(at, `${title} in ${titles.join('|')}`).toBeGreaterThanOrEqual(0);
  return rows()
    .locator(`td:nth-child(${at + 1})`)
    .allInnerTexts();
}

async function column(name: string, title: string): Promise<number[]> {
  return (await cells(name, title)).map((c) => Number(c.replace(/[^\d.-]/g, '')));
}

/** A chart drawn, its motion over, before a screenshot. */
async function chartShown(file: string) {
  await id('report-chart').locator('canvas').first().waitFor({ timeout: 20_000 });
  await page.waitForTimeout(1200);
  await screenshot(page, file);
}

beforeAll(async () => {
  // The demo day runs in the background after the server starts; its settlement comes just before
  // its rollup step (and every report page runs the change feed itself before reading).
  await demoStepDone(`SELECT count(*)::int AS n FROM merchant_settlements WHERE status = 'settled'`, 180);
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
      const [monthAgo, today] = await lastMonth(name);
      await setRange(name, '2024-01-01', '2024-01-07');
      await expect.poll(() => rows().count(), { timeout: 20_000, message: `${name} empty` }).toBe(0);
      await setRange(name, monthAgo, today);
      await expect
        .poll(() => rows().count(), { timeout: 20_000, message: `${name} again` })
        .toBeGreaterThan(0);
      if (name === 'day_report_mertchant_page') await chartShown('finance-report-merchant-day-zh-CN');
      if (name === 'passage_report_day_page') {
        // Orders without a passage (withdrawals not yet paid out) are a row of their own, named as
        // the chart and the file name it ("无"), with nothing to link to.
        const none = report(name).locator('tbody td', { hasText: /^无$/ });
        await expect.poll(() => none.count(), { timeout: 20_000 }).toBeGreaterThan(0);
        expect(await none.first().locator('a').count()).toBe(0);
      }
      if (name === 'orderfee_list_report') {
        // The fees, what the providers charged for the orders and the margin left, side by side.
        const head = await page.locator(`[data-testid="report-${name}"] thead`).innerText();
        for (const column of ['手续费合计', '通道成本', '毛利']) expect(head).toContain(column);
        await chartShown('finance-report-fees-zh-CN');
      }

      // The first row's orders: the list it sums, filtered to the row's keys and days.
      const landed = await drill(name, lists);
      expect(landed.searchParams.get('createdAt')).toMatch(/^\d{4}-.*Z,\d{4}-.*Z$/);
      await expect
        .poll(() => rows().count(), { timeout: 20_000, message: `${name} drill` })
        .toBeGreaterThan(0);
    }

    // The charts in English: a pie of the pay types, the merchants' trend, the amount bands' bars.
    await chooseLanguage(page, 'en-US');
    await openReport('depositTypeAnalysis');
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await chartShown('finance-report-pay-types-en-US');
    await openReport('day_report_mertchant_page');
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await id('report-totals').innerText()).toContain('Total');
    await chartShown('finance-report-merchant-day-en-US');
    // Not grouped by family, a row's drill says where the USDT orders it counts are.
    expect(await rows().first().getByTestId('report-drill').getAttribute('title')).toBe(
      "Group by Order family to open each row's own list (USDT orders, for one)",
    );
    // Sorted by merchant, then grouped by order family alone, picked in quick succession: no
    // refusal of the sort by the merchant no longer shown; one row per family under the new columns
    // (not the previous grouping's rows), and the chain's row drills into the USDT list.
    await report('day_report_mertchant_page').locator('th', { hasText: 'Merchant no.' }).click();
    await idle();
    await id('report-dimensions').click();
    for (const d of ['Day', 'Merchant no.', 'Order family'])
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: d })
        .first()
        .click();
    await page.keyboard.press('Escape');
    await expect
      .poll(async () => {
        const families = await cells('day_report_mertchant_page', 'Order family');
        return new Set(families).size === families.length && families.includes('Virtual (USDT)');
      })
      .toBe(true);
    expect(await page.locator('.ant-message-error').count()).toBe(0);
    const usdtDrill = rows().filter({ hasText: 'Virtual (USDT)' }).getByTestId('report-drill');
    expect(await usdtDrill.getAttribute('title')).toBeNull();
    await usdtDrill.click();
    await page.waitForURL((u) => u.pathname === '/order/orderDepositListUSDT');
    expect(new URL(page.url()).searchParams.has('merchantId')).toBe(false);
    await openReport('transferAmountStatistics');
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await chartShown('finance-report-amount-bands-en-US');
    await openReport('orderfee_list_report');
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const head = await page.locator('[data-testid="report-orderfee_list_report"] thead').innerText();
    for (const column of ['All fees', 'Channel cost', 'Margin']) expect(head).toContain(column);
    await chartShown('finance-report-fees-en-US');
    await chooseLanguage(page, 'zh-CN');
    await openReport('transferAmountStatistics');
    await chartShown('finance-report-amount-bands-zh-CN');
  }, 240_000);

  test("a report's pages, sort and export are the server's: the member report by deposit amount", async () => {
    const name = dayReportMember.name;
    const amount = (lang: 'zh-CN' | 'en-US') =>
      dayReportMember.labels[lang][`field.${name}.depositSuccessAmount`]!;
    await openReport(name);
    const [monthAgo, today] = await lastMonth(name);
    await setRange(name, monthAgo, today);
    // More groups than a page of 50: the pager counts them all.
    const total = report(name).locator('.ant-pagination-total-text');
    const groups = Number((await total.innerText()).replace(/\D/g, ''));
    expect(groups).toBeGreaterThan(50);
    expect(await total.innerText()).toBe(`共 ${groups} 条`);

    // Two clicks on the header: largest first, over every group (not the page's 50).
    const header = report(name)
      .locator('thead th')
      .filter({ hasText: amount('zh-CN') });
    await header.click();
    await idle();
    await header.click();
    await idle();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    const first = await column(name, amount('zh-CN'));
    expect(first).toHaveLength(50);
    expect(first).toEqual([...first].sort((a, b) => b - a));
    await screenshot(page, 'finance-report-member-sorted-zh-CN');

    await report(name).locator('.ant-pagination-item-2').click();
    await idle();
    await expect.poll(() => report(name).locator('.ant-pagination-item-active').innerText()).toBe('2');
    const second = await column(name, amount('zh-CN'));
    expect(second.length).toBe(Math.min(50, groups - 50));
    expect(second).toEqual([...second].sort((a, b) => b - a));
    expect(second[0]!).toBeLessThanOrEqual(first.at(-1)!);

    await speak('en-US');
    await expect.poll(() => total.innerText()).toBe(`${groups} in total`);
    expect(await column(name, amount('en-US'))).toEqual(second);
    await screenshot(page, 'finance-report-member-sorted-en-US');

    // The export: every group (not the page), in the sort's order, then the totals row.
    const waiting = page.waitForEvent('download', { timeout: 60_000 });
    await id('report-export').click();
    const file = await waiting;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^${name}-.*\\.xlsx$`));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(fs.readFileSync((await file.path())!) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const titles = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    expect(sheet.rowCount).toBe(1 + groups + 1);
    const at = titles.indexOf(amount('en-US')) + 1;
    const exported = Array.from({ length: groups }, (_, i) => Number(sheet.getRow(i + 2).getCell(at).value));
    expect(exported.slice(0, 50)).toEqual(first);
    expect(exported.slice(50, 100)).toEqual(second);
    expect(sheet.getRow(groups + 2).getCell(1).value).toBe('Total');

    // A dimension's header sorts too: merchants by the number the cell shows, from page 1 again.
    const merchant = dayReportMember.labels['en-US'][`field.${name}.merchantId`]!;
    const merchantHeader = report(name).locator('thead th').filter({ hasText: merchant });
    await merchantHeader.click();
    await idle();
    await expect.poll(() => merchantHeader.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => report(name).locator('.ant-pagination-item-active').innerText()).toBe('1');
    const ascending = await cells(name, merchant);
    expect(ascending).toEqual([...ascending].sort());
    await merchantHeader.click();
    await idle();
    await expect.poll(() => merchantHeader.getAttribute('aria-sort')).toBe('descending');
    const descending = await cells(name, merchant);
    expect(descending).toEqual([...descending].sort().reverse());
    expect(descending[0]! > ascending[0]!, `${descending[0]} after ${ascending[0]}`).toBe(true);
    await screenshot(page, 'finance-report-member-by-merchant-en-US');
    await speak('zh-CN');
  }, 120_000);
});
