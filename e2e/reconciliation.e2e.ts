/**
 * Reconciliation in the browser (order/reconciliationPage): on the demo platform, an operator uploads
 * the SANDBOX provider's statement of the demo's day (a CSV in the sandbox's columns) naming one of its orders
 * as paid (matched), one at another amount, one paid that the console has failed or not yet paid, and
 * one the console never saw; the statement imports, the detail lists each line classified (the
 * provider's other orders of the day: only here), and the operator resolves the amount difference
 * with a note. The demo's own fetched statements show the page non-empty. zh-CN and en-US.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { database, launch, screenshot } from './support/browser.ts';
import { signedInPage } from './support/operators.ts';
import { visit } from './support/page.ts';
import { chooseLanguage } from './support/shell.ts';

const OPERATOR = {
  username: 'e2e_recon',
  password: 'Recon2024xyz',
  totpSecret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLB',
};

interface OrderRow {
  orderNo: string;
  upstreamNo: string;
  amount: string;
}

let browser: Browser;
let page: Page;
let file: string;
let day: string;
let partyName: string;
const lines: Record<'matched' | 'amount' | 'status' | 'only', OrderRow> = {} as never;

const id = (testId: string) => page.getByTestId(testId);
const idle = () =>
  page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'), null, { timeout: 20_000 });
const drawer = () => page.locator('[data-testid="detail-drawer"]:visible');
const lineRow = (text: string) =>
  drawer().locator('[data-testid="recon-lines"] tr.ant-table-row', { hasText: text }).first();

beforeAll(async () => {
  const db = await database();
  try {
    const party = await db.query(`SELECT id, name FROM third_parties WHERE code = 'SANDBOX'`);
    partyName = party.rows[0].name;
    const ours = await db.query(
      `SELECT order_no AS "orderNo", upstream_order_no AS "upstreamNo", amount::numeric(20,2)::text AS amount, status,
              (created_at AT TIME ZONE 'Asia/Shanghai')::date::text AS day
         FROM deposit_orders WHERE third_party_id = $1 AND upstream_order_no IS NOT NULL ORDER BY id`,
      [party.rows[0].id],
    );
    // The statement's day is the day of the demo's orders (the platform's day: past its midnight,
    // today would have none of them).
    day = ours.rows[0].day;
    const ofDay = ours.rows.filter((o) => o.day === day);
    const paid = ofDay.filter((o) => ['paid', 'in_audit', 'success', 'refunded'].includes(o.status));
    const notPaid = ofDay.find((o) => !['paid', 'in_audit', 'success', 'refunded'].includes(o.status));
    expect(paid.length).toBeGreaterThan(1);
    expect(notPaid).toBeTruthy();
    lines.matched = paid[0];
    lines.amount = paid[1];
    lines.status = notPaid;
    lines.only = { orderNo: 'E2E-NOT-OURS', upstreamNo: `SBX-E2E-${Date.now()}`, amount: '66.00' };
  } finally {
    await db.end();
  }
  const csv = [
    'upstream_order_no,order_no,kind,amount,status,created_at',
    `${lines.matched.upstreamNo},${lines.matched.orderNo},payment,${lines.matched.amount},paid,${day}`,
    `${lines.amount.upstreamNo},${lines.amount.orderNo},payment,${(Number(lines.amount.amount) + 10).toFixed(2)},paid,${day}`,
    `${lines.status.upstreamNo},${lines.status.orderNo},payment,${lines.status.amount},paid,${day}`,
    `${lines.only.upstreamNo},${lines.only.orderNo},payment,${lines.only.amount},paid,${day}`,
  ].join('\n');
  file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'recon-e2e-')), 'sandbox-statement.csv');
  fs.writeFileSync(file, `${csv}\n`);
  browser = await launch();
  page = await signedInPage(browser, OPERATOR);
});
afterAll(async () => {
  await browser?.close();
});

describe('reconciliation', () => {
  test('an uploaded statement is imported, each line classified, a difference resolved with a note (zh-CN, en-US)', async () => {
    await visit(page, '/order/reconciliationPage');
    await id('resource-page-reconciliationPage').waitFor({ timeout: 20_000 });
    const rows = page.locator(
      '[data-testid="resource-page-reconciliationPage"] .ant-table-tbody tr.ant-table-row',
    );
    // The demo day's fetched statements.
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await idle();

    await id('toolbar-upload').click();
    await id('recon-party').click();
    await page.keyboard.type(partyName);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: partyName })
      .first()
      .click();
    await id('recon-day').fill(day);
    await id('recon-file').setInputFiles(file);
    await id('recon-submit').click();
    await id('recon-submit').waitFor({ state: 'detached', timeout: 20_000 });

    // Imported in the background: the list polls until it is open.
    const uploaded = rows.filter({ hasText: 'sandbox-statement.csv' }).first();
    await expect.poll(() => uploaded.innerText(), { timeout: 60_000 }).toContain('待处理');
    await screenshot(page, 'reconciliation-list-zh-CN');

    await uploaded.locator('td').nth(2).click();
    await drawer().waitFor({ timeout: 20_000 });
    await drawer()
      .getByTestId('recon-lines')
      .locator('tr.ant-table-row')
      .first()
      .waitFor({ timeout: 20_000 });
    expect(await lineRow(lines.matched.upstreamNo).innerText()).toContain('一致');
    expect(await lineRow(lines.amount.upstreamNo).innerText()).toContain('金额不符');
    expect(await lineRow(lines.status.upstreamNo).innerText()).toContain('状态不符');
    expect(await lineRow(lines.only.upstreamNo).innerText()).toContain('仅上游有');
    // A decision about the order only where the line has one.
    expect(await lineRow(lines.status.upstreamNo).getByTestId('row-requestSuccess').count()).toBe(1);
    expect(await lineRow(lines.only.upstreamNo).getByTestId('row-requestSuccess').count()).toBe(0);
    // The provider's other orders of the day are missing from this statement: only here.
    await drawer().getByTestId('filter-category').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '仅本平台有' })
      .click();
    await drawer().getByTestId('search-submit').click();
    await idle();
    await expect
      .poll(() => drawer().locator('[data-testid="recon-lines"] tr.ant-table-row').first().innerText())
      .toContain('仅本平台有');
    await drawer().getByTestId('search-reset').click();
    await idle();

    await lineRow(lines.amount.upstreamNo).getByTestId('row-resolve').click();
    await id('transition-reason').fill('上游金额含手续费，已核实');
    await id('transition-submit').click();
    await id('transition-submit').waitFor({ state: 'detached', timeout: 20_000 });
    await expect
      .poll(() => lineRow(lines.amount.upstreamNo).innerText(), { timeout: 20_000 })
      .toContain('已处理');
    await screenshot(page, 'reconciliation-lines-zh-CN');

    await drawer().locator('.ant-drawer-close').first().click();
    await drawer().waitFor({ state: 'hidden', timeout: 10_000 });
    await chooseLanguage(page, 'en-US');
    await expect.poll(() => uploaded.innerText(), { timeout: 20_000 }).toContain('Open');
    await screenshot(page, 'reconciliation-list-en-US');
    await uploaded.locator('td').nth(2).click();
    await drawer().waitFor({ timeout: 20_000 });
    await expect
      .poll(() => lineRow(lines.amount.upstreamNo).innerText(), { timeout: 20_000 })
      .toContain('Resolved');
    expect(await lineRow(lines.status.upstreamNo).innerText()).toContain('Status differs');
    await screenshot(page, 'reconciliation-lines-en-US');
  });
});
