/**
 * Issue 18 in the browser: with "require an authenticator for everyone" on, an unbound operator is
 * taken straight to the bind dialog after signing in, and is told how many failed sign-in attempts
 * their account saw since their last sign-in. zh-CN and en-US screenshots.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launch, newPage, screenshot } from './support/browser.ts';
import { createOperator, requireBinding } from './support/operators.ts';
import { chooseLanguage } from './support/shell.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
  await requireBinding(true);
});

afterAll(async () => {
  await requireBinding(false);
  await browser?.close();
});

describe('binding required for everyone', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    test(`an unbound operator goes straight to the bind dialog, told of failed attempts (${locale})`, async () => {
      const username = `e2e_unbound_${locale === 'zh-CN' ? 'zh' : 'en'}`;
      await createOperator({ username, password: 'Unbound2024x', role: 'editor' });
      const { context, page } = await newPage(browser, { locale });
      try {
        await page.goto('/login');
        if (locale === 'en-US') await chooseLanguage(page, 'en-US');
        // A stranger's two wrong guesses first.
        for (const guess of ['wrong-guess-1', 'wrong-guess-2']) {
          await page.getByTestId('login-username').fill(username);
          await page.getByTestId('login-password').fill(guess);
          await page.getByTestId('login-submit').click();
          await page.locator('.ant-message-notice').first().waitFor({ timeout: 20_000 });
          await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 20_000 });
        }
        await page.getByTestId('login-password').fill('Unbound2024x');
        await page.getByTestId('login-submit').click();
        await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
        await page.getByTestId('bind-qr').waitFor({ timeout: 20_000 });
        const said = (await page.locator('.ant-message').allInnerTexts()).join(' ');
        expect(said).toContain(locale === 'zh-CN' ? '2 次失败的登录尝试' : '2 failed sign-in attempts');
        await screenshot(page, `harden-bind-required-${locale}`);
      } finally {
        await context.close();
      }
    });
  }
});
