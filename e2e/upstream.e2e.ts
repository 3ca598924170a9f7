/**
 * The routing decisions page (order/recommendRecordList) on the demo platform. Deposits of a demo
 * merchant are placed by the platform's own placement code (an in-process app on the suite's
 * database, calling the suite's server, whose built-in sandbox answers over HTTP and calls back):
 * one routed, and one whose every upstream errors (the sandbox told so).
 * The page shows each with its candidate passages and what became of each, in zh-CN and en-US.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { type BuiltApp, buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { placeDeposit } from '../apps/server/src/modules/upstream/placement.ts';
import { signed } from '../apps/server/src/modules/upstream/signing.ts';
import { loadKeys } from '../apps/server/src/platform/keys.ts';
import { open } from '../apps/server/src/platform/secret-box.ts';
import { launch, screenshot } from './support/browser.ts';
import { signedInPage } from './support/operators.ts';
import { visit } from './support/page.ts';
import { chooseLanguage } from './support/shell.ts';

const OPERATOR = {
  username: 'e2e_upstream',
  password: 'Upstream2024xy',
  totpSecret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLA',
};

let browser: Browser;
let database: Database;
let built: BuiltApp;
const orderNos: string[] = [];

/** Tells every sandbox account of the suite's server what to do with the next create calls. */
async function controlSandbox(params: Record<string, string | number>) {
  const { rows } = await database.pool.query<{ upstream_mch_no: string; secret_enc: string }>(
    `SELECT upstream_mch_no, secret_enc FROM third_parties WHERE interface_type = 'sandbox'`,
  );
  for (const r of rows) {
    const secret = open(built.ctx.keys.secretKey, r.secret_enc);
    const res = await fetch(`${inject('baseUrl')}/sandbox/upstream/control`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(signed(secret, { mchNo: r.upstream_mch_no, ...params }, new Date())),
    });
    expect(res.status).toBe(200);
  }
}

beforeAll(async () => {
  const dataDir = inject('dataDir');
  const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  database = openDatabase(
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${inject('pgPort')}/payops`,
    4,
  );
  const config = loadConfig(
    { LOG_LEVEL: 'silent', DATA_DIR: dataDir, PUBLIC_ORIGIN: inject('baseUrl') },
    { webDist: path.join(dataDir, 'no-web') },
  );
  built = await buildApp({ config, database, keys: loadKeys(dataDir) });
  const { rows } = await database.pool.query<{ id: number }>(
    `SELECT id FROM merchants WHERE name LIKE '%号店' ORDER BY id LIMIT 1`,
  );
  const merchantId = rows[0]!.id;
  const stamp = Date.now();
  const place = async (n: number, payType: 'alipay', amount: string) => {
    const input = { merchantId, mchOrderNo: `E2E-UP-${stamp}-${n}`, payType, amount };
    const placed = await placeDeposit(built.ctx, input).catch((e: { data?: { orderNo?: string } }) => e.data);
    orderNos.push(
      (placed as { order?: { orderNo: string }; orderNo?: string }).order?.orderNo ??
        (placed as { orderNo: string }).orderNo,
    );
  };
  await controlSandbox({ outcome: 'hold' });
  await place(1, 'alipay', '120');
  await controlSandbox({ create: 'error', outcome: 'hold' });
  await place(2, 'alipay', '130');
  await controlSandbox({ clear: '1' });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await built?.app.close();
  await database?.close();
});

async function openPage(page: Page) {
  await visit(page, `/order/recommendRecordList?orderNo=${orderNos[0]}`);
  await page
    .locator('[data-testid="resource-page-recommendRecordList"]:visible')
    .waitFor({ timeout: 20_000 });
}

describe('recommendRecordList', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    test(`shows each decision with its candidates (${locale})`, async () => {
      const page = await signedInPage(
        browser,
        { ...OPERATOR, username: `${OPERATOR.username}_${locale.slice(0, 2)}` },
        locale,
      );
      const routed = locale === 'zh-CN' ? '已路由' : 'Routed';
      const chosen = locale === 'zh-CN' ? '已选中' : 'Chosen';
      const error = locale === 'zh-CN' ? '上游错误' : 'Upstream error';
      const failed = locale === 'zh-CN' ? '上游全部失败' : 'All upstreams failed';
      await openPage(page);
      if (locale === 'en-US') await chooseLanguage(page, 'en-US');
      const rows = page.locator('.page-view:visible [data-testid="resource-table"] tr.ant-table-row');
      await rows.first().waitFor({ timeout: 20_000 });
      await expect.poll(() => rows.count()).toBe(1);
      await expect.poll(() => rows.first().innerText()).toContain(routed);
      await expect.poll(() => rows.first().locator('[data-verdict="chosen"]').innerText()).toContain(chosen);
      await screenshot(page, `upstream-recommend-routed-${locale}`);

      await visit(page, '/order/recommendRecordList');
      await page
        .locator('[data-testid="resource-page-recommendRecordList"]:visible')
        .waitFor({ timeout: 20_000 });
      const all = page.locator('.page-view:visible [data-testid="resource-table"] tr.ant-table-row');
      const failedRow = all.filter({ hasText: orderNos[1]! });
      await failedRow.waitFor({ timeout: 20_000 });
      expect(await failedRow.innerText()).toContain(failed);
      expect(await failedRow.locator('[data-verdict="upstream_error"]').first().innerText()).toContain(error);
      await screenshot(page, `upstream-recommend-list-${locale}`);
    });
  }
});
