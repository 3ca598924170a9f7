/**
 * /payManage in the browser on the demo platform: the providers (the sandbox at this server's own
 * origin, secrets shown only as hints), adding a provider whose secret never comes back, a passage
 * edit refused with the field named, a provider's balance asked and the low one in the bell, the
 * switches (switched off and on again with a code), and every configuration page non-empty. Screenshots in zh-CN and en-US.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { enterCode, launch, screenshot } from './support/browser.ts';
import { signedInPage } from './support/operators.ts';
import { openResource, pageHelpers } from './support/page.ts';
import { clickRowAction, closeDrawer } from './support/shell.ts';

const OPERATOR = { username: 'e2e_paycfg', password: 'Paycfg2024xy' };
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXQ';
const PROVIDER_SECRET = 'e2e-provider-secret-Q7Z9';

let browser: Browser;
let page: Page;

const { id, idle, rows, row, speak } = pageHelpers(() => page);

const open = (path: string, name: string) => openResource(page, `/payManage/${path}`, name);

/** Picks an option of a form select by its visible text. */
async function choose(field: string, text: string): Promise<void> {
  await page.locator(`[data-testid="form-${field}"]`).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text })
    .first()
    .click();
}

/** Opens the SANDBOX provider's drawer (a click on a plain cell) and answers its passages' list, shown. */
async function sandboxPassages() {
  await row('SANDBOX').locator('td', { hasText: 'SANDBOX' }).first().click();
  const passages = page.locator('[data-testid="detail-drawer"]:visible').getByTestId('child-passage');
  await passages.locator('tr.ant-table-row').first().waitFor({ timeout: 20_000 });
  return passages;
}

const rowAction = (text: string, action: string) => clickRowAction(page, row(text), action);

const PAGES = [
  ['deposit_thirdpay_list', 'depositThirdPay'],
  ['withdraw_thirdpay_list', 'withdrawThirdPay'],
  ['withdraw_paypassage_list', 'passage'],
  ['deposit_thirdagentpay_list', 'thirdAgentPay'],
  ['thirdbank_list', 'thirdBank'],
  ['interfacet_list', 'interfaceType'],
  ['third_interfacet_list', 'thirdInterface'],
  ['thirdconfigList', 'thirdConfig'],
  ['pay_otherconfig_all', 'payOtherConfig'],
  ['config', 'fastAmount'],
] as const;

beforeAll(async () => {
  browser = await launch();
  page = await signedInPage(browser, { ...OPERATOR, totpSecret: SECRET });
});
afterAll(async () => {
  await browser?.close();
});

describe('providers', () => {
  test('the demo providers include the sandbox at this server, secrets only as hints', async () => {
    await open('deposit_thirdpay_list', 'depositThirdPay');
    const sandbox = row('SANDBOX');
    await sandbox.waitFor();
    const text = await sandbox.innerText();
    expect(text).toMatch(/http:\/\/127\.0\.0\.1:\d+\/sandbox\/upstream/);
    expect(text).toContain('******');
    expect(text).toContain('沙箱模拟三方');
    expect(text).toContain('正常');
    await screenshot(page, 'pay-deposit-providers-zh-CN');
  });

  test("a provider's drawer lists its passages and opens the passages page filtered to them", async () => {
    await open('deposit_thirdpay_list', 'depositThirdPay');
    const name = (await row('SANDBOX').locator('td', { hasText: '沙箱' }).first().innerText()).trim();
    const passages = await sandboxPassages();
    const listed = await passages.locator('tr.ant-table-row').count();
    await screenshot(page, 'pay-provider-passages-zh-CN');
    await passages.getByRole('link', { name: '在列表中查看' }).click();
    await page.waitForURL(/\/payManage\/withdraw_paypassage_list\?thirdPartyId=\d+/, { timeout: 20_000 });
    await id('resource-page-passage').waitFor({ timeout: 20_000 });
    await idle();
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBe(listed);
    for (const text of await rows().allInnerTexts()) expect(text).toContain(name);
  });

  test('adds a payout provider; the secret it was given never shows again', async () => {
    await open('withdraw_thirdpay_list', 'withdrawThirdPay');
    await id('toolbar-add').click();
    await id('form-code').fill('E2E_DF');
    await id('form-name').fill('端到端代付');
    await choose('interfaceType', '通用 HTTP JSON');
    await id('form-baseUrl').fill('https://api.e2e-df.example.com/gateway');
    await id('form-upstreamMchNo').fill('E2E10086');
    await id('form-secret').fill(PROVIDER_SECRET);
    await choose('status', '开启');
    await screenshot(page, 'pay-provider-form-zh-CN');
    await id('form-submit').click();
    await id('form-submit').waitFor({ state: 'detached', timeout: 20_000 });
    await idle();
    const added = row('E2E_DF');
    await added.waitFor();
    expect(await added.innerText()).toContain('******Q7Z9');
    expect(await page.content()).not.toContain(PROVIDER_SECRET);
    await screenshot(page, 'pay-provider-added-zh-CN');
  });
});

describe('passages', () => {
  test('an edit saves; one with the maximum below the minimum is refused, naming the field', async () => {
    await open('withdraw_paypassage_list', 'passage');
    const first = rows().first();
    await first.waitFor();
    const name = (await first.locator('td').nth(3).innerText()).trim();
    await rowAction(name, 'edit');
    await id('form-weight').fill('9');
    await id('form-submit').click();
    try {
      await id('form-submit').waitFor({ state: 'detached', timeout: 20_000 });
    } catch (e) {
      await screenshot(page, 'pay-passage-edit-failed');
      throw e;
    }
    await idle();
    await expect.poll(() => row(name).locator('td').nth(10).innerText()).toBe('9');

    await rowAction(name, 'edit');
    await id('form-singleMax').fill('1');
    await id('form-submit').click();
    // The server's answer names the field and says why, in the operator's language.
    const refusal = page.locator('.ant-message', { hasText: '不能小于单笔最低' });
    try {
      await refusal.waitFor({ timeout: 10_000 });
    } catch (e) {
      await screenshot(page, 'pay-passage-refused-failed');
      throw e;
    }
    expect(await refusal.innerText()).toContain('singleMax');
    await screenshot(page, 'pay-passage-refused-zh-CN');
    await page.keyboard.press('Escape');
  });
});

describe('balances', () => {
  test("a provider's balance asked from its row; the one below its alert rings the bell and opens its list", async () => {
    await open('third_interfacet_list', 'thirdInterface');
    // The demo's payout account ends its day below its alert line (demo/balances-day.ts).
    const payout = row('沙箱代付');
    await payout.waitFor();
    expect(await payout.innerText()).toContain('低于预警');
    await rowAction('沙箱支付', 'queryBalance');
    const notice = page.locator('.ant-message', { hasText: '沙箱支付：余额' });
    await notice.waitFor({ timeout: 20_000 });
    const amount = (await notice.innerText()).match(/余额 (\d+\.\d\d) CNY/)?.[1];
    expect(amount).toBeTruthy();
    // The row shows what the provider said, as it was kept.
    await expect.poll(() => row('沙箱支付').innerText(), { timeout: 20_000 }).toContain(amount!);
    await screenshot(page, 'pay-balances-queried-zh-CN');

    await id('message-bell').click();
    const group = id('notify-group-lowBalances');
    await group.waitFor({ timeout: 20_000 });
    expect(await group.innerText()).toContain('沙箱代付');
    await screenshot(page, 'pay-balances-bell-zh-CN');
    await id('notify-open-lowBalances').click();
    await page.waitForURL(/\/payManage\/third_interfacet_list\?balanceState=low/, { timeout: 20_000 });
    await idle();
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBe(1);
    expect(await rows().first().innerText()).toContain('沙箱代付');
  });
});

describe('switches', () => {
  test('the data dictionary shows the switches and what each stops; one is switched off and on again with a code', async () => {
    await open('thirdconfigList', 'thirdConfig');
    const toggle = id('switch-WITHDRAW_AUTO_REVIEW');
    await toggle.waitFor();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    // Its name tells what switching it off stops.
    await id('switch-label-WITHDRAW_AUTO_REVIEW').hover();
    await page.getByRole('tooltip', { name: /每笔提现等待人工审核/ }).waitFor();
    for (const next of ['false', 'true']) {
      await toggle.click();
      await enterCode(page, SECRET);
      await expect.poll(() => toggle.getAttribute('aria-checked'), { timeout: 20_000 }).toBe(next);
      if (next === 'false') await screenshot(page, 'pay-switch-off-zh-CN');
    }
  });
});

describe('every page', () => {
  for (const lang of ['zh-CN', 'en-US'] as const) {
    test(`each configuration page shows demo rows (${lang})`, async () => {
      if (lang === 'en-US') {
        await speak('en-US');
      }
      for (const [path, name] of PAGES) {
        await open(path, name);
        expect(await rows().count(), path).toBeGreaterThan(0);
        await screenshot(page, `pay-${path}-${lang}`);
        if (lang === 'en-US' && name === 'depositThirdPay') {
          // The provider's drawer in English: its passages and the link to their page.
          const passages = await sandboxPassages();
          await passages.getByRole('link', { name: 'Open the list' }).waitFor();
          await screenshot(page, 'pay-provider-passages-en-US');
          await closeDrawer(page);
        }
      }
    }, 180_000);
  }
});
