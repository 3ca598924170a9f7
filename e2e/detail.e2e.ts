/**
 * References and detail in the browser (issue 9, issue 17 item 16), on the demo platform: a click on a
 * merchant row opens the generated drawer (fields, the fund-log child list, the audit timeline with an
 * edit made just before); a ref filter is a select that searches the server; a ref cell links to the
 * record, whose page opens filtered to it with its drawer; an order page's merchant filter searches
 * the merchant numbers its cells show; filters come from the URL; a balance
 * adjustment's history holds its request, audited on the merchant. zh-CN and en-US.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { database, launch, screenshot } from './support/browser.ts';
import { signedInPage } from './support/operators.ts';
import { visit } from './support/page.ts';
import { chooseLanguage, clickRowAction } from './support/shell.ts';

const OPERATOR = { username: 'e2e_detail', password: 'Detail2024xy' };
const SECRET = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU';

let browser: Browser;
let page: Page;
/** The merchant the tests look at: the first of the list. */
let merchant = { id: '', mchNo: '', name: '' };

const id = (testId: string) => page.getByTestId(testId);
const idle = () =>
  page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'), null, { timeout: 20_000 });
const drawer = () => page.locator('[data-testid="detail-drawer"]:visible');
const rows = () => page.locator('.page-view:visible [data-testid="resource-table"] tr.ant-table-row');

async function open(path: string, name: string): Promise<void> {
  await visit(page, path);
  await page.locator(`[data-testid="resource-page-${name}"]:visible`).waitFor({ timeout: 20_000 });
  await rows().first().waitFor({ timeout: 20_000 });
  await idle();
}

async function closeDrawer(): Promise<void> {
  // A click while the drawer still slides in can be lost (CI saw it stay open): wait for the slide,
  // and close again if it is still there (closing twice is harmless, unlike a toggle).
  await expect
    .poll(async () => (await drawer().getAttribute('class')) ?? '', { timeout: 10_000 })
    .not.toMatch(/-appear|-enter/);
  for (let attempt = 0; ; attempt++) {
    await drawer().locator('.ant-drawer-close').click();
    try {
      await drawer().waitFor({ state: 'hidden', timeout: 5_000 });
      return;
    } catch (e) {
      if (attempt > 0) throw e;
    }
  }
}

beforeAll(async () => {
  browser = await launch();
  page = await signedInPage(browser, { ...OPERATOR, totpSecret: SECRET });
});
afterAll(async () => {
  await browser?.close();
});

describe('detail drawer', () => {
  test('a row click opens the merchant: fields, its fund log and its history with an edit', async () => {
    await open('/mch/mchList', 'mchList');
    // A demo merchant (their names end in 号店), with deposits and channel configs: other files add
    // merchants of their own, which may come first in the list.
    const first = rows().filter({ hasText: '号店' }).first();
    merchant = {
      id: (await first.getAttribute('data-row-key')) ?? '',
      mchNo: (await first.innerText()).match(/M\d{8}/)![0],
      name: '',
    };
    // An edit of this row first (another row's would edit another merchant), so the history has an
    // entry of this record.
    await clickRowAction(page, first, 'edit');
    await id('form-remark').fill('e2e detail remark');
    // The edit form holds the masked phone, which its own rule refuses: a new number goes in.
    await id('form-phone').fill('13800001111');
    await id('form-withdrawRate').fill('0.65');
    merchant.name = await id('form-name').inputValue();
    await id('form-submit').click();
    try {
      await page
        .locator('[data-testid="resource-form"]:visible')
        .waitFor({ state: 'hidden', timeout: 20_000 });
    } catch (e) {
      await screenshot(page, 'detail-edit-failed');
      throw e;
    }
    await idle();

    // A click on a plain cell (not a button, link or box) opens the drawer.
    await first.locator('td', { hasText: merchant.name }).first().click();
    await drawer().waitFor({ timeout: 20_000 });
    expect(await drawer().locator('.ant-drawer-title').innerText()).toContain(merchant.name);
    expect(await drawer().getByTestId('detail-mchNo').innerText()).toBe(merchant.mchNo);
    expect(await drawer().getByTestId('detail-remark').innerText()).toBe('e2e detail remark');
    // The phone is masked as in the list.
    expect(await drawer().getByTestId('detail-phone').innerText()).toMatch(/^\d{3}\*{4}\d{4}$/);

    const fundLog = drawer().getByTestId('child-fund_log');
    await fundLog.locator('tr.ant-table-row').first().waitFor({ timeout: 20_000 });
    const postings = await fundLog.locator('tr.ant-table-row').allInnerTexts();
    expect(postings.length).toBeGreaterThan(0);
    for (const p of postings) expect(p).toContain(merchant.mchNo);
    expect(postings.join('\n')).toContain('充值入账');

    const history = drawer().getByTestId('audit-timeline');
    await history.getByTestId('audit-entry').first().waitFor({ timeout: 20_000 });
    const newest = await history.getByTestId('audit-entry').first().innerText();
    // The action by its name in the operator's language, its id on hover.
    expect(newest).toContain('编辑');
    expect(newest).not.toContain('mch.mchList.edit');
    expect(await history.getByTestId('audit-action').first().getAttribute('title')).toBe('mch.mchList.edit');
    expect(newest).toContain(OPERATOR.username);
    expect(newest).toContain('e2e detail remark');
    // A rate reads as the list shows it, never as the stored fraction.
    expect(newest).toContain('→ 0.65%');
    expect(newest).not.toContain('0.006500');
    // Personal data in the history is masked as in the list.
    expect(newest).toContain('138****1111');
    expect(newest).not.toContain('13800001111');
    await screenshot(page, 'detail-merchant-zh-CN');
    await drawer().getByTestId('audit-timeline').scrollIntoViewIfNeeded();
    await screenshot(page, 'detail-merchant-history-zh-CN');
    await closeDrawer();
  });
});

describe('adjustment detail', () => {
  test("a waiting balance adjustment's history shows its request, made on the merchant", async () => {
    // The demo finance desk's request that waits for a second operator (demo/adjust-desk-day.ts).
    await visit(page, '/mch/mchList');
    await id('mch-approvals').click();
    const waiting = page.locator('[data-testid="resource-page-mchAdjust"] tr.ant-table-row', {
      hasText: '季度返佣入账',
    });
    await waiting.locator('td').nth(2).click();
    const entry = drawer().getByTestId('audit-entry').first();
    await entry.waitFor({ timeout: 20_000 });
    const text = await entry.innerText();
    // The merchant's action by its name, the amount to the cent, the reason the maker gave.
    expect(text).toContain('调整余额');
    expect(text).toMatch(/金额 62000\.00$/m);
    expect(text).toContain('季度返佣入账（待另一位财务复核）');
    await screenshot(page, 'detail-adjustment-zh-CN');
    await closeDrawer();
  });
});

describe('member detail', () => {
  test('a member opens with their payment accounts and money records, personal data masked', async () => {
    // A member with money records: the owner of the newest one.
    await open('/member/financialRecordPage', 'financialRecordPage');
    const account = (await rows().first().locator('td').nth(1).innerText()).trim();
    await open(`/member/memberList?account=${account}`, 'memberList');
    const first = rows().first();
    expect(await first.innerText()).toContain(account);
    await first.locator('td', { hasText: account }).first().click();
    await drawer().waitFor({ timeout: 20_000 });
    expect(await drawer().getByTestId('detail-phone').innerText()).toMatch(/^\d{3}\*{4}\d{4}$/);
    // The member's rows only: its account at its merchant (an account is unique within a merchant).
    const mchNo = (await drawer().getByTestId('detail-mchNo').innerText()).trim();
    const records = drawer().getByTestId('child-financialRecordPage');
    await records.locator('tr.ant-table-row').first().waitFor({ timeout: 20_000 });
    for (const text of await records.locator('tr.ant-table-row').allInnerTexts()) {
      expect(text).toContain(account);
      expect(text).toContain(mchNo);
    }
    const accounts = drawer().getByTestId('child-memberPaymentList');
    for (const text of await accounts.locator('tr.ant-table-row').allInnerTexts()) {
      expect(text).toContain(account);
      expect(text).toContain(mchNo);
    }
    // Its matches on both sides, each a list of its own: as payer and as payee.
    await expect.poll(() => drawer().getByText('撮合记录(收款)').count()).toBe(1);
    const asPayee = drawer().getByTestId('child-matchesAsPayee');
    expect(await asPayee.getByRole('link', { name: '在列表中查看' }).getAttribute('href')).toMatch(
      new RegExp(`payeeMember=${account}&withdrawMerchantId=\\d+$`),
    );
    // Its link opens the page filtered the same way.
    const openRecords = records.getByRole('link', { name: '在列表中查看' });
    expect(await openRecords.getAttribute('href')).toMatch(
      new RegExp(`ownerCode=${account}&merchantId=\\d+$`),
    );
    await screenshot(page, 'detail-member-zh-CN');
    await closeDrawer();
  });
});

describe('references', () => {
  test('a ref select offers only what the ref’s filters allow (deposit passages)', async () => {
    await open('/mch/mchThirdPayConfig', 'mchThirdPayConfig');
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/pay/paypassage/options')),
      page.locator('[data-testid="filter-passageId"]:visible').click(),
    ]);
    const body = (await answer.json()) as { data: { list: { label: string }[] } };
    expect(body.data.list.length).toBeGreaterThan(0);
    // The demo names deposit passages "<party>-<pay type>-收".
    for (const o of body.data.list) expect(o.label).toMatch(/-收$/);
    await page.keyboard.press('Escape');
  });

  test('a ref select pages through the choices with "load more"', async () => {
    // Six more merchants than the demo's 20: the choices take two pages of 20.
    const db = await database();
    try {
      for (let i = 1; i <= 6; i++)
        await db.query(
          `INSERT INTO merchants (mch_no, name, secret_enc, secret_hint) VALUES ($1, $2, 'x', 'xxxx')`,
          [`M9990000${i}`, `E2E分页商户${i}`],
        );
    } finally {
      await db.end();
    }
    await open('/mch/mchList', 'mchList');
    await page.locator('[data-testid="filter-agentId"]:visible').click();
    const more = page.locator('[data-testid="filter-agentId-more"]:visible');
    await more.waitFor({ timeout: 20_000 });
    await screenshot(page, 'ref-select-more-zh-CN');
    const [answer] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().endsWith('/api/mch/mchList/options') && r.request().postDataJSON()?.page === 2,
      ),
      more.click(),
    ]);
    const body = (await answer.json()) as { data: { list: { label: string }[] } };
    expect(body.data.list.map((o) => o.label)).toEqual(
      expect.arrayContaining(['E2E分页商户1', 'E2E分页商户6']),
    );
    // Everything is loaded: no more "load more".
    await more.waitFor({ state: 'detached', timeout: 20_000 });
    await page.keyboard.press('Escape');
  });

  test('a ref filter searches the server; cells show the label and link to the record', async () => {
    await open('/mch/mchThirdPayConfig', 'mchThirdPayConfig');
    const select = page.locator('[data-testid="filter-merchantId"]:visible');
    await select.click();
    // The demo names end in "<n>号店"; search by this merchant's whole name.
    await page.keyboard.type(merchant.name);
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', {
      hasText: merchant.name,
    });
    await option.first().waitFor({ timeout: 20_000 });
    // The server's search narrows the 20 demo merchants to this one.
    await expect
      .poll(() => page.locator('.ant-select-dropdown:visible .ant-select-item-option').count(), {
        timeout: 20_000,
      })
      .toBe(1);
    await screenshot(page, 'ref-filter-search-zh-CN');
    await option.first().click();
    await id('search-submit').click();
    await idle();
    const cells = page.locator('.page-view:visible [data-testid="ref-merchantId"]');
    await expect.poll(async () => new Set(await cells.allInnerTexts())).toEqual(new Set([merchant.name]));
    await screenshot(page, 'ref-filter-applied-zh-CN');

    // The link opens the merchant's page filtered to it, with its drawer.
    await cells.first().click();
    await page.waitForURL(
      (url) => url.pathname === '/mch/mchList' && url.search.includes(`detail=${merchant.id}`),
    );
    await drawer().waitFor({ timeout: 20_000 });
    expect(await drawer().getByTestId('detail-mchNo').innerText()).toBe(merchant.mchNo);
    await closeDrawer();
    await idle();
    expect(await rows().count()).toBe(1);
    expect(await rows().first().innerText()).toContain(merchant.mchNo);
  });

  test("an order page's merchant filter finds the merchant by the number its cells show", async () => {
    await open('/order/orderDepositList', 'orderDepositList');
    const shown = await page.locator('.page-view:visible [data-testid="ref-merchantId"]').first().innerText();
    expect(shown).toMatch(/^M\d+$/);
    await page.locator('.page-view:visible [data-testid="filter-merchantId"]').click();
    await page.keyboard.type(shown);
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    // The select shows and searches what the cells show: the number, one merchant.
    await expect.poll(() => options.allInnerTexts(), { timeout: 20_000 }).toEqual([shown]);
    await screenshot(page, 'order-merchant-filter-by-number-zh-CN');
    await options.first().click();
    await id('search-submit').click();
    await idle();
    const cells = page.locator('.page-view:visible [data-testid="ref-merchantId"]');
    await expect.poll(async () => new Set(await cells.allInnerTexts())).toEqual(new Set([shown]));
  });

  test('filters come from the URL and show in the search form', async () => {
    await open('/mch/fund_log?kind=withdraw&createdAt=2020-01-01,2099-12-31', 'fund_log');
    const kind = page.locator('.page-view:visible [data-testid="filter-kind"]');
    expect(await kind.innerText()).toContain('提现出账');
    const texts = await rows().allInnerTexts();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) {
      expect(text).toContain('提现出账');
      expect(text).not.toContain('充值入账');
    }
    await screenshot(page, 'url-filter-zh-CN');
  });
});

describe('en-US', () => {
  test('the drawer in English', async () => {
    await chooseLanguage(page, 'en-US');
    await open(`/mch/mchList?id=${merchant.id}&detail=${merchant.id}`, 'mchList');
    await drawer().waitFor({ timeout: 20_000 });
    await drawer().getByTestId('child-fund_log').locator('tr.ant-table-row').first().waitFor();
    const text = await drawer().innerText();
    expect(text).toContain('Fund log');
    expect(text).toContain('History');
    expect(text).toContain('Deposit');
    await screenshot(page, 'detail-merchant-en-US');
  });
});
