/**
 * The console shell's frame in a real browser (issue 3 item 13): the side menu the server sends, pages
 * opened as tabs and the tabs' context menu, the language switch, the settings (colour, size), unknown
 * paths and the menu collapsing on a narrow window. Signing in and the session are shell.e2e.ts's.
 * The file's own administrator (authenticator bound) goes through it in order on one page.
 */
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { launch, screenshot } from './support/browser.ts';
import { signedInPage } from './support/operators.ts';
import {
  closeMenu,
  gone,
  hasText,
  pick,
  poll,
  storedTabs,
  tabMenu,
  tabMenuItem,
  tabPaths,
} from './support/shell.ts';
import { type MenuGroup, PAGES, shellPage, titleKey } from './support/shell-page.ts';

const OPERATOR = { username: 'e2e_shell_tabs', password: 'ShellTabs2024xy' };
const SECRET = 'ONUGK3DMORQWE4ZAMV2GK43UONUGK3DM';

let browser: Browser;
let page: Page;
let serverMenu: MenuGroup[] = [];

const {
  t,
  id,
  pathname,
  lang,
  view,
  waitForPath,
  openPageFromMenu,
  titled,
  menuTitles,
  switchLanguage,
  openSettings,
  closeSettings,
  shot,
  fontOf,
} = shellPage(() => page);

const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

describe('console shell: menu, tabs, languages, settings', () => {
  beforeAll(async () => {
    browser = await launch();
    // The shell's files keep the motions (support/browser.ts, newPage).
    page = await signedInPage(browser, { ...OPERATOR, totpSecret: SECRET }, 'zh-CN', { motion: true });
    page.setDefaultTimeout(10_000);
    // The menu the server sends this operator, as the shell loads it.
    const menu = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/menu');
    await page.reload();
    serverMenu = ((await (await menu).json()) as { data: MenuGroup[] }).data;
    await id('dashboard-page').waitFor();
  });

  afterEach(async ({ task }) => {
    // What the operator had on screen when a check failed, next to the other screenshots.
    if (task.result?.state === 'fail') await screenshot(page, `shell-failed-${task.name.slice(0, 40)}`);
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('the side menu is the one the server sent, with translated titles', async () => {
    expect(serverMenu.length).toBeGreaterThan(5);
    expect(await menuTitles()).toEqual([
      t('fixedRoute.dashboard'),
      ...serverMenu.map((group) => t(group.titleKey)),
    ]);
    const order = serverMenu.find((g) => g.path === '/order');
    expect(order).toBeDefined();
    await id('menu-/order').click();
    for (const child of order?.children ?? []) {
      await hasText(id(`menu-${child.path}`), t(child.titleKey));
    }
    // One group open at a time (the default): opening another closes /order.
    await id('menu-/payManage').click();
    await id('menu-/payManage/deposit_thirdpay_list').waitFor();
    await poll(() => id('menu-/order/orderTransferList').isVisible()).toBe(false);
    await shot('shell-zh-CN-menu-open');
  });

  test('five pages open as tabs, each with its title, breadcrumb and page', async () => {
    for (const { group, path } of PAGES) {
      await openPageFromMenu(group, path);
      await titled(group, path);
      expect(await id(`tab-${path}`).getAttribute('data-active')).toBe('true');
    }
    expect(await tabPaths(page)).toEqual(['/dashboard', ...PAGES.map((p) => p.path)]);
    for (const { path } of PAGES) await hasText(id(`tab-${path}`), t(titleKey(path)));
    // Opening an open page again keeps one tab.
    await id(`tab-${PAGES[0].path}`).click();
    await waitForPath(PAGES[0].path);
    await openPageFromMenu(PAGES[0].group, PAGES[0].path);
    expect(await tabPaths(page)).toHaveLength(6);
    // The dashboard tab has no close button; the others have one.
    expect(await id('tab-close-/dashboard').count()).toBe(0);
    expect(await id(`tab-close-${PAGES[1].path}`).count()).toBe(1);
  });

  test('a kept page keeps what was typed in its search while hidden, and reads its rows again when shown', async () => {
    const [kept, other] = [PAGES[1].path, PAGES[2].path];
    await id(`tab-${kept}`).click();
    await waitForPath(kept);
    const field = view(kept).locator('[data-testid="search-form"] input').first();
    await field.fill('10.9.8.7');
    // Its list is read again when the page is shown, not while it is hidden behind another tab.
    const reads: string[] = [];
    const onRequest = (r: Request) => {
      if (new URL(r.url()).pathname.startsWith(`/api${kept}/`)) reads.push(pathname());
    };
    page.on('request', onRequest);
    await id(`tab-${other}`).click();
    await waitForPath(other);
    await page.waitForTimeout(500);
    expect(reads, 'the hidden page asked nothing').toEqual([]);
    await id(`tab-${kept}`).click();
    await waitForPath(kept);
    await expect.poll(() => reads, { timeout: 10_000 }).toContain(kept);
    expect(await field.inputValue(), 'what was typed is still there').toBe('10.9.8.7');
    page.off('request', onRequest);
    await view(kept).locator('[data-testid="resource-table"]').waitFor();
    await field.fill('');
  });

  test('tabs survive a page reload', async () => {
    await id(`tab-${PAGES[4].path}`).click();
    await waitForPath(PAGES[4].path);
    const before = await tabPaths(page);
    expect(await storedTabs(page)).toEqual(before);
    await page.reload();
    await id('tab-bar').waitFor();
    expect(await tabPaths(page)).toEqual(before);
    expect(pathname()).toBe(PAGES[4].path);
    expect(await id(`tab-${PAGES[4].path}`).getAttribute('data-active')).toBe('true');
    await titled(PAGES[4].group, PAGES[4].path);
  });

  test('the tab context menu follows every rule', async () => {
    const [a, b, c, d, e] = [PAGES[0].path, PAGES[1].path, PAGES[2].path, PAGES[3].path, PAGES[4].path];

    // Reload: the page is mounted anew (its kept-alive copy is dropped).
    await view(e).evaluate((el) => el.setAttribute('data-marker', 'before-reload'));
    let menu = await tabMenu(page, e);
    await tabMenuItem(menu, 'reload').click();
    await gone(page.locator(`.page-view[data-page="${e}"][data-marker]`));
    await view(e).waitFor();
    expect(pathname()).toBe(e);

    // Close the active (last) tab: on to the previous one; its page is freed.
    menu = await tabMenu(page, e);
    await tabMenuItem(menu, 'close').click();
    await waitForPath(d);
    expect(await tabPaths(page)).toEqual(['/dashboard', a, b, c, d]);
    await gone(view(e));

    // Close a tab that is not active (its × button): the active tab stays.
    await id(`tab-close-${b}`).click();
    expect(await tabPaths(page)).toEqual(['/dashboard', a, c, d]);
    expect(pathname()).toBe(d);
    await gone(view(b));

    // Close a background tab from its menu: the active tab stays.
    menu = await tabMenu(page, c);
    await tabMenuItem(menu, 'close').click();
    expect(await tabPaths(page)).toEqual(['/dashboard', a, d]);
    expect(pathname()).toBe(d);

    // Close the active tab right after the dashboard: back to the dashboard.
    await id(`tab-${a}`).click();
    await waitForPath(a);
    menu = await tabMenu(page, a);
    await tabMenuItem(menu, 'close').click();
    await waitForPath('/dashboard');
    expect(await tabPaths(page)).toEqual(['/dashboard', d]);

    // Two tabs: "close others" is off (it needs 3), "close all" is on; the dashboard cannot be closed.
    menu = await tabMenu(page, '/dashboard');
    expect(await tabMenuItem(menu, 'close').getAttribute('class')).toContain('-disabled');
    expect(await tabMenuItem(menu, 'close-others').getAttribute('class')).toContain('-disabled');
    expect(await tabMenuItem(menu, 'close-all').getAttribute('class')).not.toContain('-disabled');
    expect(await tabMenuItem(menu, 'reload').getAttribute('class')).not.toContain('-disabled');
    // Clicked on the element itself: a forced click at coordinates could land beside a moving menu.
    await tabMenuItem(menu, 'close').dispatchEvent('click');
    await closeMenu(page).catch(() => undefined);
    expect(await tabPaths(page)).toEqual(['/dashboard', d]);

    // Three tabs: close others from a background tab keeps the dashboard and it, and goes to it.
    await openPageFromMenu(PAGES[0].group, a);
    menu = await tabMenu(page, d);
    expect(await tabMenuItem(menu, 'close-others').getAttribute('class')).not.toContain('-disabled');
    await tabMenuItem(menu, 'close-others').click();
    await waitForPath(d);
    expect(await tabPaths(page)).toEqual(['/dashboard', d]);

    // Close all: only the dashboard stays, and it shows.
    menu = await tabMenu(page, d);
    await tabMenuItem(menu, 'close-all').click();
    await waitForPath('/dashboard');
    expect(await tabPaths(page)).toEqual(['/dashboard']);
    expect(await storedTabs(page)).toEqual(['/dashboard']);
    await id('dashboard-page').waitFor();

    // One tab: nothing can be closed.
    menu = await tabMenu(page, '/dashboard');
    for (const entry of ['close', 'close-others', 'close-all'] as const) {
      expect(await tabMenuItem(menu, entry).getAttribute('class')).toContain('-disabled');
    }
    await closeMenu(page);
  });

  test('the language switch changes the shell texts and antd’s own', async () => {
    await openSettings();
    // antd's own text (its locale's "close"), the accessible name of the drawer's × button.
    expect(await page.locator('.ant-drawer-close').getAttribute('aria-label')).toBe('关闭');
    await shot('shell-zh-CN-settings-drawer');
    await closeSettings();

    await openPageFromMenu(PAGES[0].group, PAGES[0].path);
    await switchLanguage('en-US');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    await titled(PAGES[0].group, PAGES[0].path);
    await hasText(id('tab-/dashboard'), t('fixedRoute.dashboard'));
    expect(await menuTitles()).toEqual([
      t('fixedRoute.dashboard'),
      ...serverMenu.map((group) => t(group.titleKey)),
    ]);
    // The frame's own texts (logo, tabs, breadcrumb, header) are in antd's font, not the browser's serif.
    const antdFont = await fontOf('[data-testid="side-menu"]');
    expect(antdFont).toContain('sans-serif');
    for (const selector of [
      '[data-testid="logo"]',
      '[data-testid="tab-bar"] [role="tab"]',
      '.breadcrumb',
      '.header-btn',
    ]) {
      expect(await fontOf(selector)).toBe(antdFont);
    }
    await shot('shell-en-US-menu-open');

    await id('tab-/dashboard').click();
    await waitForPath('/dashboard');
    await hasText(
      page.locator('[data-testid="dashboard-page"] h4'),
      t('dashboard.welcome', { name: OPERATOR.username }),
    );
    await hasText(id('dashboard-logins'), t('dashboard.factorTotp'));
    await shot('shell-en-US-dashboard');

    // antd's own texts come from its locale: the drawer's close button.
    await openSettings();
    expect(await page.locator('.ant-drawer-close').getAttribute('aria-label')).toBe('Close');
    await hasText(page.locator('.ant-drawer-content-wrapper'), t('settings.primaryColor'));
    await shot('shell-en-US-settings-drawer');
    await closeSettings();
  });

  /**
   * How each item of the header's give-way parts shows, the rate first and then each badge: "whole",
   * "none" (wrapped out of sight) or "cut" (partly in sight).
   */
  const headerShows = () =>
    page.locator('.header-fits').evaluateAll((parts) =>
      parts.flatMap((part) => {
        const space = part.getBoundingClientRect();
        return [...part.children].map((item) => {
          const box = item.getBoundingClientRect();
          if (box.top >= space.bottom) return 'none';
          return box.left >= space.left && box.right <= space.right ? 'whole' : 'cut';
        });
      }),
    );

  // In English the ticker and the four badges once took the width and cut the breadcrumb to "Or…",
  // then the ticker to "Rates: U…".
  test('the breadcrumb of a page fits in the header at 1440 px in English', async () => {
    await openPageFromMenu(PAGES[0].group, PAGES[0].path);
    expect(lang()).toBe('en-US');
    expect(await id('breadcrumb').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // The ticker is the space the header has left: it shows a whole rate or none, never "Rates: U…".
    expect(await headerShows()).not.toContain('cut');
    await shot('shell-en-US-header-1440');
    expect(await id('rate-ticker').getAttribute('title')).toMatch(
      /^Rates: [A-Z]+\/[A-Z]+ (Buy|Sell) \d+(\.\d+)?$/,
    );
    // On a wider screen the rate has its room.
    await page.setViewportSize({ width: 1920, height: 900 });
    try {
      await poll(async () => (await headerShows())[0]).toBe('whole');
      await shot('shell-en-US-header-1920');
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });

  test('primary colour and size settings apply and persist', async () => {
    const purple = '#722ed1';
    await openSettings();
    await id('settings-color-1').click();
    // The selected menu entry (the dashboard) takes the primary colour.
    await poll(() =>
      page
        .locator('[data-testid="side-menu"] .ant-menu-item-selected')
        .evaluate((el) => getComputedStyle(el).backgroundColor),
    ).toBe(rgb(purple));
    await closeSettings();

    // Persisted: a fresh load of /404 (an unknown path) shows its button in the chosen colour.
    await page.goto('/no/such/page');
    await waitForPath('/404');
    const back = page.locator('[data-testid="not-found-page"] .ant-btn-primary');
    await back.waitFor();
    expect(await back.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb(purple));
    await hasText(back, t('common.backHome'));
    await hasText(id('not-found-page'), t('pages.notFoundText'));
    // Mini (the default): antd's small controls, compact.
    expect(await back.getAttribute('class')).toContain('ant-btn-sm');
    const miniHeight = (await back.boundingBox())?.height ?? 0;
    expect(miniHeight).toBeLessThan(24);
    await shot('shell-en-US-404');

    await pick(page, 'size-switch', 'size-option-default');
    await poll(() => back.getAttribute('class')).toContain('ant-btn-lg');
    await poll(async () => (await back.boundingBox())?.height).toBe(40);
    await pick(page, 'size-switch', 'size-option-small');
    await poll(async () => (await back.boundingBox())?.height).toBe(24);
    await pick(page, 'size-switch', 'size-option-mini');
    await poll(async () => (await back.boundingBox())?.height).toBe(miniHeight);
  });

  test('unknown paths go to /404, /common too, and /redirect/<path> goes to the path', async () => {
    await page.goto('/common');
    await waitForPath('/404');
    await id('not-found-page').waitFor();
    expect(await tabPaths(page)).toEqual(['/dashboard', PAGES[0].path]);

    await page.goto(`/redirect${PAGES[3].path}?from=e2e`);
    await waitForPath(PAGES[3].path);
    expect(new URL(page.url()).search).toBe('?from=e2e');
    await titled(PAGES[3].group, PAGES[3].path);
    expect(await tabPaths(page)).toEqual(['/dashboard', PAGES[0].path, PAGES[3].path]);

    // A group path goes to its first page.
    await page.goto('/payManage');
    await waitForPath('/payManage/deposit_thirdpay_list');
  });

  test('the side menu collapses by itself at 1000 px and opens again at 1440 px', async () => {
    const sider = id('sider');
    const width = async () => (await sider.boundingBox())?.width;
    expect(await sider.getAttribute('data-collapsed')).toBe('false');
    await poll(width).toBe(250);
    await page.setViewportSize({ width: 1000, height: 800 });
    await poll(() => sider.getAttribute('data-collapsed')).toBe('true');
    await poll(width).toBe(60);
    // Too narrow for the rate and all four badges: those that do not fit are out of sight, not cut.
    expect(await headerShows()).not.toContain('cut');
    await shot('shell-en-US-collapsed-1000');
    await page.setViewportSize({ width: 1440, height: 900 });
    await poll(() => sider.getAttribute('data-collapsed')).toBe('false');
    await poll(width).toBe(250);
    // The header button still toggles it by hand.
    await id('menu-collapse').click();
    await poll(width).toBe(60);
    await id('menu-collapse').click();
    await poll(width).toBe(250);
  });
});
