/**
 * The list pager past the first 10,000 rows: numbered pages end at row 10,000, then "next" and
 * "previous" go on by keyset cursor; searching again keeps the count and pages. Over 10,100
 * address-pool flows made in the database. Screenshots in zh-CN and en-US.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { database, launch, newPage, screenshot } from './support/browser.ts';
import { createOperator, signIn } from './support/operators.ts';
import { visit } from './support/page.ts';

const ADMIN = { username: 'e2e_pager', password: 'PagerAdmin2024x' };
const ROWS = 10_100;
let browser: Browser;

async function settled(p: Page): Promise<void> {
  await p.waitForLoadState('networkidle');
  await p.waitForFunction(() => !document.querySelector('.ant-spin-spinning'), null, { timeout: 20_000 });
}

const firstId = (p: Page) =>
  p.locator('.ant-table-tbody:visible tr.ant-table-row').first().locator('td').first().innerText();

beforeAll(async () => {
  await createOperator({ ...ADMIN, role: 'admin' });
  const db = await database();
  try {
    const { rows } = await db.query(
      `INSERT INTO addr_pool (address, network, status, balance) VALUES ('TPAGERADDRESS000000000000000000000', 'TRC20', 'free', 0)
       RETURNING id`,
    );
    await db.query(
      `INSERT INTO addr_pool_flows (address_id, address, network, direction, amount, balance_after, tx_hash)
       SELECT $1, 'TPAGERADDRESS000000000000000000000', 'TRC20', 'in', 1, 1, 'pager' || g FROM generate_series(1, $2::int) g`,
      [rows[0].id, ROWS],
    );
  } finally {
    await db.end();
  }
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  const db = await database();
  await db.query(`DELETE FROM addr_pool_flows WHERE tx_hash LIKE 'pager%'`);
  await db.query(`DELETE FROM addr_pool WHERE address = 'TPAGERADDRESS000000000000000000000'`);
  await db.end();
});

describe('keyset pager', () => {
  for (const lang of ['zh-CN', 'en-US'] as const) {
    test(`goes past row 10,000 with next and back with previous (${lang})`, async () => {
      const { context, page } = await newPage(browser, { locale: lang });
      try {
        await page.addInitScript(
          (l) => localStorage.setItem('vuex', JSON.stringify({ state: { language: l }, version: 0 })),
          lang,
        );
        await signIn(page, ADMIN);
        await visit(page, '/sys/addrPoolFlowList');
        await page.getByTestId('resource-page-addrPoolFlowList').waitFor({ timeout: 20_000 });
        await settled(page);
        expect(await page.getByTestId('keyset-nav').count()).toBe(0);
        // Searching again with the filters unchanged reads the list again and keeps its count and pages.
        const count = await page.locator('.ant-pagination-total-text').innerText();
        const readAgain = page.waitForRequest((r) => r.url().includes('/findByPage'));
        await page.getByTestId('search-submit').click();
        await readAgain;
        await settled(page);
        expect(await page.locator('.ant-pagination-total-text').innerText()).toBe(count);
        // The last numbered page: rows 9,951-10,000 (page size 50).
        await page.locator('.ant-pagination-item-200').click();
        await settled(page);
        const lastNumbered = Number(await firstId(page));
        await page.getByTestId('keyset-next').click();
        await settled(page);
        await page.getByTestId('keyset-page').waitFor();
        expect(await page.getByTestId('keyset-page').innerText()).toContain('201');
        expect(await page.locator('.ant-pagination').count()).toBe(0);
        expect(Number(await firstId(page))).toBe(lastNumbered - 50);
        await screenshot(page, `keyset-pager-${lang}`);
        await page.getByTestId('keyset-previous').click();
        await settled(page);
        expect(Number(await firstId(page))).toBe(lastNumbered);
        await page.locator('.ant-pagination').waitFor();
      } finally {
        await context.close();
      }
    });
  }
});
