/**
 * Browser helpers for the e2e tests: Debian's Chromium through playwright-core, screenshots saved
 * under test-results/screenshots, and direct database reads that stand in for the operator's phone
 * (the authenticator secret) — nothing else reads the database behind the page's back.
 */
import fs from 'node:fs';
import path from 'node:path';
import { generate } from 'otplib';
import pg from 'pg';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { loadKeys } from '../../apps/server/src/platform/keys.ts';
import { open } from '../../apps/server/src/platform/secret-box.ts';

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../test-results/screenshots');

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
}

export async function newPage(
  browser: Browser,
  opts: { width?: number; height?: number; locale?: string } = {},
) {
  const context: BrowserContext = await browser.newContext({
    viewport: { width: opts.width ?? 1440, height: opts.height ?? 900 },
    locale: opts.locale ?? 'zh-CN',
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
 * The code the authenticator shows now. A code works once per 30 s step, so when this secret's
 * current step was already used, wait for the next step, as an operator would.
 */
export async function freshCode(secret: string): Promise<string> {
  let step = Math.floor(Date.now() / 30_000);
  const last = usedSteps.get(secret) ?? -1;
  if (step <= last) {
    await new Promise((r) => setTimeout(r, (last + 1) * 30_000 - Date.now() + 200));
    step = Math.floor(Date.now() / 30_000);
  }
  usedSteps.set(secret, step);
  return generate({ secret, epoch: step * 30 + 1 });
}
