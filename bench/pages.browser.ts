/**
 * The page rows of performance.md, measured in Chromium on the built app against the browser tests'
 * demo server (e2e/support/global-setup.ts): LCP and CLS of cold loads, INP over an operator's
 * session of ordinary work, and the JS heap after opening and closing 20 tabs. Run by bench/pages.ts
 * (`npm run bench -- --only pages`), which reads the rows this writes to $PAGE_BUDGETS_OUT; not part
 * of `npm test`. The vitals are the browser's own entries (largest-contentful-paint, layout-shift,
 * event), read as the web-vitals library defines them.
 */
import fs from 'node:fs';
import { allPages } from '@payops/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launch, newPage } from '../e2e/support/browser.ts';
// The server's address and data folder the global setup provides (its ProvidedContext).
import type {} from '../e2e/support/global-setup.ts';
import { signedInPage } from '../e2e/support/operators.ts';
import { spinnersStopped } from '../e2e/support/page.ts';
import { chooseInMenu, closeDrawer, pick, tabMenu } from '../e2e/support/shell.ts';
import { shellPage } from '../e2e/support/shell-page.ts';
import { clsOf, inpOf, type Shift, vitalsRows } from './vitals.ts';

const OPERATOR = {
  username: 'bench_pages',
  password: 'BenchPages2024',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXQ',
};
/** Cold loads per page: the row's figure is their 75th percentile, as field LCP is read. */
const LOADS = 5;
/** Loaded cold: the sign-in page, the dashboard (its charts), a busy order list and a report. */
const COLD = ['/login', '/dashboard', '/order/orderDepositList', '/financeReport/day_report_mertchant_page'];

/** Records the page's vitals entries from its first byte (an init script of every document). */
function recordVitals() {
  const v = {
    lcp: 0,
    shifts: [] as [number, number][],
    events: {} as Record<number, { ms: number; what: string }>,
  };
  (window as unknown as { __vitals: typeof v }).__vitals = v;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { renderTime: number })[])
      v.lcp = e.renderTime || e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
      if (!e.hadRecentInput) v.shifts.push([e.startTime, e.value]);
  }).observe({ type: 'layout-shift', buffered: true });
  // An interaction's latency is its longest event (pointerdown, click, keydown...): input to next paint.
  // Each named by its event and the nearest test id around its target (to say which was slowest).
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & {
      interactionId: number;
      target: Node | null;
    })[]) {
      if (!e.interactionId || (v.events[e.interactionId]?.ms ?? -1) >= e.duration) continue;
      const el = e.target instanceof Element ? e.target.closest('[data-testid]') : null;
      v.events[e.interactionId] = {
        ms: e.duration,
        what: `${e.name} ${el?.getAttribute('data-testid') ?? '?'}`,
      };
    }
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
}

interface Vitals {
  lcp: number;
  shifts: Shift[];
  events: Record<string, { ms: number; what: string }>;
}
const vitals = (page: Page) => page.evaluate(() => (window as unknown as { __vitals: Vitals }).__vitals);

/** Until the page shows what it loaded: no spinner, no request in flight, the last paint done. */
async function settled(page: Page): Promise<void> {
  await page.locator('.page-view:visible, [data-testid="login-submit"]').first().waitFor({ timeout: 20_000 });
  await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined);
  await spinnersStopped(page);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 300))));
}

let browser: Browser;
let signedIn: BrowserContext;
let session: Page;
const rows: ReturnType<typeof vitalsRows> = [];

beforeAll(async () => {
  browser = await launch();
  session = await signedInPage(browser, OPERATOR, 'zh-CN', { motion: true });
  signedIn = session.context();
});
afterAll(async () => {
  fs.writeFileSync(process.env.PAGE_BUDGETS_OUT ?? 'page-budgets.json', JSON.stringify(rows));
  await browser?.close();
});

test('cold loads: LCP and CLS', async () => {
  const state = await signedIn.storageState();
  const lcp: Record<string, number[]> = {};
  const cls: Record<string, number[]> = {};
  for (const path of COLD) {
    lcp[path] = [];
    cls[path] = [];
    for (let run = 0; run < LOADS; run++) {
      // A context of its own: an empty HTTP cache, as on an operator's first visit of the day.
      const { context, page } = await newPage(browser, {
        motion: true,
        storageState: path === '/login' ? undefined : state,
      });
      await context.addInitScript(recordVitals);
      await page.goto(path);
      await settled(page);
      expect(new URL(page.url()).pathname, 'the load stayed on its page').toBe(path);
      const v = await vitals(page);
      lcp[path].push(v.lcp);
      cls[path].push(clsOf(v.shifts));
      await context.close();
    }
  }
  rows.push(...vitalsRows({ lcp, cls }));
}, 600_000);

/** Twenty pages of the menu, spread over its groups (not the cashier pages, which are staff-only). */
function twentyPages() {
  const pages = allPages.filter((p) => !p.staffOnly && !p.menuHidden && p.path !== '/dashboard');
  const step = pages.length / 20;
  return Array.from({ length: 20 }, (_, i) => pages[Math.floor(i * step)]!);
}

test('a session of work: INP, and the heap after 20 tabs opened and closed', async () => {
  const page = session;
  const shell = shellPage(() => page);
  await page.addInitScript(recordVitals);
  await page.goto('/dashboard');
  await settled(page);
  const cdp = await signedIn.newCDPSession(page);
  const heap = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    return (await cdp.send('Runtime.getHeapUsage')).usedSize;
  };
  const began = await heap();

  let views = 0;
  const openTwenty = async () => {
    for (const p of twentyPages()) {
      await shell.openPageFromMenu(`/${p.group}`, p.path);
      await settled(page);
      views = Math.max(views, await page.locator('.page-view').count());
    }
    return heap();
  };
  const closeAll = async () => {
    await tabMenu(page, '/dashboard');
    await chooseInMenu(page, 'tab-menu-close-all');
    await expect.poll(() => page.locator('[data-testid^="tab-/"]').count(), { timeout: 20_000 }).toBe(1);
    await settled(page);
    return heap();
  };
  const open = await openTwenty();
  // Ordinary work on one list: search, refresh, a record's drawer, the language and back.
  await shell.openPageFromMenu('/order', '/order/orderDepositList');
  await settled(page);
  await page.locator('[data-testid="search-submit"]:visible').click();
  await settled(page);
  await page.locator('[data-testid="toolbar-refresh"]:visible').click();
  await settled(page);
  await page.locator('.ant-table-tbody:visible tr.ant-table-row td').nth(2).click();
  await page.locator('[data-testid="detail-drawer"]:visible').waitFor({ timeout: 20_000 });
  await settled(page);
  await closeDrawer(page);
  await pick(page, 'language-switch', 'language-option-en-US');
  await settled(page);
  await pick(page, 'language-switch', 'language-option-zh-CN');
  await settled(page);
  const ended = await closeAll();
  // The same twenty again: their code is loaded now, what stays after is what the tabs keep.
  await openTwenty();
  const again = await closeAll();

  const v = await vitals(page);
  const interactions = Object.values(v.events);
  expect(interactions.length, 'the clicks were recorded as interactions').toBeGreaterThan(40);
  const slowest = [...interactions].sort((a, b) => b.ms - a.ms).slice(0, 8);
  console.error(`slowest interactions: ${slowest.map((i) => `${i.what} ${Math.round(i.ms)} ms`).join(', ')}`);
  rows.push(
    ...vitalsRows({
      inp: { ...inpOf(interactions), interactions: interactions.length },
      heap: { began, open, ended, again, views },
    }),
  );
}, 600_000);
