/**
 * The amount rule in the browser: a merchant's CNY limit with three decimals is refused by the form
 * before any request, with the currency's rule in the operator's language (zh-CN, then en-US).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launch, screenshot } from './support/browser.ts';
import { signedInPage } from './support/operators.ts';
import { visit } from './support/page.ts';
import { chooseLanguage, clickRowAction } from './support/shell.ts';

const OPERATOR = { username: 'e2e_ledger', password: 'Ledger2024xy' };
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXQ';

let browser: Browser;
let page: Page;
const id = (testId: string) => page.getByTestId(testId);

beforeAll(async () => {
  browser = await launch();
  page = await signedInPage(browser, { ...OPERATOR, totpSecret: SECRET });
});
afterAll(async () => {
  await browser?.close();
});

/** Opens the first merchant's edit form and types a limit. */
async function typeLimit(value: string): Promise<void> {
  await visit(page, '/mch/mchList');
  await id('resource-page-mchList').waitFor({ timeout: 20_000 });
  const first = page.locator('.ant-table-tbody:visible tr.ant-table-row').first();
  await first.waitFor({ timeout: 20_000 });
  await clickRowAction(page, first, 'edit');
  await id('form-singleMax').fill(value);
  await id('form-submit').click();
}

test('a CNY limit with three decimals is refused in the form, in zh-CN and en-US', async () => {
  await typeLimit('100.001');
  const error = page.locator('.ant-form-item-explain-error', { hasText: '最多2位小数' });
  await error.waitFor({ timeout: 10_000 });
  expect(await error.innerText()).toContain('最多2位小数');
  await screenshot(page, 'ledger-amount-rule-zh-CN');
  await page.keyboard.press('Escape');
  await chooseLanguage(page, 'en-US');
  await typeLimit('100.001');
  const en = page.locator('.ant-form-item-explain-error', { hasText: 'must have at most 2 decimals' });
  await en.waitFor({ timeout: 10_000 });
  await screenshot(page, 'ledger-amount-rule-en-US');
});
