/**
 * The levels and risk-rule pages in the browser, on what the demo day produced at first start (its
 * risk-levels step): each page lists its records; the rules page shows the cancellation rule and its
 * firing on the member the demo's cancellations black-listed; the block log shows the demo's deposit
 * above a credit level's single limit; a finance tag is put on a member through its dialog.
 * Screenshots in zh-CN and en-US.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { database, launch, screenshot } from './support/browser.ts';
import { signedInPage } from './support/operators.ts';
import { pageHelpers, visit } from './support/page.ts';
import { chooseLanguage, clickRowAction } from './support/shell.ts';

const OPERATOR = { username: 'e2e_levels', password: 'Levels2024xy' };
const SECRET = 'MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43V';
const PAGES = [
  'financeTabList',
  'findLevelFixedPage',
  'credit_level',
  'macth_level',
  'findByPage',
  'depositDayReportSum',
  'giftRiskLogPage',
  'giftRiskConfigPage',
  'orderCancelRecordList',
] as const;

let browser: Browser;
let page: Page;
let member: { mchNo: string; account: string };

const { rows, idle, speak } = pageHelpers(() => page);

async function open(name: string, query = ''): Promise<void> {
  await visit(page, `/financeRisk/${name}${query}`);
  await page.getByTestId(`resource-page-${name}`).first().waitFor({ timeout: 20_000 });
  await idle();
  await expect.poll(() => rows().count(), { timeout: 20_000 }).toBeGreaterThan(0);
}

beforeAll(async () => {
  // The demo day runs in the background after the server starts: the merchant-risk rollup is this step's last.
  const db = await database();
  try {
    for (let i = 0; i < 400; i++) {
      const { rows: done } = await db.query('SELECT count(*)::int AS n FROM merchant_deposit_days');
      if (done[0].n > 0) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const { rows: found } = await db.query(
      `SELECT mch_no AS "mchNo", subject AS account FROM risk_rule_hits ORDER BY id LIMIT 1`,
    );
    member = found[0];
  } finally {
    await db.end();
  }
  expect(member, 'the demo fired the cancellation rule').toBeDefined();
  browser = await launch();
  page = await signedInPage(browser, { ...OPERATOR, totpSecret: SECRET });
}, 300_000);
afterAll(() => browser?.close());

describe('levels and risk rules', () => {
  test('every page shows the demo records; the firing black-listed the member; tagging a member (zh-CN)', async () => {
    for (const name of PAGES) {
      await open(name);
      await screenshot(page, `risk-levels-${name}-zh-CN`);
    }
    // The rules page: the rule, and below it the firing with its evidence and the live entry.
    await open('findByPage');
    const text = await page.locator('body').innerText();
    expect(text).toContain('24小时取消3单');
    expect(text).toContain(member.account);
    expect(text).toContain('生效中');

    // The member's deposit above its credit level's single limit, refused: the block log says why.
    await open('blackBlockLog', '?rule=credit_level');
    const refused = await rows().first().innerText();
    expect(refused).toContain('信用等级限额');
    expect(refused).toContain('超出信用等级单笔限额');
    await screenshot(page, 'risk-levels-level-block-zh-CN');
    // Its entry opens the credit level that refused it.
    await rows()
      .first()
      .getByRole('link', { name: /^#\d+$/ })
      .click();
    const drawer = page.locator('[data-testid="detail-drawer"]:visible');
    await expect.poll(() => drawer.innerText(), { timeout: 20_000 }).toContain('单笔充值限额');
    await page.keyboard.press('Escape');
    // The deposit over the merchant's daily limit an operator had lowered: refused, with the day's use.
    await open('blackBlockLog', '?rule=mchDailyLimit');
    const overDay = await rows().first().innerText();
    expect(overDay).toContain('商户日限额');
    expect(overDay).toContain('超出商户单日充值限额');

    // The demo member's cancellations (other files' deposits time out meanwhile: newer records).
    await open('orderCancelRecordList', `?memberAccount=${encodeURIComponent(member.account)}`);
    expect(await rows().first().innerText()).toContain('会员称不再充值');
    // The state it was called off in reads as the order lists name it.
    expect(await rows().first().innerText()).toContain('待支付');

    // Tag the black-listed member VIP through the dialog (the demo tagged it `watch`); the member list
    // shows both, by the names the tag list gives them (the codes underneath).
    await open('financeTabList');
    const vip = rows().filter({ hasText: 'VIP' }).first();
    await clickRowAction(page, vip, 'assign');
    await page.getByTestId('tag-mch').fill(member.mchNo);
    await page.getByTestId('tag-member').fill(member.account);
    await screenshot(page, 'risk-levels-tag-dialog-zh-CN');
    await page.getByTestId('tag-submit').click();
    await expect.poll(() => page.locator('.ant-message, .ant-notification').innerText()).toContain('vip');
    await visit(page, `/member/memberList?account=${member.account}&mchNo=${member.mchNo}`);
    await idle();
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBe(1);
    const tags = rows().first().locator('[data-codes]');
    await expect.poll(() => tags.innerText()).toMatch(/重点观察.*VIP|VIP.*重点观察/);
    expect((await tags.getAttribute('data-codes'))?.split(',')).toEqual(
      expect.arrayContaining(['watch', 'vip']),
    );
  }, 180_000);

  test('the pages in en-US', async () => {
    await open('credit_level');
    await speak('en-US');
    for (const name of PAGES) {
      await open(name);
      await screenshot(page, `risk-levels-${name}-en-US`);
    }
    await open('depositDayReportSum');
    expect(await page.locator('thead').first().innerText()).toContain('Flag');
    await open('blackBlockLog', '?rule=credit_level');
    expect(await rows().first().innerText()).toContain("Over the credit level's single limit");
    await open('blackBlockLog', '?rule=mchDailyLimit');
    expect(await rows().first().innerText()).toContain("Over the merchant's daily deposit limit");
    await screenshot(page, 'risk-levels-level-block-en-US');
    await chooseLanguage(page, 'zh-CN');
  }, 180_000);
});
