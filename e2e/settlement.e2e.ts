/**
 * Merchant settlement in the browser, on the statements the demo day computed at first start (its
 * last step): the page lists them, a statement's drawer shows its figures as the database holds them
 * and links to that merchant's fund log of that day (as many postings as the statement counts), the
 * .xlsx export carries the figures, and a closed statement is settled with an authenticator code.
 * Screenshots in zh-CN and en-US.
 */
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { database, enterCode, launch, screenshot } from './support/browser.ts';
import { signedInPage } from './support/operators.ts';
import { confirmAction, openResource, pageHelpers } from './support/page.ts';
import { chooseLanguage } from './support/shell.ts';

const OPERATOR = { username: 'e2e_settle', password: 'Settle2024xy' };
const SECRET = 'MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U';

interface Statement {
  id: string;
  day: string;
  mchNo: string;
  postings: number;
  depositsGross: string;
  closingAvailable: string;
}

let browser: Browser;
let page: Page;
/** A closed, open statement equal to the ledger: the one this file settles. */
let target: Statement;

const { id, idle, rows } = pageHelpers(() => page);
const drawer = () => page.locator('[data-testid="detail-drawer"]:visible');
/** Antd's motions (the drawer sliding in, a modal) over, before a screenshot. */
const still = () =>
  page.waitForFunction(
    () =>
      document
        .getAnimations()
        // A badge's endless pulse is not a motion that ends.
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    null,
    { timeout: 10_000 },
  );
/** A displayed amount as a number ("1,234.50" -> 1234.5). */
const amount = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

const open = (query = '') => openResource(page, `/order/pageSettle${query}`, 'pageSettle');

beforeAll(async () => {
  // The demo day runs in the background after the server starts: settlement is its last step.
  const db = await database();
  try {
    for (let i = 0; i < 360; i++) {
      const { rows: done } = await db.query(
        `SELECT count(*)::int AS n FROM merchant_settlements WHERE status = 'settled'`,
      );
      if (done[0].n > 0) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const { rows: found } = await db.query(
      `SELECT id::text, to_char(day, 'YYYY-MM-DD') AS day, mch_no AS "mchNo", postings,
              deposits_gross::text AS "depositsGross", closing_available::text AS "closingAvailable"
         FROM merchant_settlements
        WHERE status = 'open' AND NOT provisional AND NOT mismatch AND postings BETWEEN 1 AND 10
        ORDER BY day DESC, id DESC LIMIT 1`,
    );
    target = found[0];
  } finally {
    await db.end();
  }
  expect(target, 'the demo computed closed statements').toBeDefined();
  browser = await launch();
  page = await signedInPage(browser, { ...OPERATOR, totpSecret: SECRET });
}, 240_000);
afterAll(() => browser?.close());

describe('settlement', () => {
  test('the demo statements, a drawer with the figures and the fund log, export, settle (zh-CN)', async () => {
    await open();
    await expect.poll(() => rows().count()).toBeGreaterThan(0);
    expect(await page.locator('.ant-table-tbody:visible').first().innerText()).toContain('已结算');
    await screenshot(page, 'settlement-list-zh-CN');

    // The statement's merchant and day: one row.
    const filtered = `?mchNo=${target.mchNo}&day=${target.day},${target.day}`;
    await open(filtered);
    await expect.poll(() => rows().count()).toBe(1);
    await rows().first().click();
    await drawer().getByTestId('detail-closingAvailable').waitFor({ timeout: 20_000 });
    expect(amount(await drawer().getByTestId('detail-closingAvailable').innerText())).toBe(
      Number(target.closingAvailable),
    );
    expect(amount(await drawer().getByTestId('detail-depositsGross').innerText())).toBe(
      Number(target.depositsGross),
    );
    expect(await drawer().getByTestId('detail-status').innerText()).toBe('未结算');
    await still();
    await screenshot(page, 'settlement-detail-zh-CN');

    // The journal behind the figures: that merchant's postings of that day.
    await drawer().getByTestId('settle-fund-log').click();
    await page.waitForURL((url) => url.pathname === '/mch/fund_log', { timeout: 20_000 });
    await id('resource-page-fund_log').waitFor({ timeout: 20_000 });
    await idle();
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBe(target.postings);
    expect(await rows().first().innerText()).toContain(target.mchNo);

    // The export of the filtered list: its figures in the .xlsx, cut to 2 decimals.
    await open(filtered);
    const waiting = page.waitForEvent('download', { timeout: 90_000 });
    await id('toolbar-export').click();
    await id('export-xlsx').click();
    const file = await waiting;
    expect(file.suggestedFilename()).toMatch(/^pageSettle-.*\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(fs.readFileSync((await file.path())!) as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    const cell = sheet.getRow(2).getCell(header.indexOf('期末可用') + 1);
    expect(cell.value).toBe(Number(target.closingAvailable));
    expect(cell.numFmt).toBe('#,##0.00');

    // Settled with a code: the row says so and offers neither settle nor recompute any more.
    await rows().first().getByTestId('row-settle').click();
    await confirmAction(page);
    await enterCode(page, SECRET);
    await expect.poll(() => rows().first().innerText(), { timeout: 20_000 }).toContain('已结算');
    expect(await rows().first().getByTestId('row-settle').count()).toBe(0);
    expect(await rows().first().getByTestId('row-recompute').count()).toBe(0);
    await still();
    await screenshot(page, 'settlement-settled-zh-CN');
  });

  test('the page and a drawer in en-US', async () => {
    await open();
    await chooseLanguage(page, 'en-US');
    await open();
    await expect
      .poll(() => page.locator('.ant-table-thead:visible').first().textContent())
      .toContain('Deposits (gross)');
    await screenshot(page, 'settlement-list-en-US');
    await open(`?mchNo=${target.mchNo}&day=${target.day},${target.day}`);
    await rows().first().click();
    await drawer().getByTestId('detail-status').waitFor({ timeout: 20_000 });
    expect(await drawer().getByTestId('detail-status').innerText()).toBe('Settled');
    expect(await drawer().getByTestId('settle-fund-log').innerText()).toBe("The day's fund log");
    await still();
    await screenshot(page, 'settlement-detail-en-US');
    await open();
    await chooseLanguage(page, 'zh-CN');
  });
});
