/**
 * The simulator in the browser on the demo platform: the operator starts the automatic sellers and
 * buyers on /tradeMock/tradeMockSon and watches the sandbox's orders go matched -> paid -> completed
 * and paid -> disputed, resolves a dispute as the operator, stops the traders; the sandbox's accounts
 * still add up to their postings and no posting of a sandbox order touched a real merchant. Then a
 * test deposit on /mockOrderTest/mockOrderTestSon, placed through the merchant API and followed live.
 * Screenshots in zh-CN and en-US. Other files write meanwhile: everything here is filtered to the
 * sandbox pool and to what this file started.
 */
import { orderDepositList } from '@payops/contracts/resources/order/deposit-order';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { database, launch, screenshot } from './support/browser.ts';
import { signedInPage } from './support/operators.ts';
import { pageHelpers, visit } from './support/page.ts';
import { chooseLanguage } from './support/shell.ts';

const OPERATOR = {
  username: 'e2e_mocktrade',
  password: 'Mocktrade2024x',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3MCK',
};
const POOL = 990001;

let browser: Browser;
let page: Page;
const { id, idle, speak } = pageHelpers(() => page);

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const db = await database();
  try {
    return (await db.query(text, values)).rows as T[];
  } finally {
    await db.end();
  }
}

beforeAll(async () => {
  browser = await launch();
  page = await signedInPage(browser, OPERATOR);
});
afterAll(async () => {
  await browser?.close();
});

describe('tradeMock', () => {
  test('automatic traders: orders through every state, a dispute resolved, stopped; the sandbox ledger adds up', async () => {
    const since = (await query<{ since: string }>('SELECT now()::text AS since'))[0]!.since;
    await visit(page, '/tradeMock/tradeMockSon');
    await id('resource-page-tradeMockSon').waitFor({ timeout: 20_000 });
    await idle();
    await expect.poll(() => id('sandbox-tag').count()).toBeGreaterThan(0);
    await id('trader-rate').fill('8');
    await id('trader-dispute').fill('0.6');
    await id('trader-sell-start').click();
    await id('trader-buy-start').click();
    const running = () => query<{ n: number }>('SELECT count(*)::int AS n FROM mock_traders WHERE running');
    await expect.poll(async () => (await running())[0]!.n).toBe(2);

    // The job ticks at once on a start and then each minute: new sandbox orders reach each state.
    const states = () =>
      query<{ status: string }>(
        `SELECT DISTINCT s.to_status AS status FROM status_history s JOIN trade_orders o ON s.record_id = o.id::text
          WHERE s.resource = 'tradeOrderList' AND o.pool_id = $1 AND o.created_at >= $2::timestamptz`,
        [POOL, since],
      ).then((r) => r.map((x) => x.status).sort());
    // A tick at the start, then one each minute: 150 s holds at least two more (a loaded CI's first
    // attempt ran out of 100 s here once, and passed on its retry).
    await expect
      .poll(states, { timeout: 150_000, interval: 2000 })
      .toEqual(expect.arrayContaining(['completed', 'disputed', 'paid']));
    await idle();
    await screenshot(page, 'mock-trade-orders-zh-CN');

    // The operator rules on one of the disputes the automatic sellers raised.
    const [disputed] = await query<{ order_no: string; id: number }>(
      `SELECT order_no, id FROM trade_orders WHERE pool_id = $1 AND status = 'disputed' AND created_at >= $2::timestamptz ORDER BY id LIMIT 1`,
      [POOL, since],
    );
    await visit(page, `/tradeMock/tradeMockSon?orderNo=${disputed!.order_no}`);
    const row = page
      .locator('.ant-table-tbody:visible tr.ant-table-row', { hasText: disputed!.order_no })
      .first();
    await row.waitFor({ timeout: 20_000 });
    await row.getByTestId('mock-resolve-complete').click();
    await expect
      .poll(
        async () =>
          (
            await query<{ status: string }>('SELECT status FROM trade_orders WHERE id = $1', [disputed!.id])
          )[0]!.status,
      )
      .toBe('completed');
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).toContain('已完成');

    // Stopped: the traders say so, and the job leaves the sandbox alone.
    await visit(page, '/tradeMock/tradeMockSon');
    await id('trader-sell-stop').click();
    await id('trader-buy-stop').click();
    await expect.poll(async () => (await running())[0]!.n).toBe(0);

    // The sandbox's accounts equal their postings; no posting of a sandbox order reached a real merchant.
    const [sandbox] = await query<{ id: number }>('SELECT merchant_id AS id FROM sandbox_merchants');
    const drift = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_accounts a WHERE a.merchant_id = $1
        AND (a.available <> (SELECT coalesce(sum(p.amount), 0) FROM ledger_postings p WHERE p.account_id = a.id)
          OR a.frozen <> (SELECT coalesce(sum(p.frozen_amount), 0) FROM ledger_postings p WHERE p.account_id = a.id))`,
      [sandbox!.id],
    );
    expect(drift[0]!.n).toBe(0);
    const leaks = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_postings p JOIN ledger_entries e ON e.id = p.entry_id
        JOIN trade_orders o ON e.ref_type = 'trade_order' AND e.ref_id = o.order_no
        WHERE o.pool_id = $1 AND p.owner_type <> 'platform' AND p.merchant_id IS DISTINCT FROM $2`,
      [POOL, sandbox!.id],
    );
    expect(leaks[0]!.n).toBe(0);

    await speak('en-US');
    await screenshot(page, 'mock-trade-orders-en-US');
    // The other views load with their definitions when opened, and list what the traders did.
    for (const [view, name] of [
      ['Sell ads', 'tradeMockSellAds'],
      ['Automatic traders', 'tradeMockTraders'],
    ] as const) {
      await id('mock-views').getByText(view, { exact: true }).click();
      const list = id(`resource-page-${name}`);
      await list.locator('.ant-table-tbody:visible tr.ant-table-row').first().waitFor({ timeout: 20_000 });
    }
    await screenshot(page, 'mock-trade-traders-en-US');
    await chooseLanguage(page, 'zh-CN');
  }, 240_000); // waits for the traders' job, which ticks each minute
});

describe('mockOrderTest', () => {
  test('a test deposit through the merchant API, followed live', async () => {
    await visit(page, '/mockOrderTest/mockOrderTestSon');
    await id('resource-page-mockOrderTestSon').waitFor({ timeout: 20_000 });
    await idle();
    await id('order-test-amount').fill('123.45');
    await id('order-test-place').click();
    const placed = () =>
      query<{ order_no: string | null }>(
        `SELECT order_no FROM mock_order_tests WHERE amount = 123.45 ORDER BY id DESC LIMIT 1`,
      );
    await expect.poll(async () => (await placed())[0]?.order_no ?? null).not.toBeNull();
    const orderNo = (await placed())[0]!.order_no!;
    const row = page.locator('.ant-table-tbody:visible tr.ant-table-row', { hasText: orderNo }).first();
    await row.waitFor({ timeout: 20_000 });
    // The live view moves with the order: the sandbox provider pays it, the list follows.
    const status = async () =>
      (
        await query<{ status: string }>('SELECT status FROM deposit_orders WHERE order_no = $1', [orderNo])
      )[0]!.status;
    await expect.poll(status, { timeout: 30_000 }).not.toMatch(/^(created|pending_payment)$/);
    const label = orderDepositList.labels['zh-CN'][`enum.orderDepositList.status.${await status()}`]!;
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain(label);
    // The pay type reads as its name, not its key.
    expect(await row.innerText()).toContain('支付宝');
    await screenshot(page, 'mock-order-test-zh-CN');
    await speak('en-US');
    await expect.poll(() => row.innerText()).toContain('Alipay');
    await screenshot(page, 'mock-order-test-en-US');
  });
});
