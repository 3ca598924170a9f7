/**
 * Deposits and withdrawals in the browser (issue 10, the operator side): a deposit in the receipt
 * audit approved with an authenticator code (the fund log shows the credit), a withdrawal rejected
 * (its frozen amount returns), a withdrawal detained and released back to review, a withdrawal
 * approved, paid out and declined by the provider (its frozen amount + fee returns); the order pages
 * in zh-CN and en-US. Orders are made by the server's code (support/orders.ts).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { database, enterCode, launch, screenshot } from './support/browser.ts';
import { signedInPage } from './support/operators.ts';
import { type OrderDriver, orderDriver } from './support/orders.ts';
import { confirmAction, pageHelpers } from './support/page.ts';
import { chooseLanguage, clickRowAction, toast } from './support/shell.ts';

const OPERATOR = { username: 'e2e_orders', password: 'Orders2024xy' };
const SECRET = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU';

let browser: Browser;
let page: Page;
let orders: OrderDriver;
let merchant: { id: number; mchNo: string; rate: string };

const { id, idle, open, row, speak } = pageHelpers(() => page);
const drawer = () => page.locator('[data-testid="detail-drawer"]:visible');
/** How many status filters the shown page's search form has (the form renders all its fields at once). */
async function statusFilters(): Promise<number> {
  await page.locator('[data-testid="search-submit"]:visible').waitFor();
  return page.locator('[data-testid="search-form"]:visible label[for="status"]').count();
}

async function search(field: string, value: string): Promise<void> {
  await id(`filter-${field}`).fill(value);
  await id('search-submit').click();
  await idle();
}

/** The list's refresh button until the row shows `text`: a job or a callback moves the order. */
async function refreshUntil(orderNo: string, text: string | RegExp, timeout = 60_000): Promise<void> {
  await expect
    .poll(
      async () => {
        await id('toolbar-refresh').click();
        await idle();
        return (await row(orderNo).count()) ? row(orderNo).innerText() : '';
      },
      { timeout, interval: 1000 },
    )
    .toMatch(text);
}

/** The merchant's notify endpoint (the sandbox merchant) received one signed callback of `status`. */
async function merchantTold(orderNo: string, status: string): Promise<void> {
  const db = await database();
  try {
    const told = async () =>
      (
        await db.query(
          `SELECT 1 FROM sandbox_merchant_receipts
           WHERE order_no = $1 AND signature_valid AND body->>'status' = $2`,
          [orderNo, status],
        )
      ).rowCount;
    await expect.poll(told, { timeout: 90_000, interval: 1000 }).toBe(1);
  } finally {
    await db.end();
  }
}

/** A row action with a reason dialog, then the authenticator code. */
async function withReason(orderNo: string, action: string, reason: string): Promise<void> {
  await clickRowAction(page, row(orderNo), action);
  await id('transition-reason').fill(reason);
  await id('transition-submit').click();
  await enterCode(page, SECRET);
  await id('transition-submit').waitFor({ state: 'detached', timeout: 40_000 });
  await idle();
}

beforeAll(async () => {
  orders = await orderDriver();
  const db = await database();
  try {
    const { rows } = await db.query(
      `SELECT id, mch_no AS "mchNo", deposit_rate AS rate FROM merchants ORDER BY id LIMIT 1`,
    );
    merchant = rows[0];
  } finally {
    await db.end();
  }
  browser = await launch();
  page = await signedInPage(browser, { ...OPERATOR, totpSecret: SECRET });
});
afterAll(async () => {
  await browser?.close();
  await orders?.close();
});

describe('orders', () => {
  test('a deposit placed through the merchant API and paid at the sandbox is approved with a code; the fund log shows the credit and the merchant is called back', async () => {
    const o = await orders.depositInAudit(merchant.id, '888.00');
    await open('/order/receiveList', 'receiveList');
    await search('orderNo', o.orderNo);
    await row(o.orderNo).waitFor();
    // Every order here is in audit (the page's scope): no status column, no status filter.
    const head = await page.locator('.ant-table-thead:visible').first().innerText();
    expect(head).toContain('平台订单号');
    expect(head).not.toContain('状态');
    expect(await statusFilters()).toBe(0);
    await screenshot(page, 'orders-receive-list-zh-CN');
    await row(o.orderNo).getByTestId('row-approve').click();
    await confirmAction(page);
    await enterCode(page, SECRET);
    // Approved: it leaves the audit queue.
    await expect.poll(() => row(o.orderNo).count(), { timeout: 40_000 }).toBe(0);
    await open(`/order/orderDepositList?orderNo=${o.orderNo}`, 'orderDepositList');
    await expect.poll(() => row(o.orderNo).innerText()).toContain('成功');
    await screenshot(page, 'orders-deposit-list-zh-CN');

    const net = (888 - Math.floor(888 * Number(merchant.rate) * 100) / 100).toFixed(2);
    await open('/mch/fund_log', 'fund_log');
    await search('ownerCode', merchant.mchNo);
    const posting = row(net);
    await posting.waitFor();
    expect(await posting.innerText()).toContain('充值入账');
    await screenshot(page, 'orders-fund-log-credit-zh-CN');

    // The merchant is told: its notify endpoint (the sandbox merchant) receives a signed callback.
    await merchantTold(o.orderNo, 'success');
    // The order's drawer lists what the merchant was told.
    await open(`/order/orderDepositList?orderNo=${o.orderNo}&detail=${o.id}`, 'orderDepositList');
    const told = page.locator('[data-testid="detail-drawer"]:visible').getByTestId('child-mchNotify');
    await expect.poll(() => told.locator('tr.ant-table-row').count(), { timeout: 20_000 }).toBe(1);
    expect(await told.innerText()).toContain(o.orderNo);
    await screenshot(page, 'orders-deposit-drawer-zh-CN');
  });

  test('a withdrawal in review is rejected with a reason and a code', async () => {
    const o = await orders.withdrawal(merchant.id, '120.00');
    await open(`/order/orderTransferList?orderNo=${o.orderNo}`, 'orderTransferList');
    await row(o.orderNo).waitFor();
    expect(await row(o.orderNo).innerText()).toContain('待审核');
    // Masked payee: the account number is not shown whole.
    expect(await row(o.orderNo).innerText()).not.toContain('6222020200008888123');
    await withReason(o.orderNo, 'reject', '收款人信息不符');
    await expect.poll(() => row(o.orderNo).innerText()).toContain('已驳回');
    await screenshot(page, 'orders-withdraw-rejected-zh-CN');
    // The drawer's history says why.
    await open(`/order/orderTransferList?orderNo=${o.orderNo}&detail=${o.id}`, 'orderTransferList');
    const notes = page.locator('[data-testid="detail-drawer"]:visible').getByTestId('audit-notes');
    await notes.first().waitFor({ timeout: 20_000 });
    expect(await notes.first().innerText()).toContain('原因 收款人信息不符');
  });

  test('a withdrawal is detained, shown on the detained list, and released back to review', async () => {
    const o = await orders.withdrawal(merchant.id, '66.00');
    await open(`/order/orderTransferList?orderNo=${o.orderNo}`, 'orderTransferList');
    expect(await statusFilters()).toBe(1);
    await withReason(o.orderNo, 'detain', '风控复查大额提现');
    await expect.poll(() => row(o.orderNo).innerText()).toContain('已扣留');
    await open('/order/orderDetainList', 'orderDetainList');
    // Its scope is the detained state: no status filter (the withdrawals' list has one, above).
    expect(await statusFilters()).toBe(0);
    await search('orderNo', o.orderNo);
    await row(o.orderNo).waitFor();
    await screenshot(page, 'orders-detain-list-zh-CN');
    await withReason(o.orderNo, 'release', '核实无误，放行');
    await expect.poll(() => row(o.orderNo).count(), { timeout: 40_000 }).toBe(0);
    await open(`/order/orderTransferList?orderNo=${o.orderNo}`, 'orderTransferList');
    await expect.poll(() => row(o.orderNo).innerText()).toContain('待审核');
    // The order's trail: every step with its operator and reason.
    await open(`/order/orderRecordPage?orderNo=${o.orderNo}`, 'orderRecordPage');
    await expect.poll(() => page.locator('.ant-table-tbody:visible tr.ant-table-row').count()).toBe(3);
    expect(await row('放行').innerText()).toContain('核实无误，放行');
    await screenshot(page, 'orders-record-page-zh-CN');
  });

  test('a withdrawal placed through the merchant API is approved, paid out, declined by the provider, and its frozen amount + fee returns; the merchant is called back', async () => {
    const o = await orders.withdrawalByApi(merchant.id, '150.00');
    const held = (150 + Number(o.fee)).toFixed(2);
    // The provider keeps the payout pending until told what the bank said (below).
    await orders.holdPayout(o.orderNo);
    await open(`/order/orderTransferList?orderNo=${o.orderNo}`, 'orderTransferList');
    await row(o.orderNo).waitFor();
    expect(await row(o.orderNo).innerText()).toContain('待审核');
    await row(o.orderNo).getByTestId('row-approve').click();
    await confirmAction(page);
    await enterCode(page, SECRET);
    // Approved; the payout job (on its schedule too) may already have taken it on.
    await refreshUntil(o.orderNo, /已审核|代付中/, 40_000);

    // The payout job submits it to a payout passage of the sandbox provider.
    await orders.runJob('upstream-payouts');
    await refreshUntil(o.orderNo, '代付中');
    // Then the provider's answer: its order number on the order.
    await refreshUntil(o.orderNo, /SBX\w+/);
    await screenshot(page, 'orders-withdraw-paying-zh-CN');

    // The provider declines it and calls back: the order fails with the provider's reason.
    await orders.failPayout(o.orderNo);
    // (The reason, not only "failed": another column of the row can read 失败 before the order does.)
    await refreshUntil(o.orderNo, 'sandbox: payment declined');
    expect(await row(o.orderNo).innerText()).toContain('失败');
    await screenshot(page, 'orders-withdraw-failed-zh-CN');
    const detail = `/order/orderTransferList?orderNo=${o.orderNo}&detail=${o.id}`;
    await page.goto(detail);
    await drawer().getByTestId('detail-failReason').waitFor({ timeout: 20_000 });
    expect(await drawer().getByTestId('detail-status').innerText()).toBe('失败');
    expect(await drawer().getByTestId('detail-failReason').innerText()).toBe('sandbox: payment declined');
    // Its trail: review, the operator's approval, the payout, the failure.
    await expect.poll(() => drawer().getByTestId('audit-entry').count(), { timeout: 20_000 }).toBe(4);
    // Named in the operator's language: the system's step and the states, not their codes.
    const trail = await drawer().getByTestId('audit-timeline').innerText();
    expect(trail).toContain('代付失败');
    expect(trail).not.toContain('orderTransferList.payFail');
    await screenshot(page, 'orders-withdraw-failed-detail-zh-CN');
    // The provider's raw callback, as it came, in the drawer's upstream-callback list.
    const raw = drawer().getByTestId('child-withdrawCallbacks');
    await raw.locator('tr.ant-table-row', { hasText: '已处理' }).waitFor({ timeout: 20_000 });
    expect(await raw.innerText()).toContain('sandbox: payment declined');
    await raw.scrollIntoViewIfNeeded();
    await screenshot(page, 'orders-withdraw-callbacks-zh-CN');

    // The merchant's fund log: frozen at creation, the same amount + fee back to its balance.
    await open(`/mch/fund_log?refId=${o.orderNo}`, 'fund_log');
    await expect.poll(() => page.locator('.ant-table-tbody:visible tr.ant-table-row').count()).toBe(2);
    expect(await row('冻结').innerText()).toContain(held);
    const back = row('解冻');
    expect(await back.innerText()).toContain(held);
    expect(await back.innerText()).toContain(`-${held}`);
    await screenshot(page, 'orders-withdraw-fund-log-zh-CN');

    // The merchant's notify endpoint (the sandbox merchant) receives the signed failure.
    await orders.runJob('merchant-notify');
    await merchantTold(o.orderNo, 'failed');

    // The same in English.
    await open('/order/auditRecordList', 'auditRecordList');
    await speak('en-US');
    await page.goto(detail);
    await drawer().getByTestId('detail-status').waitFor({ timeout: 20_000 });
    expect(await drawer().getByTestId('detail-status').innerText()).toBe('Failed');
    await expect.poll(() => drawer().getByTestId('audit-entry').count(), { timeout: 20_000 }).toBe(4);
    expect(await drawer().getByTestId('audit-timeline').innerText()).toContain('Payout failed');
    await screenshot(page, 'orders-withdraw-failed-detail-en-US');
    await open(`/mch/fund_log?refId=${o.orderNo}`, 'fund_log');
    expect(await row('Unfreeze').innerText()).toContain(held);
    await screenshot(page, 'orders-withdraw-fund-log-en-US');
    await open('/order/auditRecordList', 'auditRecordList');
    await speak('zh-CN');
  }, 240_000);

  test('a payout config that pays out by hand holds the approved withdrawal until an operator pays it out', async () => {
    const db = await database();
    // Every sandbox provider that pays out gets a payout config that pays out by hand (the demo's
    // sandbox deposit providers pay out too, without one).
    const sandboxPayers = `SELECT p.third_party_id FROM passages p JOIN third_parties t ON t.id = p.third_party_id
      WHERE t.interface_type = 'sandbox' AND p.direction = 'withdraw'`;
    const payoutConfigs = async (auto: boolean) => {
      await db.query(
        `UPDATE third_agent_pays SET auto_payout = $1 WHERE third_party_id IN (${sandboxPayers})`,
        [auto],
      );
      if (auto) await db.query(`DELETE FROM third_agent_pays WHERE name = 'e2e人工代付'`);
      else
        await db.query(`INSERT INTO third_agent_pays (third_party_id, name, auto_payout)
          SELECT DISTINCT third_party_id, 'e2e人工代付', false FROM (${sandboxPayers}) s
          WHERE NOT EXISTS (SELECT 1 FROM third_agent_pays a WHERE a.third_party_id = s.third_party_id)`);
    };
    try {
      await payoutConfigs(false);
      const o = await orders.withdrawalByApi(merchant.id, '160.00');
      await orders.holdPayout(o.orderNo);
      await open(`/order/orderTransferList?orderNo=${o.orderNo}`, 'orderTransferList');
      await row(o.orderNo).getByTestId('row-approve').click();
      await confirmAction(page);
      await enterCode(page, SECRET);
      await orders.runJob('upstream-payouts');
      // Held for an operator: still approved, marked as awaiting a manual payout.
      await refreshUntil(o.orderNo, /已审核[\s\S]*是/);
      await screenshot(page, 'orders-withdraw-held-zh-CN');
      await clickRowAction(page, row(o.orderNo), 'payOut');
      await confirmAction(page);
      await toast(page, '已提交代付').waitFor();
      await refreshUntil(o.orderNo, '代付中');
    } finally {
      await payoutConfigs(true);
      await db.end();
    }
  });

  test('an auto-review rule added with a code approves a small withdrawal at once', async () => {
    await open('/payManage/autoReviewList', 'autoReviewList');
    await id('toolbar-add').click();
    await id('form-name').fill('E2E小额自动通过');
    await id('form-maxAmount').fill('1.23');
    await id('form-hoursFrom').fill('9点');
    await id('form-submit').click();
    // A malformed time is refused in words, before any request.
    await page.locator('.ant-form-item-explain-error', { hasText: 'HH:mm' }).first().waitFor();
    await id('form-hoursFrom').fill('');
    await id('form-submit').click();
    await enterCode(page, SECRET);
    await row('E2E小额自动通过').waitFor({ timeout: 40_000 });
    await screenshot(page, 'orders-auto-review-zh-CN');
    const small = await orders.withdrawal(merchant.id, '1.20');
    const big = await orders.withdrawal(merchant.id, '1.50');
    await open(`/order/orderTransferList?orderNo=${small.orderNo}`, 'orderTransferList');
    // Approved by the rule (the payout job may take it on at once: its status moves on, the reviewer stays).
    await expect
      .poll(() => row(small.orderNo).innerText(), { timeout: 20_000 })
      .toContain('自动审核: E2E小额自动通过');
    await open(`/order/orderTransferList?orderNo=${big.orderNo}`, 'orderTransferList');
    await expect.poll(() => row(big.orderNo).innerText(), { timeout: 20_000 }).toContain('待审核');
  });

  test('the rule is removed (other files make withdrawals too)', async () => {
    await open('/payManage/autoReviewList', 'autoReviewList');
    await row('E2E小额自动通过').getByTestId('row-remove').click();
    await confirmAction(page);
    await enterCode(page, SECRET);
    await expect.poll(() => row('E2E小额自动通过').count(), { timeout: 40_000 }).toBe(0);
  });

  test("the pre-locked deposits' status filter offers their two states only", async () => {
    await open('/order/ordinaryDeposits', 'ordinaryDeposits');
    if (!(await id('filter-status').isVisible())) await id('search-toggle').click();
    await id('filter-status').click();
    const offered = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await offered.first().waitFor();
    expect(await offered.allInnerTexts()).toEqual(['已创建', '待支付']);
    await screenshot(page, 'orders-reserved-status-choices-zh-CN');
    await page.keyboard.press('Escape');
  });

  test('the order pages in zh-CN and en-US', async () => {
    const pages: [string, string, string][] = [
      ['/order/auditRecordList', 'auditRecordList', 'orders-audit-records'],
      ['/order/orderTransferList', 'orderTransferList', 'orders-withdraw-list'],
    ];
    for (const [path, name, shot] of pages) {
      await open(path, name);
      await screenshot(page, `${shot}-zh-CN`);
    }
    // Switched on a page without row menus: the withdrawals' "more" menus open on hover.
    await open('/order/auditRecordList', 'auditRecordList');
    await speak('en-US');
    for (const [path, name, shot] of [
      ...pages,
      ['/order/orderDepositList', 'orderDepositList', 'orders-deposit-list'] as [string, string, string],
      ['/order/orderDetainList', 'orderDetainList', 'orders-detain-list'] as [string, string, string],
      ['/payManage/autoReviewList', 'autoReviewList', 'orders-auto-review'] as [string, string, string],
    ]) {
      await open(path, name);
      await screenshot(page, `${shot}-en-US`);
    }
    expect(await page.locator('.ant-table-thead:visible').first().innerText()).toContain('Rule name');
    await chooseLanguage(page, 'zh-CN');
  });
});
