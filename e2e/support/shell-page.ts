/**
 * The console-shell browser tests' view of their one page (shell.e2e.ts: signing in and the session;
 * shell-tabs.e2e.ts: menu, tabs, languages, settings): the language the shell shows now, its texts,
 * the side menu, the pages opened as tabs and screenshots taken once motion is over.
 */
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './browser.ts';
import { byTestId, chooseLanguage, closeDrawer, hasText, type Lang, poll, tr } from './shell.ts';

/**
 * The five pages opened as tabs: small, light list pages of two menu groups. Their titles are checked
 * through the tab, the breadcrumb and the document title, which every page has (built or not).
 */
export const PAGES = [
  { group: '/sys', path: '/sys/role' },
  { group: '/sys', path: '/sys/blackIp' },
  { group: '/sys', path: '/sys/whiteIp' },
  { group: '/sys', path: '/sys/message' },
  { group: '/mch', path: '/mch/merchantTimeoutConfigPage' },
] as const;

export const titleKey = (path: string) => `route${path.replaceAll('/', '.')}`;
export const groupKey = (group: string) => `route.${group.slice(1)}._`;

export interface MenuGroup {
  path: string;
  titleKey: string;
  children: { path: string; titleKey: string }[];
}

export function shellPage(current: () => Page) {
  let lang: Lang = 'zh-CN';
  const t = (key: string, vars?: Record<string, string>) => tr(lang, key, vars);
  const id = (testId: string) => byTestId(current(), testId);
  const pathname = () => new URL(current().url()).pathname;

  async function waitForPath(path: string, p: Page = current()): Promise<void> {
    await poll(() => new URL(p.url()).pathname).toBe(path);
  }

  return {
    t,
    id,
    pathname,
    waitForPath,
    lang: () => lang,
    /** The kept-alive view of the page at `path` (others are hidden beside it). */
    view: (path: string): Locator => current().locator(`.page-view[data-page="${path}"]`),

    /** The envelope of the next answer to `path`, while `action` runs. */
    async answerOf(path: string, action: () => Promise<unknown>, p: Page = current()) {
      const response = p.waitForResponse((r) => new URL(r.url()).pathname === path);
      await action();
      const r = await response;
      return { request: r.request(), body: (await r.json()) as { code: number; msg: string } };
    },

    async openPageFromMenu(group: string, path: string): Promise<void> {
      const submenu = current().locator('li.ant-menu-submenu', { has: id(`menu-${group}`) });
      const isOpen = async () => (await submenu.getAttribute('class'))?.includes('ant-menu-submenu-open');
      // The group of the current page opens by itself; any other is opened with a click.
      if (!pathname().startsWith(`${group}/`) && !(await isOpen())) await id(`menu-${group}`).click();
      // One click only: a second one while the group is still opening would close it again.
      await poll(isOpen).toBe(true);
      // The group is "open" as its opening motion starts; a click while the motion still moves the
      // items can miss (CI once stayed on the dashboard): click once the motion's classes are gone.
      const items = submenu.locator('ul.ant-menu-sub');
      await poll(async () => (await items.getAttribute('class')) ?? '').not.toMatch(/motion/);
      await id(`menu-${path}`).click();
      await waitForPath(path);
      // The address changes at once; the tab is added when the page can render (its code and answers),
      // and a tab's menu opened before that rightly counts the tabs there were.
      await poll(() => id(`tab-${path}`).getAttribute('data-active')).toBe('true');
    },

    /** The page at `path` is shown, titled in the tab, the breadcrumb and the document title. */
    async titled(group: string, path: string): Promise<void> {
      await current().locator(`.page-view[data-page="${path}"]`).waitFor();
      await hasText(id(`tab-${path}`), t(titleKey(path)));
      await hasText(id('breadcrumb'), `${t(groupKey(group))}/${t(titleKey(path))}`);
      await poll(() => current().title()).toBe(`${t(titleKey(path))} - ${t('common.appName')}`);
    },

    /** The side menu's dashboard entry and groups, in order, with their texts. */
    async menuTitles(): Promise<string[]> {
      return current()
        .locator('[data-testid="side-menu"] > li')
        .evaluateAll((items) =>
          items.map((li) => li.querySelector('[data-testid^="menu-"]')?.textContent?.trim() ?? ''),
        );
    },

    async switchLanguage(to: Lang): Promise<void> {
      await chooseLanguage(current(), to);
      lang = to;
      await hasText(id('language-switch'), tr(to, `language.${to}`));
    },

    async openSettings(): Promise<Locator> {
      await id('settings-open').click();
      const drawer = current().locator('.ant-drawer-content-wrapper');
      await drawer.waitFor();
      await hasText(drawer.locator('.ant-drawer-title'), t('settings.title'));
      return drawer;
    },

    closeSettings: () => closeDrawer(current()),

    /** A screenshot once entry animations (page fade-in, dialog zoom) are over. */
    async shot(name: string): Promise<void> {
      await current()
        .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, {
          timeout: 2000,
        })
        .catch(() => undefined);
      await screenshot(current(), name);
    },

    /** The computed font family of the first match. */
    fontOf: (selector: string) =>
      current()
        .locator(selector)
        .first()
        .evaluate((el) => getComputedStyle(el).fontFamily),
  };
}
