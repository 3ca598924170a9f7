/**
 * Cashier (counter) payments in the browser (issue 16). A cashier named in CASHIER_STAFF records a
 * payment for a wallet member of this file's own, sends the code, types five wrong codes (each
 * counted, the dialog says how many tries are left), is refused on the 6th try even with the right
 * code, sends a new code and confirms with the code the sandbox SMS outbox received: the payment is
 * confirmed and the SMS and log pages show the tries, the lock and every action. An administrator
 * holding every role permission but not named as cashier gets 403 from the cashier API.
 * Screenshots in zh-CN and en-US.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Database } from '../apps/server/src/db/client.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { registerWalletMember } from '../apps/server/src/modules/wallet/wallet-app.service.ts';
import { Clock } from '../apps/server/src/platform/clock.ts';
import type { AppContext } from '../apps/server/src/platform/context.ts';
import { launch, database as pgClient, screenshot } from './support/browser.ts';
import { signedInPage } from './support/operators.ts';
import { confirmAction, visit } from './support/page.ts';
import { chooseLanguage } from './support/shell.ts';

// The cashiers are named in CASHIER_STAFF of the suite's server (global-setup.ts); the boss is not.
const CASHIER = {
  username: 'e2e_cashier',
  password: 'Cashier2024xy',
  totpSecret: 'KNSWC43JMVZGK3TSORSWC43JMVZGK3TS',
};
const BOSS = {
  username: 'e2e_boss',
  password: 'Boss2024xyzw',
  totpSecret: 'IJXXG43CN5ZXGYTPONZWE33TONRG643T',
};
const ACCOUNT = `e2e_counter_${Date.now().toString(36)}`;
const PHONE = `1368${String(Date.now()).slice(-7)}`;

/** A refusal of the code, under the dialog's code input (where the next one is typed). */
const codeRefusal = (text: string) =>
  page.locator('.ant-form-item-explain-error:visible', { hasText: text }).first();
let browser: Browser;
let page: Page;
let db: Database;

const id = (testId: string) => page.getByTestId(testId);
const idle = () =>
  page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'), null, { timeout: 20_000 });
const row = () =>
  page.locator('.ant-table-tbody:visible').first().locator('tr.ant-table-row', { hasText: ACCOUNT }).first();

async function open(name: string, query = '') {
  await visit(page, `/wallet/${name}${query}`);
  await id(`resource-page-${name}`).first().waitFor({ timeout: 20_000 });
  await idle();
}

/** The newest code the member's phone (the sandbox outbox) received. */
async function outboxCode(): Promise<string> {
  const client = await pgClient();
  try {
    const { rows } = await client.query<{ text: string }>(
      'SELECT text FROM sandbox_sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1',
      [PHONE],
    );
    return /\b(\d{6})\b/.exec(rows[0]?.text ?? '')?.[1] ?? '';
  } finally {
    await client.end();
  }
}

async function sendCode() {
  await row().getByTestId('row-sendCode').click();
  await confirmAction(page);
  await idle();
}

async function tryCode(code: string) {
  await row().getByTestId('row-confirm').click();
  await id('transition-code').fill(code);
  await id('transition-submit').click();
}

beforeAll(async () => {
  const password = fs.readFileSync(path.join(inject('dataDir'), 'pg-password'), 'utf8').trim();
  db = openDatabase(
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${inject('pgPort')}/payops`,
    2,
  );
  // The member registers through the wallet app's own service (it needs only the clock).
  const ctx = { clock: new Clock(), db: db.db } as unknown as AppContext;
  await db.db.transaction((tx) => registerWalletMember(ctx, tx, { account: ACCOUNT, phone: PHONE }));
  browser = await launch();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await db?.close();
});

describe('cashier payments', () => {
  test('a payment confirmed with the outbox code; wrong codes counted, the 6th try refused (zh-CN)', async () => {
    page = await signedInPage(browser, CASHIER, 'zh-CN');
    await open('counterPaymentPage');
    await id('toolbar-add').click();
    await id('form-walletMemberId').click();
    await page.keyboard.type(ACCOUNT);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: ACCOUNT })
      .first()
      .click();
    await id('form-amount').fill('888.88');
    await id('form-remark').fill('E2E柜台现金');
    await id('form-submit').click();
    await idle();
    await expect.poll(() => row().innerText(), { timeout: 20_000 }).toContain('待发送验证码');

    await sendCode();
    await expect.poll(() => row().innerText()).toContain('验证码已发送');
    const code = await outboxCode();
    expect(code).toMatch(/^\d{6}$/);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let left = 4; left >= 0; left--) {
      await tryCode(wrong);
      const text = left > 0 ? `验证码错误，还可尝试${left}次` : '验证码错误，已无剩余尝试次数';
      await codeRefusal(text).waitFor({ timeout: 10_000 });
      if (left === 2) await screenshot(page, 'cashier-wrong-code-zh-CN');
      await page.keyboard.press('Escape');
    }
    // The 6th try, with the right code: refused.
    await tryCode(code);
    await codeRefusal('验证码错误次数过多').waitFor({ timeout: 10_000 });
    await page.keyboard.press('Escape');
    expect(await row().innerText()).toContain('验证码已发送');

    // A new code, read off the member's phone: confirmed, the wallet credited.
    await sendCode();
    // The member's phone receives the new message once the send has committed.
    await expect.poll(outboxCode, { timeout: 20_000 }).not.toBe(code);
    const fresh = await outboxCode();
    await tryCode(fresh);
    await expect.poll(() => row().innerText(), { timeout: 20_000 }).toContain('已确认入账');
    await screenshot(page, 'cashier-payments-zh-CN');

    // The codes: the first locked after 5 tries, the second used; the phone masked, no code shown.
    const paymentNo = (await row().innerText()).match(/CP\d{8}[0-9A-F]{10}/)?.[0] ?? '';
    expect(paymentNo).not.toBe('');
    await open('counterPaymentSmsPage');
    const sms = page
      .locator('.ant-table-tbody:visible')
      .first()
      .locator('tr.ant-table-row', { hasText: paymentNo });
    await expect.poll(() => sms.count(), { timeout: 20_000 }).toBe(2);
    const texts = (await sms.allInnerTexts()).join('\n');
    expect(texts).toContain('已锁定');
    expect(texts).toContain('已使用');
    expect(texts).not.toContain(PHONE);
    expect(texts).not.toContain(fresh);
    await screenshot(page, 'cashier-sms-zh-CN');

    // The log: the create, the sends, the wrong tries (failures) and the confirmation.
    await open('counterPaymenLogtPage');
    await expect
      .poll(async () => page.locator('.ant-table-tbody:visible tr.ant-table-row').count())
      .toBeGreaterThan(8);
    // Its action filter offers the cashier's actions only: the view's scope, read from its definition.
    await page.getByTestId('filter-action').click();
    const offered = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await offered.first().waitFor();
    const actions = await offered.allInnerTexts();
    expect(
      actions.every((a) => a.includes('(wallet.counterPaymentPage.')),
      actions.join('\n'),
    ).toBe(true);
    await screenshot(page, 'cashier-log-action-choices-zh-CN');
    await page.keyboard.press('Escape');
    await screenshot(page, 'cashier-log-zh-CN');
  });

  test('the pages in en-US; an administrator not named as cashier gets 403 from the cashier API', async () => {
    page = await signedInPage(browser, { ...CASHIER, username: 'e2e_cashier_en' }, 'en-US');
    await open('counterPaymentPage');
    await chooseLanguage(page, 'en-US');
    for (const name of ['counterPaymentPage', 'counterPaymentSmsPage', 'counterPaymenLogtPage']) {
      await open(name);
      await expect
        .poll(() => page.locator('.ant-table-tbody:visible tr.ant-table-row').count())
        .toBeGreaterThan(0);
      await screenshot(page, `cashier-${name}-en-US`);
    }
    const boss = await signedInPage(browser, BOSS, 'en-US');
    const { statuses, menu } = await boss.evaluate(async () => {
      const token = localStorage.getItem('token') ?? '';
      const post = (url: string, body: object) =>
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', access_token: token },
          body: JSON.stringify(body),
        }).then((r) => r.status);
      const statuses = [
        await post('/api/wallet/counterPaymentPage/findByPage', { page: 1, pageSize: 10 }),
        await post('/api/wallet/counterPaymentPage/add', { walletMemberId: 1, amount: '1' }),
        await post('/api/wallet/counterPaymentSmsPage/findByPage', { page: 1, pageSize: 10 }),
        await post('/api/wallet/counterPaymenLogtPage/findByPage', { page: 1, pageSize: 10 }),
        // The same administrator reads other pages: the refusal is the cashier rule, not the role.
        await post('/api/sys/opearlog/findByPage', { page: 1, pageSize: 10 }),
      ];
      const menu = await fetch('/api/menu', { headers: { access_token: token } }).then((r) => r.text());
      return { statuses, menu };
    });
    expect(statuses).toEqual([403, 403, 403, 403, 200]);
    // Nor does the menu offer the pages; opening one's address anyway meets the server's 403, which
    // signs the operator out (the spec's error catalogue for 403).
    expect(menu).toContain('/wallet/walletFindByPage');
    expect(menu).not.toContain('counterPayment');
    await chooseLanguage(boss, 'en-US');
    await boss.goto('/wallet/counterPaymentPage');
    await boss.waitForURL((url) => url.pathname === '/login', { timeout: 20_000 });
    // The sign-out reloads the page: the screenshot once the sign-in form is back.
    await boss.getByTestId('login-form').waitFor({ timeout: 20_000 });
    await screenshot(boss, 'cashier-boss-signed-out-en-US');
  });
});
