/**
 * The dashboard and the merchant callbacks in the browser, on the real server (its jobs running):
 * the dashboard shows the day's figures the database holds and draws the 7-day chart; a failed callback
 * is in the queue, its link opens /order/mchNotify filtered to it, an operator resends it, the resend
 * POSTs it at once to the built-in sandbox merchant and it becomes delivered, its attempts in the drawer.
 * zh-CN and en-US, screenshots of each.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { database, launch, screenshot } from './support/browser.ts';
import { signedInPage } from './support/operators.ts';
import { confirmAction, visit } from './support/page.ts';
import { chooseLanguage } from './support/shell.ts';

const ZH = {
  username: 'e2e_board_zh',
  password: 'Board2024xy',
  totpSecret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLA',
};
const EN = {
  username: 'e2e_board_en',
  password: 'Board2024xz',
  totpSecret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLB',
};
const TZ = 'Asia/Shanghai';

let browser: Browser;
let notificationId = 0;
let orderNo = '';

async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const db = await database();
  try {
    return (await db.query(text, values)).rows as T[];
  } finally {
    await db.end();
  }
}

const idle = (page: Page) =>
  page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'), null, { timeout: 20_000 });

beforeAll(async () => {
  browser = await launch();
  // A demo merchant's orders of today (as the orders' own code paths will make them) and a callback
  // that failed, addressed to the sandbox merchant of this server.
  const [m] = await sql<{ id: number; mch_no: string }>(
    `SELECT id, mch_no FROM merchants WHERE name LIKE '%号店' ORDER BY id LIMIT 1`,
  );
  const stamp = Date.now();
  const orders = [
    ['success', '300.00'],
    ['success', '120.50'],
    ['in_audit', '88.00'],
    ['failed', '20.00'],
  ];
  for (const [i, [status, amount]] of orders.entries()) {
    await sql(
      `INSERT INTO deposit_orders (order_no, mch_order_no, merchant_id, mch_no, pay_type, amount, status, finished_at)
       VALUES ($1, $2, $3, $4, 'bank_card', $5, $6, CASE WHEN $6 IN ('success', 'failed') THEN now() END)`,
      [`DE2E${stamp}${i}`, `e2e-board-${stamp}-${i}`, m!.id, m!.mch_no, amount, status],
    );
  }
  orderNo = `DE2E${stamp}0`;
  const [order] = await sql<{ id: number; mch_order_no: string }>(
    `SELECT id, mch_order_no FROM deposit_orders WHERE order_no = $1`,
    [orderNo],
  );
  const payload = {
    type: 'deposit',
    mchNo: m!.mch_no,
    orderNo,
    mchOrderNo: order!.mch_order_no,
    currency: 'CNY',
    amount: '300.00',
    fee: '0.00',
    status: 'success',
    finishedAt: new Date().toISOString(),
  };
  const [n] = await sql<{ id: number }>(
    `INSERT INTO merchant_notifications
       (family, order_id, order_no, mch_order_no, merchant_id, mch_no, order_status, amount, notify_url,
        payload, status, attempts, round_attempts, last_http_status, last_error)
     VALUES ('deposit', $1, $2, $3, $4, $5, 'success', '300.00', $6, $7, 'failed', 6, 6, 500, 'HTTP 500: down')
     RETURNING id`,
    [
      order!.id,
      orderNo,
      order!.mch_order_no,
      m!.id,
      m!.mch_no,
      `${inject('baseUrl')}/api/sandbox/merchant/notify`,
      payload,
    ],
  );
  notificationId = n!.id;
});
afterAll(async () => {
  await browser?.close();
});

/** Today's deposits and the queues as the database counts them (the platform's day). */
async function expected() {
  const [d] = await sql<{
    count: number;
    success: number;
    in_audit: number;
    failed_cb: number;
    overdue: number;
  }>(
    `SELECT (SELECT count(*) FROM deposit_orders
              WHERE (created_at AT TIME ZONE '${TZ}')::date = (now() AT TIME ZONE '${TZ}')::date)::int AS count,
            (SELECT count(*) FROM deposit_orders WHERE status = 'success'
              AND (created_at AT TIME ZONE '${TZ}')::date = (now() AT TIME ZONE '${TZ}')::date)::int AS success,
            (SELECT count(*) FROM deposit_orders WHERE status = 'in_audit')::int AS in_audit,
            (SELECT count(*) FROM merchant_notifications WHERE status = 'failed')::int AS failed_cb,
            (SELECT count(*) FROM withdraw_orders WHERE due_at < now()
              AND status IN ('in_review', 'approved', 'paying', 'detained'))::int AS overdue`,
  );
  return d!;
}

async function openDashboard(page: Page) {
  await page.goto('/dashboard');
  await page.getByTestId('board-deposits-today-count').waitFor({ timeout: 20_000 });
  // The chart's own chunk loads as the page renders, then draws on a canvas.
  await page.locator('[data-testid="board-trend-chart"] canvas').first().waitFor({ timeout: 20_000 });
  await idle(page);
}

describe('dashboard', () => {
  test('zh-CN: the figures are the database counts, the chart is drawn, a queue opens its list', async () => {
    const page = await signedInPage(browser, ZH, 'zh-CN');
    await openDashboard(page);
    const want = await expected();
    expect(await page.getByTestId('board-deposits-today-count').innerText()).toBe(String(want.count));
    expect(await page.getByTestId('board-deposits-today-success').innerText()).toBe(String(want.success));
    expect(await page.getByTestId('board-queue-depositsInAudit').innerText()).toBe(String(want.in_audit));
    expect(await page.getByTestId('board-queue-failedCallbacks').innerText()).toBe(String(want.failed_cb));
    // Open withdrawals past their due time, opening the withdrawal list's `overdue` filter.
    const overdue = page.getByTestId('board-queue-withdrawalsOverdue');
    expect(await overdue.innerText()).toBe(String(want.overdue));
    expect(await overdue.getAttribute('href')).toBe('/order/orderTransferList?overdue=true');
    expect(want.count).toBeGreaterThanOrEqual(4);
    expect(await page.getByTestId('board-deposits').innerText()).toContain('今日');
    await screenshot(page, 'notify-dashboard-zh-CN');

    // The count of today's deposits links to the list filtered to today: the platform's day as instants.
    const href = await page.getByTestId('board-deposits-today-count').locator('a').getAttribute('href');
    const instant = '\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z';
    expect(href).toMatch(new RegExp(`^/order/orderDepositList\\?createdAt=${instant},${instant}$`));

    // The failed callbacks open mchNotify filtered to them.
    await page.getByTestId('board-queue-failedCallbacks').click();
    await page.waitForURL(/\/order\/mchNotify\?status=failed/, { timeout: 20_000 });
    const row = page.locator(
      `[data-testid="resource-page-mchNotify"] tr.ant-table-row[data-row-key="${notificationId}"]`,
    );
    await row.waitFor({ timeout: 20_000 });
    expect(await row.innerText()).toContain('通知失败');
    await screenshot(page, 'notify-mchNotify-failed-zh-CN');

    // Resend: confirmed, sent at once to the sandbox merchant (the delivery job's passes are ~20 s apart).
    await row.getByTestId('row-resend').click();
    await confirmAction(page);
    let status = '';
    for (let i = 0; i < 10 && status !== 'delivered'; i++) {
      [{ status } = { status: '' }] = await sql<{ status: string }>(
        `SELECT status FROM merchant_notifications WHERE id = $1`,
        [notificationId],
      );
      if (status !== 'delivered') await new Promise((r) => setTimeout(r, 1000));
    }
    expect(status).toBe('delivered');
    const [receipt] = await sql<{ signature_valid: boolean; answered_status: number }>(
      `SELECT signature_valid, answered_status FROM sandbox_merchant_receipts WHERE order_no = $1`,
      [orderNo],
    );
    expect(receipt).toEqual({ signature_valid: true, answered_status: 200 });
    await page.close();
  });

  test('en-US: the dashboard, and the delivered callback with its attempt in the drawer', async () => {
    const page = await signedInPage(browser, EN, 'en-US');
    await page.goto('/dashboard');
    await chooseLanguage(page, 'en-US');
    await openDashboard(page);
    expect(await page.getByTestId('board-deposits').innerText()).toContain('Today');
    expect(await page.getByTestId('board-queues').innerText()).toContain('Failed callbacks');
    await screenshot(page, 'notify-dashboard-en-US');

    await visit(page, `/order/mchNotify?orderNo=${orderNo}&detail=${notificationId}`);
    const drawer = page.locator('[data-testid="detail-drawer"]:visible');
    await drawer.waitFor({ timeout: 20_000 });
    const attempts = drawer.getByTestId('child-mchNotifyAttempt');
    await attempts.locator('tr.ant-table-row').first().waitFor({ timeout: 20_000 });
    expect(await drawer.innerText()).toContain('Delivered');
    expect(await attempts.innerText()).toContain('200');
    await idle(page);
    await screenshot(page, 'notify-mchNotify-detail-en-US');
    await page.close();
  });
});
