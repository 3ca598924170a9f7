/**
 * Browser helpers for the e2e tests: Debian's Chromium through playwright-core, screenshots saved
 * under test-results/screenshots, and direct database access that stands in for the operator's phone
 * (the authenticator secret, and its forgetting a used code: freshCode) — nothing else reads the
 * database behind the page's back.
 */
import fs from 'node:fs';
import path from 'node:path';
import { generate } from 'otplib';
import pg from 'pg';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterEach, beforeEach, expect, inject } from 'vitest';
import { loadKeys } from '../../apps/server/src/platform/keys.ts';
import { open } from '../../apps/server/src/platform/secret-box.ts';

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../test-results/screenshots');

const launched = new Set<Browser>();

/**
 * Every test of every e2e file fails when a page rendered an untranslated key: the app records each
 * key i18next could not find in `window.__missingI18nKeys` (lib/i18n.ts); the list is read and emptied
 * after each test, on every page of every browser this file launched.
 */
afterEach(async () => {
  const missing: string[] = [];
  for (const browser of launched) {
    if (!browser.isConnected()) continue;
    for (const page of browser.contexts().flatMap((c) => c.pages())) {
      if (page.isClosed()) continue;
      const keys = await page
        .evaluate(() => {
          // The page's record, and what earlier documents of this tab recorded before a reload.
          const w = window as { __missingI18nKeys?: string[] };
          const stored = JSON.parse(sessionStorage.getItem('missingI18nKeys') ?? '[]') as string[];
          const found = [...new Set([...stored, ...(w.__missingI18nKeys ?? [])])];
          w.__missingI18nKeys = [];
          sessionStorage.removeItem('missingI18nKeys');
          return found;
        })
        .catch(() => [] as string[]);
      missing.push(...keys.map((k) => `${new URL(page.url()).pathname} ${k}`));
    }
  }
  expect(missing, 'untranslated i18n keys were rendered').toEqual([]);
});

/** What an operator would read on a page: toasts, field errors, dialog and confirmation titles, alerts. */
const TELLING = [
  '.ant-message-notice',
  '.ant-notification-notice',
  '.ant-form-item-explain-error',
  '.ant-modal-title',
  '.ant-modal-confirm-title',
  '.ant-alert',
].join(',');

function within<T>(work: Promise<T>, ms = 5_000): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms)),
  ]);
}

/**
 * A failed test prints what every open page showed when it failed, and saves a screenshot of each
 * (FAILED-<test>-<n>.png): on CI the log is all there is to read, and a timeout alone does not say
 * whether a toast refused the action or the page never got the answer.
 */
beforeEach(({ onTestFailed }) => {
  onTestFailed(async ({ task }) => {
    const slug = task.name.replace(/[^\w-]+/g, '-').slice(0, 60);
    // What failed, in the log even when the retry passes (the reporter then prints no error).
    const errors = (task.result?.errors ?? []).map((e) => (e.message ?? String(e)).split('\n')[0]);
    console.error(`[failed: ${task.name}] ${errors.join(' | ') || '(no error message)'}`);
    let n = 0;
    for (const browser of launched) {
      if (!browser.isConnected()) continue;
      for (const page of browser.contexts().flatMap((c) => c.pages())) {
        if (page.isClosed()) continue;
        // A hung page must not hang the run: each look gets 5 s.
        const shown = await within(
          page.evaluate((selector) => {
            const visible = (e: Element) => (e as HTMLElement).offsetParent !== null;
            return [...document.querySelectorAll(selector)].filter(visible).map((e) => e.textContent?.trim());
          }, TELLING),
        ).catch((e: Error) => [`(page unreadable: ${e.message})`]);
        const file = await within(screenshot(page, `FAILED-${slug}-${++n}`)).catch(() => '(no screenshot)');
        console.error(`[failed: ${task.name}] ${page.url()} shows ${JSON.stringify(shown)}; ${file}`);
      }
    }
  });
});

/**
 * Debian's Chromium headless shell (package chromium-headless-shell, the build playwright itself uses
 * for headless runs): the renderer without the desktop browser around it. On this 2-core machine the
 * same browser tests took ~10 % less time and CPU than with the full `chromium` (match + trade: 153 s
 * vs 171 s of tests; orders + sys: 202 s vs 222 s). The full browser where the shell is not installed.
 */
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file));

export async function launch(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  launched.add(browser);
  browser.on('disconnected', () => launched.delete(browser));
  return browser;
}

/**
 * A page of its own context. Its system setting asks for reduced motion (lib/motion.ts: antd's
 * motions and the charts' entry animations off) unless `motion`: each frame of a drawer sliding in
 * is renderer time on CI's two cores (the orders file: 138 s with motion, about 15 % less without).
 * The shell's UX and tab files keep the motions, as most operators see them.
 */
export async function newPage(
  browser: Browser,
  opts: {
    width?: number;
    height?: number;
    locale?: string;
    motion?: boolean;
    /** Another context's cookies and local storage (its session), without its HTTP cache. */
    storageState?: Awaited<ReturnType<BrowserContext['storageState']>>;
  } = {},
) {
  const context: BrowserContext = await browser.newContext({
    storageState: opts.storageState,
    viewport: { width: opts.width ?? 1440, height: opts.height ?? 900 },
    locale: opts.locale ?? 'zh-CN',
    reducedMotion: opts.motion ? 'no-preference' : 'reduce',
    baseURL: inject('baseUrl'),
  });
  const page = await context.newPage();
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/** A client on the app's database (embedded PostgreSQL of the e2e data folder). */
export async function database(): Promise<pg.Client> {
  const dataDir = inject('dataDir');
  const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  const client = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${inject('pgPort')}/payops`,
  });
  await client.connect();
  return client;
}

/** What the operator's authenticator app knows: the secret behind the QR just shown. */
export async function authenticatorSecret(
  username: string,
  which: 'pending' | 'bound' = 'pending',
): Promise<string> {
  const client = await database();
  try {
    const column = which === 'pending' ? 'totp_pending_enc' : 'totp_secret_enc';
    const res = await client.query(`SELECT ${column} AS sealed FROM operators WHERE username = $1`, [
      username,
    ]);
    const keys = loadKeys(inject('dataDir'));
    return open(keys.secretKey, res.rows[0].sealed);
  } finally {
    await client.end();
  }
}

const usedSteps = new Map<string, number>();

/**
 * The code the authenticator shows now. A code works once per 30 s step (the server stores the last
 * step used); an operator would wait for the next step. The browser tests use one operator's codes
 * many times a minute, so instead of waiting up to 30 s each time, the phone "forgets" the use: the
 * operator's stored last step is set back one step, and this step's code is accepted again. It asks
 * the database every time, not its own memory: another test file (a process of its own) may have used
 * the same operator's code in this step. That a used code is refused is the API tests' concern
 * (security.test.ts); a secret no operator holds yet still waits for the next step.
 */
export async function freshCode(secret: string): Promise<string> {
  let step = Math.floor(Date.now() / 30_000);
  const last = usedSteps.get(secret) ?? -1;
  if (!(await forgetUsedStep(secret, step)) && step <= last) {
    await new Promise((r) => setTimeout(r, (last + 1) * 30_000 - Date.now() + 200));
    step = Math.floor(Date.now() / 30_000);
  }
  usedSteps.set(secret, step);
  return generate({ secret, epoch: step * 30 + 1 });
}

/** Answers the code dialog the server asked for with a fresh code of `secret` (the operator's phone). */
export async function enterCode(page: Page, secret: string): Promise<void> {
  const input = page.getByTestId('code-dialog-input');
  await input.waitFor({ timeout: 20_000 });
  await input.fill(await freshCode(secret));
  await page.getByTestId('code-dialog-submit').click();
}

/** Sets back the last used step of the operators holding `secret` (bound or being bound); false when none. */
async function forgetUsedStep(secret: string, step: number): Promise<boolean> {
  const client = await database();
  try {
    const keys = loadKeys(inject('dataDir'));
    const { rows } = await client.query(
      `SELECT id, totp_secret_enc AS bound, totp_pending_enc AS pending FROM operators
        WHERE totp_secret_enc IS NOT NULL OR totp_pending_enc IS NOT NULL`,
    );
    const holds = (sealed: string | null) => sealed !== null && open(keys.secretKey, sealed) === secret;
    const ids = rows.filter((r) => holds(r.bound) || holds(r.pending)).map((r) => r.id);
    if (ids.length === 0) return false;
    await client.query(
      'UPDATE operators SET totp_last_step = $2 WHERE id = ANY($1) AND totp_last_step >= $2',
      [ids, step - 1],
    );
    return true;
  } finally {
    await client.end();
  }
}
