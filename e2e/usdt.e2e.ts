/**
 * USDT deposits in the browser (issue 11). A demo merchant's signed call to the suite's server gives
 * a pool address; the sandbox chain (over HTTP) pays it; the watcher (the server's job, run here in
 * an app on the suite's database, as the job does) raises the confirmations shown in the order's
 * detail, and at three the order succeeds with the merchant credited at the rate fixed when it was
 * created. An underpayment lands as an exception, which the operator refunds on the chain with a
 * reason and a code. The four USDT pages (orders, withdrawals, all transfers, one address's flows)
 * in zh-CN and en-US, non-empty from the demo day.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { type BuiltApp, buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { merchantApiCall } from '../apps/server/src/demo/orders-client.ts';
import { runChainPayouts } from '../apps/server/src/modules/chain/payout.ts';
import { nodeKeyHeaders } from '../apps/server/src/modules/chain/sandbox/node-key.ts';
import { watchChain } from '../apps/server/src/modules/chain/watcher.ts';
import { loadKeys } from '../apps/server/src/platform/keys.ts';
import { open } from '../apps/server/src/platform/secret-box.ts';
import { enterCode, launch, screenshot } from './support/browser.ts';
import { signedInPage } from './support/operators.ts';
import { openResource, pageHelpers } from './support/page.ts';
import { chooseLanguage } from './support/shell.ts';

const OPERATOR = { username: 'e2e_usdt', password: 'Usdt2024xyzw' };
const SECRET = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLQ';

let browser: Browser;
let page: Page;
let database: Database;
let built: BuiltApp;
let creds: { mchNo: string; secret: string; id: number };

const { id, idle, row } = pageHelpers(() => page);
const drawer = () => page.locator('[data-testid="detail-drawer"]:visible');

const open_ = (pathname: string, name: string) => openResource(page, pathname, name);

async function chain(p: string, body: object) {
  const res = await fetch(`${inject('baseUrl')}/sandbox/chain/${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...nodeKeyHeaders(built.ctx.keys.secretKey) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; txHash?: string };
}

/** One block mined and the watcher run (what the miner and chain-watch jobs do every 10 s). */
async function block() {
  await chain('mine', { network: 'TRC20', blocks: 1 });
  await watchChain(built.ctx);
}

/** What the order's ledger entry credited to the merchant, and the fee it charged (the merchant's rate). */
async function credit(orderNo: string): Promise<{ credited: string; fee: string }> {
  const { rows } = await database.pool.query<{ credited: string; fee: string }>(
    `SELECT p.amount::text AS credited, o.fee::text AS fee
       FROM ledger_postings p
       JOIN ledger_entries e ON e.id = p.entry_id
       JOIN ledger_accounts a ON a.id = p.account_id
       JOIN usdt_deposit_orders o ON o.order_no = e.ref_id
      WHERE e.ref_type = 'usdt_deposit_order' AND e.ref_id = $1 AND a.owner_type = 'merchant'
        AND a.owner_id = $2`,
    [orderNo, creds.id],
  );
  return rows[0]!;
}

async function placeDeposit(amount: string) {
  const { envelope } = await merchantApiCall<{
    orderNo: string;
    address: string;
    usdtAmount: string;
    rate: string;
  }>(inject('baseUrl'), creds, 'usdt/deposit/create', {
    mchOrderNo: `E2E-USDT-${Date.now()}`,
    amount,
    network: 'TRC20',
    memberAccount: 'e2e_member',
  });
  expect(envelope.code, JSON.stringify(envelope)).toBe(0);
  return envelope.data;
}

/** Closes the detail drawer once it has slid in (a click during the slide can be lost: try twice). */
async function closeDrawer() {
  await expect
    .poll(async () => (await drawer().getAttribute('class')) ?? '', { timeout: 10_000 })
    .not.toMatch(/-appear|-enter/);
  for (let attempt = 0; ; attempt++) {
    await drawer().locator('.ant-drawer-close').click();
    try {
      await drawer().waitFor({ state: 'hidden', timeout: 5_000 });
      return;
    } catch (e) {
      if (attempt > 0) throw e;
    }
  }
}

async function refreshUntil(orderNo: string, text: string | RegExp) {
  await expect
    .poll(
      async () => {
        await id('toolbar-refresh').click();
        await idle();
        return (await row(orderNo).count()) ? row(orderNo).innerText() : '';
      },
      { timeout: 30_000, interval: 500 },
    )
    .toMatch(text);
}

beforeAll(async () => {
  const dataDir = inject('dataDir');
  const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  database = openDatabase(
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${inject('pgPort')}/payops`,
    4,
  );
  // The watcher reaches the suite server's sandbox chain over HTTP, as the server's own job does.
  const config = loadConfig(
    { LOG_LEVEL: 'silent', DATA_DIR: dataDir, PUBLIC_ORIGIN: inject('baseUrl') },
    { webDist: path.join(dataDir, 'no-web') },
  );
  built = await buildApp({ config, database, keys: loadKeys(dataDir) });
  const { rows } = await database.pool.query<{ id: number; mch_no: string; secret_enc: string }>(
    `SELECT id, mch_no, secret_enc FROM merchants WHERE status = 'enabled' ORDER BY id LIMIT 1`,
  );
  const m = rows[0]!;
  creds = { id: m.id, mchNo: m.mch_no, secret: open(built.ctx.keys.secretKey, m.secret_enc) };
  browser = await launch();
  page = await signedInPage(browser, { ...OPERATOR, totpSecret: SECRET });
});
afterAll(async () => {
  await browser?.close();
  await built?.app.close();
  await database?.close();
});

describe('USDT', () => {
  test('a deposit is paid on the sandbox chain, confirms and credits at the fixed rate; an underpayment is refunded', async () => {
    const d = await placeDeposit('718.00');
    // The USDT due is the CNY amount at the SELL rate fixed now (rounded up to the chain's 6 decimals).
    expect(Number(d.usdtAmount) * Number(d.rate)).toBeGreaterThanOrEqual(718);
    await open_(`/order/orderDepositListUSDT?orderNo=${d.orderNo}`, 'orderDepositListUSDT');
    expect(await row(d.orderNo).innerText()).toContain(d.address);
    expect(await row(d.orderNo).innerText()).toContain('待支付');

    await chain('pay', { network: 'TRC20', to: d.address, amount: d.usdtAmount });
    await block();
    await refreshUntil(d.orderNo, /确认中/);
    // The detail: the transfer with its confirmations as the child list.
    // The order number's cell (the address cell is a link to its flows).
    await row(d.orderNo).getByText(d.orderNo, { exact: true }).click();
    const transfers = drawer().getByTestId('child-addressFlowList');
    await transfers.locator('tr.ant-table-row').first().waitFor({ timeout: 20_000 });
    expect(await transfers.innerText()).toContain('确认中');
    await screenshot(page, 'usdt-deposit-confirming-zh-CN');
    await closeDrawer();
    await block();
    await block();
    await refreshUntil(d.orderNo, /成功/);
    // Credited 718.00 less the merchant's fee (fixed at creation, with the rate): one ledger entry.
    const { credited, fee } = await credit(d.orderNo);
    expect(Number(credited) + Number(fee)).toBeCloseTo(718, 2);
    expect(await row(d.orderNo).innerText()).toContain('718.00');

    // An underpayment: an exception, refunded on the chain with a reason and a code.
    const u = await placeDeposit('359.00');
    await chain('pay', { network: 'TRC20', to: u.address, amount: '20' });
    for (let i = 0; i < 3; i++) await block();
    await open_(`/order/orderDepositListUSDT?orderNo=${u.orderNo}`, 'orderDepositListUSDT');
    await refreshUntil(u.orderNo, /异常/);
    expect(await row(u.orderNo).innerText()).toContain('少付');
    await screenshot(page, 'usdt-deposit-exception-zh-CN');
    await row(u.orderNo).getByTestId('row-refund').click();
    await id('transition-reason').fill('会员少付，原路退回');
    await id('transition-submit').click();
    await enterCode(page, SECRET);
    await id('transition-submit').waitFor({ state: 'detached', timeout: 40_000 });
    await refreshUntil(u.orderNo, /退回中|已退回/);
    await runChainPayouts(built.ctx);
    for (let i = 0; i < 3; i++) await block();
    await refreshUntil(u.orderNo, /已退回/);

    // The address's flows, from the order's address link: in, then the refund out.
    await row(u.orderNo).getByRole('link', { name: u.address }).click();
    await id('resource-page-addressFlow').waitFor({ timeout: 20_000 });
    await idle();
    const flows = page.locator('.page-view:visible .ant-table-tbody tr.ant-table-row');
    await expect.poll(() => flows.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    expect(await page.locator('.page-view:visible .ant-table-tbody').innerText()).toContain('转出');
    await screenshot(page, 'usdt-address-flow-zh-CN');
  });

  test('the four USDT pages in both languages, non-empty from the demo day', async () => {
    const pages = [
      ['/order/orderDepositListUSDT', 'orderDepositListUSDT'],
      ['/order/orderTransferListUSDT', 'orderTransferListUSDT'],
      ['/order/addressFlowList', 'addressFlowList'],
      ['/order/addressFlow', 'addressFlow'],
    ] as const;
    for (const lang of ['zh-CN', 'en-US'] as const) {
      for (const [p, name] of pages) {
        await open_(p, name);
        if (lang === 'en-US' && p === pages[0][0]) await chooseLanguage(page, 'en-US');
        const rows = page.locator('.page-view:visible .ant-table-tbody tr.ant-table-row');
        await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(0);
        await screenshot(page, `usdt-${name}-${lang}`);
      }
    }
  });
});
