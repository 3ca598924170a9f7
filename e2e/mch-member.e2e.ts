/**
 * /mch and /member in the browser on the demo platform the server loaded at first start: create a
 * merchant (the secret shown once), adjust its balance with an authenticator code, find the posting in
 * the fund log; find a member and freeze them. Screenshots in zh-CN and en-US.
 *
 * The test's own operator (administrator role, authenticator already bound) signs in (support/operators.ts).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { enterCode, launch, screenshot } from './support/browser.ts';
import { signedInPage } from './support/operators.ts';
import { confirmAction, pageHelpers } from './support/page.ts';

const OPERATOR = { username: 'e2e_money', password: 'Money2024xy' };
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const MERCHANT = 'E2E测试商户';

let browser: Browser;
let page: Page;
let mchNo = '';

const { id, idle, open, speak } = pageHelpers(() => page);

function row(text: string) {
  return page
    .locator('.ant-table-tbody:visible')
    .first()
    .locator('tr.ant-table-row', { hasText: text })
    .first();
}

async function search(field: string, value: string): Promise<void> {
  await id(`filter-${field}`).fill(value);
  await id('search-submit').click();
  await idle();
}

beforeAll(async () => {
  browser = await launch();
  page = await signedInPage(browser, { ...OPERATOR, totpSecret: SECRET });
});
afterAll(async () => {
  await browser?.close();
});

describe('merchants', () => {
  test('the merchant list shows the demo merchants with ledger balances', async () => {
    await open('/mch/mchList', 'mchList');
    expect(await page.locator('.ant-table-tbody:visible tr.ant-table-row').count()).toBeGreaterThanOrEqual(
      20,
    );
    await screenshot(page, 'mch-list-zh-CN');
  });

  test('creates a merchant; the signing secret is shown once', async () => {
    await id('mch-create').click();
    await id('form-name').fill(MERCHANT);
    await id('form-contact').fill('李雷');
    // A rate is typed as a percentage, as the list shows it and the edit form takes it.
    await id('form-depositRate').fill('0.7');
    await id('create-submit').click();
    await id('sign-secret').waitFor({ timeout: 20_000 });
    expect((await id('sign-secret').innerText()).trim()).toHaveLength(43);
    const title = await page.locator('.ant-modal-title', { hasText: '签名密钥' }).innerText();
    mchNo = /M\d{8}/.exec(title)![0];
    await screenshot(page, 'mch-secret-once-zh-CN');
    await page.locator('.ant-modal-footer .ant-btn-primary:visible').click();
    await search('name', MERCHANT);
    await row(mchNo).waitFor();
    expect(await row(mchNo).innerText()).toContain('0.7%');
  });

  test('adjusts the balance with an authenticator code; the fund log shows the posting', async () => {
    await row(mchNo).getByTestId('row-adjust').click();
    // A debit over the available balance (a new merchant has none) is refused under the amount,
    // before any code is asked for.
    await id('adjust-type').getByText('扣款').click();
    await id('adjust-amount').fill('10');
    await id('adjust-reason').fill('期初余额录入');
    await id('adjust-submit').click();
    await page.locator('.ant-form-item-explain-error', { hasText: '金额超过可用余额 0.00' }).waitFor();
    expect(await page.getByTestId('code-dialog-input').count()).toBe(0);
    await id('adjust-type').getByText('加款').click();
    await id('adjust-amount').fill('1234.56');
    // The types read as words, not as i18n keys (issue 17 item 3).
    expect(await id('adjust-type').innerText()).toContain('加款');
    await id('adjust-submit').click();
    await enterCode(page, SECRET);
    try {
      await id('adjust-submit').waitFor({ state: 'detached', timeout: 40_000 });
    } catch (e) {
      await screenshot(page, 'mch-adjust-failed');
      throw e;
    }
    await idle();
    await expect.poll(() => row(mchNo).innerText()).toContain('1234.56');
    await screenshot(page, 'mch-adjusted-zh-CN');

    await open('/mch/fund_log', 'fund_log');
    await search('ownerCode', mchNo);
    const posting = row(mchNo);
    await posting.waitFor();
    expect(await posting.innerText()).toContain('1234.56');
    expect(await posting.innerText()).toContain('人工加款');
    expect(await posting.innerText()).toContain(OPERATOR.username);
    await screenshot(page, 'mch-fund-log-zh-CN');
  });

  test('above the threshold the adjustment waits; the maker sees no approve button on their own request', async () => {
    await open('/mch/mchList', 'mchList');
    await search('name', MERCHANT);
    await row(mchNo).getByTestId('row-adjust').click();
    await id('adjust-threshold').waitFor();
    expect(await id('adjust-threshold').innerText()).toContain('50000.00');
    await id('adjust-amount').fill('60000');
    await id('adjust-needs-approval').waitFor();
    await id('adjust-reason').fill('大额加款测试');
    await screenshot(page, 'mch-adjust-threshold-zh-CN');
    await id('adjust-submit').click();
    await enterCode(page, SECRET);
    await id('adjust-submit').waitFor({ state: 'detached', timeout: 40_000 });
    await id('mch-approvals').click();
    await page.locator('[data-testid="resource-page-mchAdjust"] .ant-table-tbody').waitFor();
    await idle();
    const request = page
      .locator('[data-testid="resource-page-mchAdjust"] tr.ant-table-row', { hasText: mchNo })
      .first();
    await request.waitFor();
    expect(await request.innerText()).toContain('待复核');
    expect(await request.getByTestId('row-approve').count()).toBe(0);
    expect(await request.getByTestId('row-reject').count()).toBe(0);
    await screenshot(page, 'mch-approvals-own-request-zh-CN');
    await id('mch-tab-merchants').click();
  });

  test('the same pages in en-US', async () => {
    await open('/mch/fund_log', 'fund_log');
    await search('ownerCode', mchNo);
    await speak('en-US');
    await expect.poll(() => row(mchNo).innerText()).toContain('Manual credit');
    await screenshot(page, 'mch-fund-log-en-US');
    expect(await row(mchNo).innerText()).toContain(OPERATOR.username);
    await open('/mch/mchList', 'mchList');
    await screenshot(page, 'mch-list-en-US');
    await id('mch-approvals').click();
    await page.locator('[data-testid="resource-page-mchAdjust"] .ant-table-tbody').waitFor();
    await idle();
    await screenshot(page, 'mch-approvals-en-US');
    await id('mch-tab-merchants').click();
  });
});

describe('members', () => {
  test('finds a member and freezes them (en-US), masked personal data', async () => {
    await open('/member/memberList', 'memberList');
    await search('account', 'u0000001');
    const member = row('u0000001');
    await member.waitFor();
    expect(await member.innerText()).toMatch(/\d{3}\*{4}\d{4}/);
    if ((await member.innerText()).includes('Frozen')) {
      await member.getByTestId('row-unfreeze').click();
      await confirmAction(page);
      await idle();
    }
    // Only the transitions from the row's state show: a normal member can be frozen, not unfrozen.
    expect(await member.getByTestId('row-unfreeze').count()).toBe(0);
    await member.getByTestId('row-freeze').click();
    // Freezing asks for a reason (the lifecycle's input), refused when empty.
    await id('transition-submit').click();
    await page.locator('.ant-form-item-explain-error:visible').first().waitFor();
    await id('transition-reason').fill('Suspicious deposits');
    await screenshot(page, 'member-freeze-dialog-en-US');
    await id('transition-submit').click();
    await id('transition-submit').waitFor({ state: 'detached', timeout: 20_000 });
    await expect.poll(() => member.innerText()).toContain('Frozen');
    expect(await member.getByTestId('row-freeze').count()).toBe(0);
    await screenshot(page, 'member-frozen-en-US');
  });

  test('the member list in zh-CN', async () => {
    await speak('zh-CN');
    await expect.poll(() => row('u0000001').innerText()).toContain('冻结');
    await screenshot(page, 'member-list-zh-CN');
  });

  test("a column's sorter reads the list sorted on the server, and its third click gives the default order back", async () => {
    await open('/member/memberList', 'memberList');
    await id('search-reset').click();
    await idle();
    const ids = async () =>
      (await page.locator('.ant-table-tbody:visible tr.ant-table-row > td:first-child').allInnerTexts()).map(
        Number,
      );
    const newestFirst = await ids();
    expect(newestFirst.length).toBeGreaterThan(1);
    // The first column that sorts is the id (its title is the language's).
    const sorter = page.locator('th.ant-table-column-has-sorters:visible').first();
    const sortedBy = async (order: string | null) => {
      const read = page.waitForRequest((r) => r.url().includes('/memberList/findByPage'));
      await sorter.click();
      expect((await read).postDataJSON().sort?.order ?? null).toBe(order);
      await idle();
    };
    await sortedBy('asc');
    const ascending = await ids();
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(ascending[0]).toBeLessThan(newestFirst[0]!);
    await sortedBy('desc');
    await sortedBy(null);
    expect(await ids()).toEqual(newestFirst);
  });
});
