/**
 * The console shell's sign-in and session in a real browser (issue 3 item 13), as the operator meets
 * them: the sign-in page, the first sign-in, binding the authenticator, signing out and in with a
 * code, the code dialog (17017), changing the password and the session ending elsewhere. The frame
 * (menu, tabs, languages, settings) is shell-tabs.e2e.ts's.
 *
 * One operator (the built-in admin) goes through it all in order: its first-run password, its binding.
 */
import { generate } from 'otplib';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { authenticatorSecret, freshCode, launch, newPage, screenshot } from './support/browser.ts';
import {
  byTestId,
  cloneContext,
  closeMenu,
  gone,
  hasText,
  pick,
  poll,
  storedTabs,
  tabPaths,
  toast,
} from './support/shell.ts';
import { type MenuGroup, PAGES, shellPage } from './support/shell-page.ts';

const ADMIN = 'admin';
const NEW_PASSWORD = 'Shell2e2eTest9';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let secret = '';

const { t, id, pathname, waitForPath, answerOf, openPageFromMenu, switchLanguage, shot, fontOf } = shellPage(
  () => page,
);

/** Signs in through the form; with a secret, the form first asks for the code and gets a real one. */
async function signIn(password: string, withCode: boolean): Promise<Request> {
  await id('login-username').fill(ADMIN);
  await id('login-password').fill(password);
  if (withCode) {
    await id('login-submit').click();
    await toast(page, t('login.codeNeeded')).waitFor();
    await id('login-code').waitFor();
    await id('login-submit').click();
    await page.locator('.login-error', { hasText: t('code.required') }).waitFor();
    await id('login-code').fill(await freshCode(secret));
  }
  const { request, body } = await answerOf('/api/auth', () => id('login-submit').click());
  expect(body.code).toBe(0);
  await waitForPath('/dashboard');
  await id('dashboard-page').waitFor();
  return request;
}

/** A six-digit code that is neither this step's nor the previous one's. */
async function wrongCode(): Promise<string> {
  const step = Math.floor(Date.now() / 30_000);
  const valid = new Set(
    await Promise.all([step - 1, step, step + 1].map((s) => generate({ secret, epoch: s * 30 + 1 }))),
  );
  return ['000000', '111111', '222222'].find((c) => !valid.has(c)) ?? '333333';
}

describe('console shell: sign-in and session', () => {
  beforeAll(async () => {
    browser = await launch();
    ({ context, page } = await newPage(browser));
    page.setDefaultTimeout(10_000);
  });

  afterEach(async ({ task }) => {
    // What the operator had on screen when a check failed, next to the other screenshots.
    if (task.result?.state === 'fail') await screenshot(page, `shell-failed-${task.name.slice(0, 40)}`);
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('without a token every path leads to the sign-in page, in zh-CN by default', async () => {
    await page.goto('/order/orderTransferList');
    await waitForPath('/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/order/orderTransferList');
    await page.goto('/');
    await waitForPath('/login');
    await id('login-form').waitFor();
    await hasText(page.locator('.login-title'), t('login.title'));
    await hasText(id('language-switch'), t('language.zh-CN'));
    expect(await id('sider').count()).toBe(0);
    expect(await id('tab-bar').count()).toBe(0);
    await id('login-submit').click();
    await hasText(page.locator('.login-error').nth(0), t('login.usernameRequired'));
    await hasText(page.locator('.login-error').nth(1), t('login.passwordRequired'));
    // Readable: a sans-serif text, and the language switch light on the dark background.
    expect(await fontOf('.login-title')).toContain('sans-serif');
    expect(await id('language-switch').evaluate((el) => getComputedStyle(el).color)).toBe(
      'rgb(255, 255, 255)',
    );
    await shot('shell-zh-CN-login');
  });

  test('the admin signs in with the first-run password; the password leaves encrypted', async () => {
    const password = inject('adminPassword');
    const menu = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/menu');
    const request = await signIn(password, false);
    const sent = request.postDataJSON() as { username: string; password: string; googleCode?: string };
    expect(sent.username).toBe(ADMIN);
    expect(sent.password).not.toContain(password);
    expect(sent.password.length).toBeGreaterThan(100);
    // The side menu arrives with the sign-in (shell-tabs.e2e.ts checks it entry by entry).
    expect(((await (await menu).json()) as { data: MenuGroup[] }).data.length).toBeGreaterThan(5);
    await hasText(id('user-menu'), ADMIN);
    await hasText(page.locator('[data-testid="dashboard-page"] h4'), t('dashboard.welcome', { name: ADMIN }));
    expect(await tabPaths(page)).toEqual(['/dashboard']);
    await poll(() => page.title()).toBe(`${t('fixedRoute.dashboard')} - ${t('common.appName')}`);
  });

  test('binds the authenticator from the user dropdown with the QR and a real code', async () => {
    await pick(page, 'user-menu', 'user-menu-bind');
    const dialog = page.locator('.ant-modal-wrap:visible');
    await hasText(dialog.locator('.ant-modal-title'), t('bind.title'));
    const qr = id('bind-qr');
    await qr.waitFor();
    // A real image, decoded by the browser.
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
    await id('bind-submit').click();
    await hasText(dialog.locator('.ant-form-item-explain-error'), t('code.required'));
    await id('bind-code').fill('12ab');
    await hasText(dialog.locator('.ant-form-item-explain-error'), t('code.digits'));
    await shot('shell-zh-CN-bind-dialog');
    secret = await authenticatorSecret(ADMIN, 'pending');
    await id('bind-code').fill(await freshCode(secret));
    const { body } = await answerOf('/api/bindGoogle', () => id('bind-submit').click());
    expect(body.code).toBe(0);
    await toast(page, t('bind.success')).waitFor();
    await gone(page.locator('.ant-modal-wrap:visible'));
    // Bound: the entry is gone from the dropdown.
    await id('user-menu').click();
    await id('user-menu-logout').waitFor();
    expect(await id('user-menu-bind').count()).toBe(0);
    await closeMenu(page);
    expect(await authenticatorSecret(ADMIN, 'bound')).toBe(secret);
  });

  test('after signing out, the sign-in asks for the authenticator code and takes a real one', async () => {
    await openPageFromMenu(PAGES[2].group, PAGES[2].path);
    // Signing out reloads the page at /login (after the app's own redirect there): waited for, so the
    // sign-in below types into the page that stays.
    const reloaded = page.waitForEvent('load');
    await pick(page, 'user-menu', 'user-menu-logout');
    await reloaded;
    await waitForPath('/login');
    expect(await storedTabs(page)).toBeNull();
    const request = await signIn(inject('adminPassword'), true);
    expect((request.postDataJSON() as { googleCode?: string }).googleCode).toMatch(/^\d{6}$/);
    // The dashboard lists this sign-in as password + authenticator.
    await hasText(id('dashboard-logins'), t('dashboard.factorTotp'));
    expect(await tabPaths(page)).toEqual(['/dashboard']);
    await shot('shell-zh-CN-dashboard');
  });

  test('17017: unmask asks for the code in the 400 px dialog; a wrong code asks again; the request is sent again with the right one', async () => {
    await id('tab-/dashboard').click();
    await waitForPath('/dashboard');
    const calls: { code: string | undefined; answer: number }[] = [];
    page.on('response', async (r) => {
      if (new URL(r.url()).pathname !== '/api/sys/user/googleAuthAdmin') return;
      const headers = await r.request().allHeaders();
      calls.push({ code: headers.googlecode, answer: ((await r.json()) as { code: number }).code });
    });

    await pick(page, 'user-menu', 'user-menu-unmask');
    const dialog = page.locator('.ant-modal-wrap:visible .ant-modal');
    await id('code-dialog-input').waitFor();
    // Measured once its opening zoom is over.
    await poll(async () => (await dialog.boundingBox())?.width).toBe(400);
    await hasText(dialog.locator('.ant-modal-title'), t('code.title'));
    await id('code-dialog-submit').click();
    await hasText(dialog.locator('.ant-form-item-explain-error'), t('code.required'));
    await id('code-dialog-input').fill('abc');
    await hasText(dialog.locator('.ant-form-item-explain-error'), t('code.digits'));
    await shot('shell-zh-CN-code-dialog');

    const wrong = await wrongCode();
    await id('code-dialog-input').fill(wrong);
    await id('code-dialog-submit').click();
    // The server says 17017: the dialog comes back empty and says the code was refused (no toast).
    await poll(() => calls.length).toBe(1);
    expect(calls[0]).toEqual({ code: wrong, answer: 17017 });
    await id('code-dialog-input').waitFor();
    await hasText(id('code-dialog-refused'), t('code.refused'));
    await poll(() => id('code-dialog-input').inputValue()).toBe('');
    expect(await toast(page, '请输入正确的谷歌验证码').count()).toBe(0);

    const right = await freshCode(secret);
    const reloaded = page.waitForEvent('load');
    await id('code-dialog-input').fill(right);
    await id('code-dialog-submit').click();
    await toast(page, t('user.unmaskSucceeded')).waitFor();
    await poll(() => calls.length).toBe(2);
    expect(calls[1]).toEqual({ code: right, answer: 0 });
    await reloaded;
    await id('dashboard-page').waitFor();
  });

  test('a password change ends the session: "going to login", signed out after 2 s; elsewhere the session-over code clears and reloads', async () => {
    await switchLanguage('en-US');
    // A second window on the same session, on a page of its own.
    const other = await cloneContext(browser, context);
    const b = await other.newPage();
    await b.goto(PAGES[1].path);
    await b.locator(`.page-view[data-page="${PAGES[1].path}"]`).waitFor();
    expect(await storedTabs(b)).toContain(PAGES[1].path);

    await pick(page, 'user-menu', 'user-menu-password');
    const dialog = page.locator('.ant-modal-wrap:visible .ant-modal');
    await hasText(dialog.locator('.ant-modal-title'), t('password.title'));
    await hasText(dialog, t('password.rule', { min: '8', max: '16' }));
    await id('password-submit').click();
    await hasText(dialog.locator('.ant-form-item-explain-error').first(), t('password.originalRequired'));
    await id('password-original').fill(inject('adminPassword'));
    await id('password-new').fill(NEW_PASSWORD);
    await id('password-confirm').fill(NEW_PASSWORD);
    await id('password-submit').click();

    // The permission needs a code: the code dialog, in English now.
    const codeDialog = page.locator('.ant-modal-wrap:visible .ant-modal', { has: id('code-dialog-input') });
    await id('code-dialog-input').waitFor();
    await hasText(codeDialog.locator('.ant-modal-title'), t('code.title'));
    await id('code-dialog-submit').click();
    await hasText(codeDialog.locator('.ant-form-item-explain-error'), t('code.required'));
    await shot('shell-en-US-code-dialog');
    await id('code-dialog-input').fill(await freshCode(secret));
    const aLeft = page
      .waitForEvent('framenavigated', {
        predicate: (f) => f === page.mainFrame() && new URL(f.url()).pathname === '/login',
        timeout: 10_000,
      })
      .then(() => Date.now());
    const { request, body } = await answerOf('/api/sys/user/updatePassword', () =>
      id('code-dialog-submit').click(),
    );
    expect(body.code).toBe(0);
    expect(request.postData()).not.toContain(NEW_PASSWORD);
    await toast(page, t('password.changed')).waitFor();
    const changedAt = Date.now();
    // The operator reads the message first: still on the page.
    expect(pathname()).not.toBe('/login');

    // Meanwhile the other window's next request (opening its dashboard tab) meets the ended session.
    const bReloaded = b.waitForEvent('load');
    bReloaded.catch(() => undefined);
    const { body: over } = await answerOf(
      '/api/dashboard/overview',
      () => byTestId(b, 'tab-/dashboard').click(),
      b,
    );
    expect(over.code).toBe(1003);
    await toast(b, 'Your session has ended, please sign in again').waitFor();
    // Stored tabs and state are cleared at once; the reload follows 1.5 s later, to /login.
    await poll(() => storedTabs(b)).toBeNull();
    expect(await b.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await bReloaded;
    await waitForPath('/login', b);
    await byTestId(b, 'login-form').waitFor();
    await other.close();

    const leftAt = await aLeft;
    expect(leftAt - changedAt).toBeGreaterThan(1500);
    expect(leftAt - changedAt).toBeLessThan(3500);
    await waitForPath('/login');
    await id('login-form').waitFor();
    expect(await storedTabs(page)).toBeNull();
    await shot('shell-en-US-login');
  });

  test('signs in with the new password and a real code; the old password is refused', async () => {
    await hasText(page.locator('.login-title'), t('login.title'));
    await id('login-username').fill(ADMIN);
    await id('login-password').fill(inject('adminPassword'));
    const { body } = await answerOf('/api/auth', () => id('login-submit').click());
    expect(body.code).not.toBe(0);
    await toast(page, body.msg).waitFor();
    expect(pathname()).toBe('/login');
    await signIn(NEW_PASSWORD, true);
    await hasText(id('user-menu'), ADMIN);
  });
});
