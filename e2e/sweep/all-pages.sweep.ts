/**
 * `npm run sweep`: every page of the route table opened on a fresh demo server, in zh-CN and en-US,
 * one screenshot and the page's text each, and contact sheets of four
 * (test-results/sweep/<lang>/sheet-NN.png) to look at the whole console in a few dozen images. Not
 * part of `npm test` (it checks nothing a test does not); it is how a change to the engine or the
 * demo is looked at before it is called done. Each page must still render its view and no error
 * toast. SWEEP_PAGES narrows it to some pages (below).
 */
import fs from 'node:fs';
import path from 'node:path';
import { allPages } from '@payops/contracts';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launch, newPage } from '../support/browser.ts';
import { signedInPage } from '../support/operators.ts';
import { chooseLanguage } from '../support/shell.ts';

const OUT = path.resolve(import.meta.dirname, '../../test-results/sweep');
const OPERATOR = {
  username: 'e2e_sweep',
  password: 'SweepPages2024',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};

/**
 * `SWEEP_PAGES=operationRecord,mch_frozen npm run sweep`: only the pages whose path has one of these
 * (unset or empty: every page).
 */
const named = process.env.SWEEP_PAGES?.split(',').filter(Boolean) ?? [];
const ONLY = named.length > 0 ? named : undefined;

let browser: Awaited<ReturnType<typeof launch>>;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Four screenshots to a sheet, each captioned with its file name. */
async function contactSheets(dir: string): Promise<void> {
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^\d{3}_.*\.png$/.test(f))
    .sort();
  const { context, page } = await newPage(browser, { width: 1800, height: 1140 });
  for (let s = 0; s * 4 < files.length; s++) {
    const cells = files
      .slice(s * 4, s * 4 + 4)
      .map((f) => {
        const data = fs.readFileSync(path.join(dir, f)).toString('base64');
        return `<div style="position:relative"><img src="data:image/png;base64,${data}" style="width:900px;height:562px;display:block"><span style="position:absolute;bottom:0;left:0;background:yellow;font:14px sans-serif">${f}</span></div>`;
      })
      .join('');
    await page.setContent(
      `<body style="margin:0;display:grid;grid-template-columns:900px 900px">${cells}</body>`,
    );
    await page.screenshot({ path: path.join(dir, `sheet-${String(s).padStart(2, '0')}.png`) });
  }
  await context.close();
}

test('every page in both languages', async () => {
  const page = await signedInPage(browser, OPERATOR);
  for (const lang of ['zh-CN', 'en-US'] as const) {
    const dir = path.join(OUT, lang);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    if (lang !== 'zh-CN') await chooseLanguage(page, lang);
    for (const [i, p] of allPages.entries()) {
      if (ONLY && !ONLY.some((part) => p.path.includes(part))) continue;
      await page.goto(p.path);
      await page.locator('.page-view:visible').first().waitFor({ timeout: 20_000 });
      // The page's own requests start after its lazy module arrives: until then no spinner turns,
      // and a list was caught still loading ("no data" under a faded table).
      await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined);
      await page
        .waitForFunction(() => !document.querySelector('.ant-spin-spinning'), null, { timeout: 20_000 })
        .catch(() => undefined);
      await page.waitForTimeout(800); // charts animate in
      const name = `${String(i).padStart(3, '0')}${p.path.replaceAll('/', '_')}`;
      await page.screenshot({ path: path.join(dir, `${name}.png`) });
      // The page's text beside its picture, to search across the console: a key shown raw, a
      // sentence in the other language (`grep -P '\p{Han}' test-results/sweep/en-US/*.txt`).
      const text = await page.locator('.page-view:visible').first().innerText();
      fs.writeFileSync(path.join(dir, `${name}.txt`), text);
      expect(await page.locator('.ant-message-error').count(), p.path).toBe(0);
    }
    await contactSheets(dir);
  }
  process.stdout.write(`sweep: ${allPages.length} pages x 2 languages in ${OUT}\n`);
}, 1_800_000);
