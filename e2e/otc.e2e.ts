/**
 * OTC orders in the browser (issue 11): a deposit quoted in USDT through the signed merchant API shows
 * on the OTC deposit page with its quote and rate and its CNY price, the sandbox provider pays it, an
 * operator approves it there with a code, and the merchant's fund log shows the CNY credit (amount
 * minus fee). Then the five OTC/ZHOTC pages, filled by the demo day, in zh-CN and en-US.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { database, enterCode, launch, screenshot } from './support/browser.ts';
import { signedInPage } from './support/operators.ts';
import { type OrderDriver, orderDriver } from './support/orders.ts';
import { confirmAction, pageHelpers } from './support/page.ts';

const OPERATOR = { username: 'e2e_otc', password: 'OtcDesk2024xy' };
const SECRET = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLV';

let browser: Browser;
let page: Page;
let orders: OrderDriver;
let merchant: { id: number; mchNo: string };

const { id, idle, open, row, speak, eachHoldsRows } = pageHelpers(() => page);

async function query<T>(sql: string, params: unknown[]): Promise<T[]> {
  const db = await database();
  try {
    return (await db.query(sql, params)).rows as T[];
  } finally {
    await db.end();
  }
}

beforeAll(async () => {
  orders = await orderDriver();
  const [first] = await query<{ id: number; mchNo: string }>(
    `SELECT id, mch_no AS "mchNo" FROM merchants WHERE status = 'enabled' ORDER BY id LIMIT 1`,
    [],
  );
  merchant = first!;
  browser = await launch();
  page = await signedInPage(browser, { ...OPERATOR, totpSecret: SECRET });
});
afterAll(async () => {
  await browser?.close();
  await orders?.close();
});

const PAGES: [path: string, name: string][] = [
  ['/order/orderDepositListOTC', 'orderDepositListOTC'],
  ['/order/orderTransferListOTC', 'orderTransferListOTC'],
  ['/order/orderDepositListZHOTC', 'orderDepositListZHOTC'],
  ['/order/orderTransferListZHOTC', 'orderTransferListZHOTC'],
  ['/order/otcPayOrderPage', 'otcPayOrderPage'],
];

describe('OTC orders', () => {
  test('a USDT deposit is priced at the SELL rate, paid at the sandbox, approved with a code and credited in CNY', async () => {
    const [found] = await query<{ rate: string }>(
      `SELECT trim_scale(exchange_rate)::text AS rate FROM exchange_rates
        WHERE currency = 'USDT' AND exchange_currency = 'CNY' AND type = 'SELL'`,
      [],
    );
    const rate = found!.rate;
    const o = await orders.depositInAudit(merchant.id, '25.5', { currency: 'USDT' });
    const [order] = await query<{ amount: string; fee: string; net: string }>(
      `SELECT amount::numeric(20,2)::text AS amount, fee::numeric(20,2)::text AS fee,
              (amount - fee)::numeric(20,2)::text AS net
         FROM deposit_orders WHERE order_no = $1`,
      [o.orderNo],
    );
    // 25.5 USDT at the table's SELL rate, cut to fen.
    expect(order!.amount).toBe((Math.floor(25.5 * Number(rate) * 100) / 100).toFixed(2));

    await open(`/order/orderDepositListOTC?orderNo=${o.orderNo}`, 'orderDepositListOTC');
    const text = await row(o.orderNo).innerText();
    // The quote at USDT's scale, trailing zeros past 2 decimals dropped (25.5 USDT reads 25.50).
    for (const seen of ['USDT', '25.50', rate, order!.amount, '待审核']) expect(text).toContain(seen);
    // The family page has no family column (its scope); the quote's three columns are there.
    const head = await page.locator('.ant-table-thead:visible').first().innerText();
    for (const title of ['报价币种', '报价金额', '汇率']) expect(head).toContain(title);
    expect(head).not.toContain('订单类型');
    await screenshot(page, 'otc-deposit-in-audit-zh-CN');

    await row(o.orderNo).getByTestId('row-approve').click();
    await confirmAction(page);
    await enterCode(page, SECRET);
    await expect
      .poll(
        async () => {
          await id('toolbar-refresh').click();
          await idle();
          return row(o.orderNo).innerText();
        },
        { timeout: 40_000, interval: 1000 },
      )
      .toContain('成功');
    await screenshot(page, 'otc-deposit-approved-zh-CN');

    // Its payment order: the sandbox provider's order no and pay URL, paid.
    await open(`/order/otcPayOrderPage?orderNo=${o.orderNo}`, 'otcPayOrderPage');
    expect(await row(o.orderNo).innerText()).toMatch(/SBX\w+/);

    // The merchant's fund log: the CNY amount minus the fee, as a deposit credit.
    await open(`/mch/fund_log?refId=${o.orderNo}`, 'fund_log');
    const credit = row(order!.net);
    await credit.waitFor({ timeout: 20_000 });
    expect(await credit.innerText()).toContain('充值入账');
    await screenshot(page, 'otc-fund-log-credit-zh-CN');
  }, 120_000);

  test('the OTC and ZHOTC pages hold the demo day’s orders, in zh-CN and en-US', async () => {
    await eachHoldsRows(PAGES, (name) => `otc-${name}-zh-CN`);
    // The ZHOTC deposits are quoted in other currencies than USDT.
    await open('/order/orderDepositListZHOTC', 'orderDepositListZHOTC');
    expect(await page.locator('.ant-table-tbody:visible').first().innerText()).toMatch(/USD|HKD|EUR/);

    // Switched on a page without row menus (the payment orders are read-only).
    await open('/order/otcPayOrderPage', 'otcPayOrderPage');
    await speak('en-US');
    await eachHoldsRows(PAGES, (name) => `otc-${name}-en-US`);
    const head = await page.locator('.ant-table-thead:visible').first().innerText();
    for (const title of ['Third party', 'Pay URL', 'Quote amount']) expect(head).toContain(title);
    await speak('zh-CN');
  }, 120_000);
});
