/**
 * The trade market in the browser (issue 15): members of a demo merchant trade through the market's
 * services (a seller credited coins by the OTC desk and the operator, a sell ad, two takes paid with a
 * voucher); in the receipt audit an operator confirms one order's receipt (code) and rules a dispute on
 * the other (reason, code); the trading members page shows the coins moved. Then every trade page,
 * filled by the demo day, in zh-CN and en-US, and two of the trade reports over the demo day. An operator force-pushes a sell ad to the sandbox P2P
 * market and finds its push record and the force-push log.
 */
import { tradeMemberList } from '@payops/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BuiltApp } from '../apps/server/src/app.ts';
import { demoVoucherPng } from '../apps/server/src/demo/match-day.ts';
import { ensureMarket } from '../apps/server/src/demo/trade-push-day.ts';
import {
  createAd,
  markPaid,
  openDispute,
  requestCoinCredit,
  takeAd,
  traderActor,
} from '../apps/server/src/modules/trade/index.ts';
import { runSystemTransition } from '../apps/server/src/platform/transitions/index.ts';
import { enterCode, launch, screenshot } from './support/browser.ts';
import { signedInPage } from './support/operators.ts';
import { confirmAction, pageHelpers, visit } from './support/page.ts';
import { chooseLanguage, clickRowAction } from './support/shell.ts';
import { suiteApp } from './support/suite-app.ts';

const OPERATOR = { username: 'e2e_trade', password: 'TradeDesk2024xy' };
const SECRET = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLX';
const ACTOR = { operatorId: 1, username: 'admin', locale: 'zh-CN' as const };
const DESK = { operatorId: null, username: 'otc-desk', locale: 'zh-CN' as const };

let browser: Browser;
let page: Page;
let app: BuiltApp;
let close: () => Promise<void>;

const { id, idle, rows, row, open, speak, eachHoldsRows } = pageHelpers(() => page);

const q = async <T>(sql: string, params: unknown[] = []) =>
  (await app.ctx.pool.query(sql, params)).rows as T[];

beforeAll(async () => {
  ({ app, close } = await suiteApp());
  browser = await launch();
  page = await signedInPage(browser, { ...OPERATOR, totpSecret: SECRET });
});
afterAll(async () => {
  await browser?.close();
  await close?.();
});

const PAGES: [string, string][] = [
  ['/tradeManage/memberList', 'tradeMemberList'],
  ['/tradeManage/trade_pool_config_page', 'trade_pool_config_page'],
  ['/tradeManage/trade_rule_config_page', 'trade_rule_config_page'],
  ['/tradeManage/tradeOrderTimeout', 'tradeOrderTimeout'],
  ['/tradeManage/trade_sell_order_page', 'trade_sell_order_page'],
  ['/tradeManage/trade_buy_order_page', 'trade_buy_order_page'],
  ['/tradeManage/trade_approve_order_page', 'tradeOrderList'],
  ['/tradeManage/sellorderApplyPage', 'sellorderApplyPage'],
  ['/tradeManage/tradeSellApplyLogPage', 'tradeSellApplyLogPage'],
];

/** Two of the six trade reports (the API test checks all six figure by figure). */
const REPORTS = ['adMatchDayReportSum', 'counterpartyStatistics'];

/** Runs a row's transition through its dialog: the reason when it asks one, then the code. */
async function decide(orderNo: string, action: string, reason?: string) {
  // A toast an earlier action left on screen is not this action's refusal: only a new one is.
  const toasts = page.locator('.ant-message-error');
  const earlier = await toasts.count();
  await row(orderNo).getByTestId(`row-${action}`).click();
  if (reason) {
    await id('transition-reason').fill(reason);
    await id('transition-submit').click();
  } else await confirmAction(page);
  // The server asks for the code; a refusal instead (a new toast) fails here with its words.
  const refused = toasts.nth(earlier);
  await id('code-dialog-input').or(refused).first().waitFor({ timeout: 20_000 });
  if (await refused.isVisible()) throw new Error(`${action} refused: ${await refused.innerText()}`);
  await enterCode(page, SECRET);
  await id('code-dialog-input').waitFor({ state: 'detached', timeout: 20_000 });
}

describe('trade market', () => {
  test('the receipt audit confirms one paid order and rules a dispute on another; the coins move', async () => {
    // Three members of a demo merchant the demo day did not trade with (its traders are the first ones).
    const members = await q<{ id: string; account: string }>(
      `SELECT id, account FROM members WHERE status = 'normal' AND account NOT LIKE 'sbx-%' ORDER BY id DESC LIMIT 3`,
    );
    const [seller, b1, b2] = members.map((m) => ({
      ref: { ownerType: 'member' as const, ownerId: Number(m.id) },
      as: traderActor({ ownerType: 'member', code: m.account }),
      account: m.account,
    }));
    const [pool] = await q<{ id: number }>(`SELECT id FROM trade_pools WHERE code = 'USDT-CNY-FIX'`);
    const credit = await requestCoinCredit(
      app.ctx,
      { trader: seller!.ref, amount: '500', reason: 'OTC柜台购入' },
      DESK,
    );
    await runSystemTransition(app.ctx, tradeMemberList, 'approveCredit', credit, { actor: ACTOR });
    const ad = await createAd(
      app.ctx,
      { trader: seller!.ref, poolId: pool!.id, side: 'sell', amount: '300' },
      seller!.as,
    );
    const voucher = demoVoucherPng().toString('base64');
    const o1 = await takeAd(
      app.ctx,
      { adId: ad.id, taker: b1!.ref, amount: '100', payType: 'bank_card' },
      b1!.as,
    );
    await markPaid(app.ctx, o1.id, { by: b1!.ref, voucher }, b1!.as);
    const o2 = await takeAd(
      app.ctx,
      { adId: ad.id, taker: b2!.ref, amount: '50', payType: 'bank_card' },
      b2!.as,
    );
    await markPaid(app.ctx, o2.id, { by: b2!.ref, voucher }, b2!.as);
    await openDispute(app.ctx, o2.id, { reason: '卖家称未收到款', by: seller!.ref }, seller!.as);

    // The receipt audit: the paid order confirmed after the voucher was checked.
    // Opened from a link: the page's list is filtered to the order the URL names.
    await open(`/tradeManage/trade_approve_order_page?orderNo=${o1.orderNo}`, 'tradeOrderList');
    await expect.poll(() => rows().allInnerTexts()).toEqual([expect.stringContaining(o1.orderNo)]);
    expect(await row(o1.orderNo).innerText()).toContain('已付款待确认');
    await screenshot(page, 'trade-approve-zh-CN');
    await decide(o1.orderNo, 'auditConfirm');
    await expect
      .poll(
        async () => {
          await id('toolbar-refresh').click();
          await idle();
          return row(o1.orderNo).innerText();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toContain('已完成');
    // The dispute ruled: cancelled, the seller's coins released.
    await open(`/tradeManage/trade_approve_order_page?orderNo=${o2.orderNo}`, 'tradeOrderList');
    await expect.poll(() => rows().count()).toBe(1);
    expect(await row(o2.orderNo).innerText()).toContain('争议中');
    await decide(o2.orderNo, 'resolveCancel', '付款凭证与收款账户不符');
    await expect
      .poll(
        async () => {
          await id('toolbar-refresh').click();
          await idle();
          return row(o2.orderNo).innerText();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toContain('已取消');
    await screenshot(page, 'trade-decided-zh-CN');

    // The trading members page: the seller has 400 available (500 - 100 sold), nothing frozen.
    await open(`/tradeManage/memberList?ownerCode=${seller!.account}`, 'tradeMemberList');
    await expect.poll(() => row(seller!.account).innerText(), { timeout: 20_000 }).toMatch(/400[\s\S]*0/);
    const [buyer] = await q<{ available: string }>(
      `SELECT available::text FROM ledger_accounts WHERE owner_type = 'member' AND owner_id = $1 AND currency = 'USDT'`,
      [b1!.ref.ownerId],
    );
    expect(Number(buyer!.available)).toBe(100);
  }, 180_000);

  test('an operator force-pushes a sell ad to the third-party market: its push record and the force-push log', async () => {
    const [m] = await q<{ id: string; account: string }>(
      `SELECT id, account FROM members WHERE status = 'normal' AND account NOT LIKE 'sbx-%' ORDER BY id DESC OFFSET 3 LIMIT 1`,
    );
    const seller = { ownerType: 'member' as const, ownerId: Number(m!.id) };
    const as = traderActor({ ownerType: 'member', code: m!.account });
    const [pool] = await q<{ id: number }>(`SELECT id FROM trade_pools WHERE code = 'USDT-CNY-FIX'`);
    // The fixed pool's market: the demo's sandbox P2P market (the demo day set the main pool's).
    await ensureMarket(app.ctx, pool!.id, null);
    const credit = await requestCoinCredit(
      app.ctx,
      { trader: seller, amount: '80', reason: 'OTC柜台购入' },
      DESK,
    );
    await runSystemTransition(app.ctx, tradeMemberList, 'approveCredit', credit, { actor: ACTOR });
    const ad = await createAd(app.ctx, { trader: seller, poolId: pool!.id, side: 'sell', amount: '40' }, as);

    await open(`/tradeManage/trade_sell_order_page?adNo=${ad.adNo}`, 'trade_sell_order_page');
    await row(ad.adNo).getByTestId('row-forcePush').click();
    await id('transition-reason').fill('挂单无人承接，强推三方');
    await id('transition-submit').click();
    await id('transition-reason').waitFor({ state: 'detached', timeout: 20_000 });

    // The push record: sent at once, taken by the sandbox market (filled there a second later).
    await open(`/tradeManage/trade_push_rec_page?adNo=${ad.adNo}`, 'trade_push_rec_page');
    await expect
      .poll(
        async () => {
          await id('toolbar-refresh').click();
          await idle();
          return row(ad.adNo).innerText();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toMatch(/三方已接单|三方已成交/);
    await screenshot(page, 'trade-push-zh-CN');
    await open(`/tradeManage/findForcePushLogByPage?adNo=${ad.adNo}`, 'findForcePushLogByPage');
    expect(await row(ad.adNo).innerText()).toContain('挂单无人承接，强推三方');
    await screenshot(page, 'trade-force-push-log-zh-CN');
    await speak('en-US');
    await open(`/tradeManage/trade_push_rec_page?adNo=${ad.adNo}`, 'trade_push_rec_page');
    expect(await row(ad.adNo).innerText()).toMatch(/Accepted|Filled/);
    await screenshot(page, 'trade-push-en-US');
    await open(`/tradeManage/findForcePushLogByPage?adNo=${ad.adNo}`, 'findForcePushLogByPage');
    await screenshot(page, 'trade-force-push-log-en-US');
    await speak('zh-CN');
  }, 180_000);

  test('the trade pages hold the demo day’s and this test’s records, in zh-CN and en-US', async () => {
    await eachHoldsRows(PAGES, (name) => `trade-${name}-zh-CN`);
    await speak('en-US');
    await eachHoldsRows(PAGES, (name) => `trade-${name}-en-US`);
  }, 180_000);

  test("an operator picks a rule's pay types from their names; the rule list shows them by name", async () => {
    const [rule] = await q<{ id: number; pay_types: string }>(
      "SELECT id, pay_types FROM trade_rules WHERE pay_types LIKE '%wechat%' ORDER BY id LIMIT 1",
    );
    const before = rule!.pay_types.split(',');
    const payTypes = async () =>
      (await q<{ pay_types: string }>('SELECT pay_types FROM trade_rules WHERE id = $1', [rule!.id]))[0]!
        .pay_types;
    await open('/tradeManage/trade_rule_config_page', 'trade_rule_config_page');
    const ruleRow = page.locator(`.ant-table-tbody:visible tr[data-row-key="${rule!.id}"]`);
    /** Opens the rule's edit form and clicks WeChat in its pay types (in: off; out: on), then saves. */
    const toggleWeChat = async (shot?: string) => {
      await clickRowAction(page, ruleRow, 'edit');
      await id('form-payTypes').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^WeChat$/ })
        .click();
      if (shot) await screenshot(page, shot);
      // A click elsewhere in the form closes the options (Escape would close the dialog too).
      await id('form-name').click();
      await id('form-submit').click();
      await enterCode(page, SECRET);
      await page
        .locator('[data-testid="resource-form"]:visible')
        .waitFor({ state: 'hidden', timeout: 20_000 });
      await idle();
    };
    await toggleWeChat('trade-rule-pay-types-en-US');
    await expect.poll(payTypes, { timeout: 20_000 }).toBe(before.filter((p) => p !== 'wechat').join(','));
    expect(await ruleRow.innerText()).not.toContain('WeChat');
    expect(await ruleRow.innerText()).toContain('Bank card');
    await toggleWeChat();
    await expect.poll(payTypes, { timeout: 20_000 }).toContain('wechat');
    expect(await ruleRow.innerText()).toContain('WeChat');
  }, 120_000);

  test('two trade reports over the demo day: rows and the totals row, in en-US and zh-CN', async () => {
    for (const lang of ['en-US', 'zh-CN'] as const) {
      await chooseLanguage(page, lang);
      for (const name of REPORTS) {
        await visit(page, `/tradeManage/${name}`);
        const report = id(`report-${name}`);
        await report.waitFor({ timeout: 20_000 });
        await expect
          .poll(() => report.locator('tr.ant-table-row').count(), { timeout: 20_000 })
          .toBeGreaterThan(0);
        await expect
          .poll(() => report.getByTestId('report-totals').innerText(), { timeout: 20_000 })
          .toContain(lang === 'zh-CN' ? '合计' : 'Total');
        await screenshot(page, `trade-report-${name}-${lang}`);
      }
    }
  }, 120_000);
});
