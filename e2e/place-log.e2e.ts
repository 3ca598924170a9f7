/**
 * The merchant API's log pages in the browser, on what the demo placed through the merchant API at
 * first start (loaded in the background: the test waits for its rows): the placement log with a
 * refusal's reason, the hourly statistics, the error report and the failure reasons. Screenshots in
 * zh-CN and en-US.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { database, launch, screenshot } from './support/browser.ts';
import { signedInPage } from './support/operators.ts';
import { visit } from './support/page.ts';
import { chooseLanguage } from './support/shell.ts';

const OPERATOR = {
  username: 'e2e_placelog',
  password: 'PlaceLog2024x',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXQ',
};
const PAGES = ['orderPlaceLogPage', 'orderPlaceLogStatic', 'logReport', 'orderFailReason'] as const;

let browser: Browser;
let page: Page;

const id = (testId: string) => page.getByTestId(testId);
const idle = () =>
  page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'), null, { timeout: 20_000 });

/** The texts of one column of the page's table, found by its header. */
function column(header: string): Promise<string[]> {
  return page.evaluate((title) => {
    const table = [...document.querySelectorAll<HTMLElement>('.ant-table')].find((t) => t.offsetParent);
    const heads = [...(table?.querySelectorAll('thead th') ?? [])].map((th) => th.textContent?.trim());
    const at = heads.indexOf(title);
    return [...(table?.querySelectorAll('tbody tr.ant-table-row') ?? [])].map(
      (tr) => tr.children[at]?.textContent?.trim() ?? '',
    );
  }, header);
}

/** Han characters: the platform's own words must not show them to an en-US reader. */
const HAN = /\p{Script=Han}/u;

async function open(name: string): Promise<void> {
  await visit(page, `/order/${name}`);
  await id(`resource-page-${name}`).waitFor({ timeout: 20_000 });
  await idle();
}

beforeAll(async () => {
  // The demo orders go through the merchant API after the demo platform: wait until some are logged.
  const db = await database();
  try {
    for (let i = 0; i < 240; i++) {
      const { rows } = await db.query('SELECT count(*)::int AS n FROM order_place_log WHERE NOT accepted');
      if (rows[0].n > 0) break;
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await db.end();
  }
  browser = await launch();
  page = await signedInPage(browser, OPERATOR);
}, 180_000);
afterAll(() => browser?.close());

describe('placement log pages', () => {
  test('the placement log shows accepted and refused calls with the reason (zh-CN)', async () => {
    await open('orderPlaceLogPage');
    const body = page.locator('.ant-table-tbody:visible').first();
    await expect.poll(() => body.locator('tr.ant-table-row').count()).toBeGreaterThan(0);
    await screenshot(page, 'order-place-log-zh-CN');
    for (const name of PAGES.slice(1)) {
      await open(name);
      await screenshot(page, `order-${name}-zh-CN`);
    }
  });

  test('the same pages in en-US', async () => {
    await chooseLanguage(page, 'en-US');
    for (const name of PAGES) {
      await open(name);
      await screenshot(page, `order-${name}-en-US`);
    }
    await open('orderPlaceLogPage');
    await expect
      .poll(() => page.locator('.ant-table-thead:visible').first().textContent())
      .toContain('Refusal reason');
    // The demo's merchants call in zh-CN; the operator reads every refusal in English.
    const reasons = (await column('Refusal reason')).filter((r) => r !== '-');
    expect(reasons.length).toBeGreaterThan(0);
    expect(reasons.filter((r) => HAN.test(r))).toEqual([]);
    // The error report names the merchant API's endpoints and their messages in English too.
    await open('logReport');
    const sources = await column('Source');
    const endpoints = await column('Endpoint / passage');
    const messages = await column('Latest message');
    const api = sources.flatMap((s, i) => (s === 'Merchant API' ? [i] : []));
    expect(api.length).toBeGreaterThan(0);
    expect(api.filter((i) => HAN.test(endpoints[i]!) || HAN.test(messages[i]!))).toEqual([]);
    expect(api.map((i) => endpoints[i])).toContain('Create deposit');
    // The failure reasons' final states are words, not keys.
    await open('orderFailReason');
    const states = await column('Final state');
    expect(states.length).toBeGreaterThan(0);
    expect(states.filter((s) => !['Failed', 'Rejected', 'Timed out', 'Cancelled'].includes(s))).toEqual([]);
    await chooseLanguage(page, 'zh-CN');
  });
});
