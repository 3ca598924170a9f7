/**
 * The list-page helpers most browser test files use on their one signed-in page: elements by test id,
 * waiting until no spinner turns, the rows of the visible list, and opening a resource page by address.
 * The file's page is read at each call (`current`), as files assign it in their beforeAll.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './browser.ts';
import { chooseLanguage, type Lang } from './shell.ts';

/**
 * Clicks OK on the row action's confirmation ("确认通过该提现申请？"). On a loaded machine a click
 * could land while the dialog was still zooming in and reach nothing: the dialog stayed open and the
 * test timed out waiting for what the action does. So the button itself records whether the click
 * reached it, and a missed click is made again (and said in the log). A click that reached it is never
 * repeated: that would run the action twice.
 */
export async function confirmAction(page: Page): Promise<void> {
  const ok = await page
    .locator('.ant-modal-confirm [data-testid="confirm-ok"]:visible')
    .elementHandle({ timeout: 20_000 });
  if (!ok) throw new Error('no confirmation is open');
  for (let attempt = 1; attempt <= 4; attempt++) {
    await ok.evaluate((button) => {
      const mark = button as HTMLElement & { reached?: boolean };
      mark.reached = false;
      button.addEventListener('click', () => (mark.reached = true), { once: true });
    });
    await ok.click({ timeout: 20_000 });
    if (await ok.evaluate((button) => (button as HTMLElement & { reached?: boolean }).reached)) return;
    console.warn(`[confirmation] click ${attempt} did not reach OK on ${page.url()}; clicking again`);
  }
  throw new Error('the confirmation OK button never received a click');
}

/**
 * Goes to `url` the way an operator does once signed in: inside the running app (the router follows
 * the address; the other open pages are closed from the tab menu), not by loading the app again. A
 * full load is 2-3 s of the renderer on CI's two cores (the shell, its styles and the page built from
 * nothing), an in-app move about 0.5 s: the browser tests open about a hundred pages. A page still kept
 * open by the tab bar is loaded afresh instead, as is any address while no signed-in shell shows
 * (sign-in, a new page): a test that opens a page sees what the server holds now, not a page kept from
 * before. The dashboard's tab cannot be closed: once opened it stays in the document, hidden, so a
 * test reads a table by `:visible` (`.ant-table-thead:visible`), never by `.first()` of the document.
 */
export async function visit(page: Page, url: string): Promise<void> {
  const moved = await page.evaluate((to) => {
    if (!document.querySelector('[data-testid="tab-bar"]')) return false;
    // An open drawer or dialog (portals of the page left, or of the shell) would stay over the next page.
    const overlays = document.querySelectorAll('.ant-drawer-content-wrapper, .ant-modal-wrap');
    if ([...overlays].some((overlay) => overlay.getClientRects().length > 0)) return false;
    const target = new URL(to, location.href);
    if (target.origin !== location.origin) return false;
    if (document.querySelector(`.page-view[data-page="${CSS.escape(target.pathname)}"]`)) return false;
    history.pushState(null, '', target.pathname + target.search + target.hash);
    dispatchEvent(new PopStateEvent('popstate'));
    return true;
  }, url);
  if (!moved) {
    await page.goto(url);
    return;
  }
  const pathname = new URL(url, page.url()).pathname;
  await page.locator(`.page-view[data-page="${pathname}"]`).waitFor({ state: 'attached', timeout: 20_000 });
  // The dashboard's tab cannot be closed; every other page but this one is.
  const others = page.locator(`.page-view:not([data-page="${pathname}"]):not([data-page="/dashboard"])`);
  if ((await others.count()) === 0) return;
  // Dispatched, not clicked: the new page may open a drawer from its address (`?detail=`), whose mask
  // covers the tab bar. Each tab's menu stays in the document once opened; the one just opened shows.
  await page.getByTestId(`tab-${pathname}`).dispatchEvent('contextmenu');
  await page.locator('[data-testid="tab-menu-close-others"]:visible').dispatchEvent('click');
  await expect.poll(() => others.count(), { timeout: 20_000 }).toBe(0);
}

/** Goes to `url` (visit) and waits until resource page `name` shows its loaded table. */
export async function openResource(page: Page, url: string, name: string): Promise<void> {
  await visit(page, url);
  await page.getByTestId(`resource-page-${name}`).waitFor({ timeout: 20_000 });
  await page.locator('.ant-table-tbody:visible').first().waitFor({ timeout: 20_000 });
  await spinnersStopped(page);
}

/** Resolves once no spinner of the page turns (a list loaded, a form submitted). */
export const spinnersStopped = (page: Page) =>
  page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'), null, { timeout: 20_000 });

export interface PageHelpers {
  id: (testId: string) => Locator;
  /** Resolves once no spinner of the page turns (a list loaded, a form submitted). */
  idle: () => Promise<unknown>;
  /** The rows of the visible list (the first visible table's body). */
  rows: () => Locator;
  /** The first row of the visible list that contains `text`. */
  row: (text: string) => Locator;
  /** Goes to `url` and waits until resource page `name` shows its loaded table. */
  open: (url: string, name: string) => Promise<void>;
  /** Switches the console to `lang` and waits until the page has loaded again in it. */
  speak: (lang: Lang) => Promise<void>;
  /**
   * Opens each `[url, name]` resource page, waits until its list holds a row (what a fresh start's
   * demo day or the test made), and screenshots it as `shot(name)`.
   */
  eachHoldsRows: (
    pages: readonly (readonly [string, string])[],
    shot: (name: string) => string,
  ) => Promise<void>;
}

export function pageHelpers(current: () => Page): PageHelpers {
  const id = (testId: string) => current().getByTestId(testId);
  const idle = () => spinnersStopped(current());
  const rows = () => current().locator('.ant-table-tbody:visible').first().locator('tr.ant-table-row');
  return {
    id,
    idle,
    rows,
    row: (text) => rows().filter({ hasText: text }).first(),
    open: (url, name) => openResource(current(), url, name),
    speak: async (lang) => {
      await chooseLanguage(current(), lang);
      await idle();
    },
    eachHoldsRows: async (pages, shot) => {
      for (const [url, name] of pages) {
        await openResource(current(), url, name);
        await expect.poll(() => rows().count(), { timeout: 20_000 }).toBeGreaterThan(0);
        await screenshot(current(), shot(name));
      }
    },
  };
}
