/**
 * Helpers of the console-shell browser tests: the shell's own messages (to assert what the operator
 * reads in each language), waiting for toasts, dropdown menus and the tab bar.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { shellLabels } from '../../apps/web/src/lib/shell-labels.ts';
import enCommon from '../../apps/web/src/locales/en-US/common.ts';
import enRoutes from '../../apps/web/src/locales/en-US/routes.ts';
import zhCommon from '../../apps/web/src/locales/zh-CN/common.ts';
import zhRoutes from '../../apps/web/src/locales/zh-CN/routes.ts';

export type Lang = 'zh-CN' | 'en-US';

/** Nested messages, and the lazily loaded parts' flat `key: text` labels. */
const messages: Record<Lang, unknown[]> = {
  'zh-CN': [zhCommon, zhRoutes, shellLabels['zh-CN']],
  'en-US': [enCommon, enRoutes, shellLabels['en-US']],
};

/** The text the shell shows for `key` in `lang` (as i18next resolves it, `{{x}}` filled from vars). */
export function tr(lang: Lang, key: string, vars: Record<string, string> = {}): string {
  for (const source of messages[lang]) {
    let node: unknown = (source as Record<string, unknown>)[key];
    if (typeof node !== 'string') {
      node = source;
      for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    }
    if (typeof node === 'string')
      return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
  }
  throw new Error(`no ${lang} message for ${key}`);
}

export const byTestId = (page: Page, id: string): Locator => page.locator(`[data-testid="${id}"]`);

/** A toast (antd message) with this exact text. */
export function toast(page: Page, text: string): Locator {
  return page.locator('.ant-message .ant-message-notice', { hasText: text }).first();
}

/** expect.poll with the patience of a page (vitest's default is 1 s). */
export function poll<T>(fn: () => T | Promise<T>) {
  return expect.poll(fn, { timeout: 10_000, interval: 50 });
}

/** Waits until nothing matches. */
export async function gone(locator: Locator): Promise<void> {
  await poll(() => locator.count()).toBe(0);
}

/**
 * Closes the open drawer by its close button and waits until it has gone. An Escape pressed as soon as
 * the inbox appeared reached nothing on CI (most likely before the drawer held the focus): the inbox
 * stayed open over the header and took every later click of the file.
 */
export async function closeDrawer(page: Page): Promise<void> {
  const open = page.locator('.ant-drawer-open');
  // On a loaded machine a press in the drawer's opening motion was lost too (CI, stop 46): press
  // again while it stays open, a few times at most, then wait for it as before.
  for (let press = 0; press < 4 && (await open.count()) > 0; press++) {
    await open
      .locator('.ant-drawer-close')
      .last()
      .click({ timeout: 5000 })
      .catch(() => undefined);
    await open
      .first()
      .waitFor({ state: 'detached', timeout: 2500 })
      .catch(() => undefined);
  }
  await gone(open);
}

/** Waits until the text of the (first) match is `text`. */
export async function hasText(locator: Locator, text: string | RegExp): Promise<void> {
  await poll(async () => ((await locator.count()) ? await locator.first().innerText() : '')).toMatch(text);
}

/** Waits until the popup around `panel` has finished its enter or leave animation. */
async function motionDone(panel: Locator): Promise<void> {
  await panel
    .evaluate((el) =>
      Promise.all(
        (el.closest('.ant-popover, .ant-dropdown') ?? el)
          .getAnimations({ subtree: true })
          // A spinner's endless animation never finishes: only the ones that end are waited for.
          .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    )
    .catch(() => undefined); // the popup left the DOM: nothing moves any more
}

/**
 * Opens a popup that its trigger toggles (the bell) and waits until it stands still. The trigger is
 * clicked at most once: a popup that is still appearing can look absent for a moment, and a second
 * click would close it again.
 */
export async function openToggled(trigger: Locator, panel: Locator): Promise<void> {
  // Open, or on its way out after a language switch: let it settle before deciding.
  if (await panel.isVisible()) await motionDone(panel);
  if (!(await panel.isVisible())) await trigger.click();
  await poll(() => panel.isVisible()).toBe(true);
  await motionDone(panel);
}

const OPEN_MENU = '.ant-dropdown:not(.ant-dropdown-hidden)';

/**
 * Chooses an entry of the dropdown just opened and waits until the menu has closed. The menu is
 * placed off-screen until it is aligned, then slides in: a click computed before it stands still can
 * land beside the entry, and the menu then stays open with nothing chosen (CI lost a language
 * switch this way). So a trial click waits for the entry, then its popup's animations finish.
 */
export async function chooseInMenu(page: Page, option: string): Promise<void> {
  const entry = page.locator(OPEN_MENU).locator(`[data-testid="${option}"]`);
  await entry.click({ trial: true });
  await motionDone(entry);
  await entry.click();
  const open = page.locator(OPEN_MENU);
  try {
    await gone(open);
  } catch {
    // A language switch re-renders the shell while antd's locale loads, and the menu can then stay
    // on screen (a known glitch, see the issue note): closed as an operator would, with Escape.
    await page.keyboard.press('Escape');
    await gone(open);
  }
}

/** Opens a click dropdown of the header and picks an entry. */
export async function pick(page: Page, trigger: string, option: string): Promise<void> {
  await byTestId(page, trigger).click();
  await chooseInMenu(page, option);
}

/**
 * Chooses the console's language in the header and waits until the page is in it: the texts change
 * in a transition, and <html lang> says the new language once they are in (app.tsx).
 */
export async function chooseLanguage(page: Page, lang: Lang): Promise<void> {
  await pick(page, 'language-switch', `language-option-${lang}`);
  await page.locator(`html[lang="${lang}"]`).waitFor({ state: 'attached', timeout: 10_000 });
}

/** Right-clicks a tab and returns the open context menu. */
export async function tabMenu(page: Page, path: string): Promise<Locator> {
  await gone(page.locator(OPEN_MENU));
  // A tab scrolled out of the bar is scrolled in first, as an operator would: the bar's scroll event,
  // when it came just after the right-click (the click's own scrolling), closed the menu it opened.
  const tab = byTestId(page, `tab-${path}`);
  await tab.scrollIntoViewIfNeeded();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await tab.click({ button: 'right' });
  const menu = page.locator(OPEN_MENU);
  await menu.locator('[data-testid="tab-menu-reload"]').waitFor();
  expect(await menu.count()).toBe(1);
  // antd renders a popup off-screen until it is aligned; a trial click waits until it is in place
  // (a forced click on a disabled entry would otherwise race the alignment).
  await tabMenuItem(menu, 'reload').click({ trial: true });
  return menu;
}

/** The context-menu entry (its `li`), to check it is enabled or disabled and to click it. */
export function tabMenuItem(
  menu: Locator,
  entry: 'reload' | 'close' | 'close-left' | 'close-right' | 'close-others' | 'close-all',
): Locator {
  return menu.locator('li.ant-dropdown-menu-item', {
    has: menu.page().locator(`[data-testid="tab-menu-${entry}"]`),
  });
}

export async function closeMenu(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await gone(page.locator(OPEN_MENU));
}

/** The tab bar's paths, in order. */
export async function tabPaths(page: Page): Promise<string[]> {
  const ids = await page
    .locator('[data-testid="tab-bar"] [role="tab"]')
    .evaluateAll((tabs) => tabs.map((t) => t.getAttribute('data-testid') ?? ''));
  return ids.map((id) => id.replace(/^tab-/, ''));
}

/**
 * What the `tabs` key of local storage holds (zustand's persisted shape), or null. Read again once the
 * page has loaded when a navigation took the page away mid-read: signing out reaches /login in the app
 * first and then reloads it.
 */
export async function storedTabs(page: Page): Promise<string[] | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await page.evaluate(() => {
        const raw = localStorage.getItem('tabs');
        if (!raw) return null;
        return (JSON.parse(raw) as { state: { tabs: { path: string }[] } }).state.tabs.map((t) => t.path);
      });
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('Execution context was destroyed')) throw error;
      await page.waitForLoadState('load');
    }
  }
}

/** A second browser window holding the same session as `from` (its cookie and local storage). */
export async function cloneContext(browser: Browser, from: BrowserContext): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    baseURL: inject('baseUrl'),
    storageState: await from.storageState(),
  });
}

/**
 * Clicks a row's action, inline or, when the row has more actions than fit, in its "more" menu
 * (the engine shows the first few inline).
 */
export async function clickRowAction(page: Page, row: Locator, action: string): Promise<void> {
  await row.getByTestId('row-actions').waitFor({ timeout: 20_000 });
  const inline = row.getByTestId(`row-${action}`);
  if (await inline.count()) return inline.click();
  await row.getByTestId('row-more').click();
  await chooseInMenu(page, `row-${action}`);
}
