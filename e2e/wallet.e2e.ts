/**
 * The wallet area in the browser (issue 16): a wallet trade is disputed by its buyer with evidence
 * (through the wallet app's services in this process, on the suite's database), an operator claims
 * it, the clock of this process moves past the seller's deadline and the SLA job's function marks it
 * overdue (highlighted, in the bell's queue), the operator rules it to the buyer (reason and code),
 * and the coins show in the buyer's fund log. A bank email no wallet order fits is bound by hand to
 * the order it pays (reason and code), which shows paid. An operator raises a member's wallet level,
 * and the member's next ad goes under the higher level's ad rule (window and take bounds on the ad
 * page). Then the wallet pages the demo day filled, in zh-CN and en-US.
 */
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BuiltApp } from '../apps/server/src/app.ts';
import { emailMailboxes } from '../apps/server/src/modules/email/email.schema.ts';
import { pollMailbox } from '../apps/server/src/modules/email/poller.ts';
import { addSandboxMailbox, sendBankNotification } from '../apps/server/src/modules/email/sandbox/bank.ts';
import { markOverdue, openWalletDispute } from '../apps/server/src/modules/wallet/dispute.service.ts';
import { addPayAccount, registerWalletMember } from '../apps/server/src/modules/wallet/wallet-app.service.ts';
import {
  creditWalletDeposit,
  postWalletAd,
  takeWalletAd,
  walletActor,
  walletPaid,
} from '../apps/server/src/modules/wallet/wallet-trade.service.ts';
import { enterCode, launch, screenshot } from './support/browser.ts';
import { signedInPage } from './support/operators.ts';
import { confirmAction, pageHelpers } from './support/page.ts';
import { chooseLanguage, clickRowAction, closeDrawer } from './support/shell.ts';
import { suiteApp } from './support/suite-app.ts';

const OPERATOR = { username: 'e2e_wallet', password: 'WalletDesk2024xy' };
const SECRET = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLX';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('e2e'),
]);

let browser: Browser;
let page: Page;
let app: BuiltApp;
let close: () => Promise<void>;

const { id, idle, rows, row, open, speak, eachHoldsRows } = pageHelpers(() => page);

/** Clicks a row's action, inline or in its "more" menu. */
const act = (no: string, key: string) => clickRowAction(page, row(no), key);

async function refresh() {
  await id('toolbar-refresh').click();
  await idle();
}

/** A row's text after a refresh of the list. */
async function rowAfterRefresh(no: string) {
  await refresh();
  return row(no).innerText();
}

/** The demo's wallet pool (its market rule for wallet members). */
async function walletPoolId(): Promise<number> {
  const { rows: pools } = await app.ctx.pool.query(
    "SELECT pool_id FROM trade_rules WHERE trader_type = 'wallet_member' AND enabled ORDER BY id LIMIT 1",
  );
  return pools[0].pool_id;
}

/** A wallet trade of this test's own two members, awaiting the buyer's payment. */
async function walletTrade() {
  const ctx = app.ctx;
  const tag = String(Date.now()).slice(-7);
  const [seller, buyer] = await ctx.db.transaction(async (tx) => [
    await registerWalletMember(ctx, tx, { account: `WE2ES${tag}`, phone: `1390${tag}` }),
    await registerWalletMember(ctx, tx, { account: `WE2EB${tag}`, phone: `1391${tag}` }),
  ]);
  await ctx.db.transaction((tx) =>
    addPayAccount(ctx, tx, seller!, { payType: 'alipay', accountNo: `1390${tag}`, holderName: '孙丽' }),
  );
  await creditWalletDeposit(ctx, seller!.id, '101', `0xe2e${tag}`);
  const ad = await postWalletAd(ctx, seller!.id, {
    poolId: await walletPoolId(),
    side: 'sell',
    amount: '100',
  });
  const order = await takeWalletAd(ctx, buyer!.id, { adId: ad.id, amount: '15', payType: 'alipay' });
  return { order, buyer: buyer! };
}

/** A paid wallet trade (walletTrade), disputed by the buyer with a voucher and a chat excerpt. */
async function disputedTrade() {
  const ctx = app.ctx;
  const { order, buyer } = await walletTrade();
  await walletPaid(ctx, buyer.id, order.id, PNG.toString('base64'));
  const d = await openWalletDispute(
    ctx,
    {
      orderId: order.id,
      by: 'buyer',
      memberId: buyer.id,
      reason: '已付款，卖家未放币',
      evidence: [
        { kind: 'voucher', content: PNG.toString('base64') },
        { kind: 'chat', content: Buffer.from('买家: 已付款\n卖家: 没看到').toString('base64') },
      ],
    },
    await walletActor(ctx, buyer.id),
  );
  return { d, buyer: buyer.account };
}

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
  ['/wallet/disputeOrderPage', 'disputeOrderPage'],
  ['/wallet/walletFindByPage', 'walletFindByPage'],
  ['/wallet/walletTradeSellOrderPage', 'walletTradeSellOrderPage'],
  ['/wallet/walletPageFundLog', 'walletPageFundLog'],
  ['/wallet/virtualOrderConfigPage', 'virtualOrderConfigPage'],
  ['/wallet/imMsgListOfBuy', 'imMsgListOfBuy'],
  ['/wallet/emailOrderListWallet', 'emailOrderListWallet'],
];

describe('wallet disputes', () => {
  test('a dispute opened with evidence is claimed, runs past its SLA and shows overdue, then is resolved', async () => {
    const { d, buyer } = await disputedTrade();
    await open(`/wallet/disputeOrderPage?disputeNo=${d.disputeNo}&detail=${d.id}`, 'disputeOrderPage');
    const drawer = page.locator('[data-testid="detail-drawer"]:visible');
    await expect.poll(() => drawer.innerText(), { timeout: 20_000 }).toContain('image/png');
    expect(await drawer.innerText()).toContain('text/plain');
    // Where the buyer was told to pay: the seller's alipay account, masked. The child list's title
    // shows before its rows are read, so the account is waited for, not read once.
    await expect.poll(() => drawer.innerText(), { timeout: 20_000 }).toContain('买家被告知的收款方式');
    await expect.poll(() => drawer.innerText(), { timeout: 20_000 }).toMatch(/\d{3}\*{4}\d{4}/);
    await screenshot(page, 'wallet-dispute-detail-zh-CN');
    await closeDrawer(page);
    expect(await row(d.disputeNo).innerText()).toContain('待卖家响应');

    await row(d.disputeNo).getByTestId('row-claim').click();
    await confirmAction(page);
    await expect.poll(() => rowAfterRefresh(d.disputeNo), { timeout: 20_000 }).toContain(OPERATOR.username);

    // Clock control: this process's clock passes the seller's 30 minutes; the SLA job's function runs
    // as its schedule would then.
    app.ctx.clock.advance(31 * 60_000);
    expect(await markOverdue(app.ctx)).toBeGreaterThanOrEqual(1);
    await refresh();
    await expect
      .poll(() => row(d.disputeNo).getAttribute('class'), { timeout: 20_000 })
      .toContain('engine-row-alert');
    expect(await row(d.disputeNo).innerText()).toContain('已超时');
    await screenshot(page, 'wallet-dispute-overdue-zh-CN');

    await act(d.disputeNo, 'releaseToBuyer');
    await id('transition-reason').fill('付款凭证属实，放币给买家');
    await id('transition-submit').click();
    await enterCode(page, SECRET);
    await id('transition-submit').waitFor({ state: 'detached', timeout: 40_000 });
    await expect.poll(() => rowAfterRefresh(d.disputeNo), { timeout: 20_000 }).toContain('已裁决');
    const resolved = await row(d.disputeNo).innerText();
    expect(resolved).toContain('放币给买家');
    expect(resolved).not.toContain('已超时');
    await screenshot(page, 'wallet-dispute-resolved-zh-CN');

    // The buyer's coins: 15 USDT minus the pool's fee, in the wallet fund log.
    await open(`/wallet/walletPageFundLog?ownerCode=${buyer}`, 'walletPageFundLog');
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBe(1);
    const posting = await rows().first().innerText();
    expect(posting).toMatch(/14\.985/);
    // Its kind by name (it read the raw "trade").
    expect(posting).toContain('交易结算');
  }, 120_000);

  test('an operator assigns a dispute to another operator and adds an evidence file', async () => {
    const { d } = await disputedTrade();
    await open(`/wallet/disputeOrderPage?disputeNo=${d.disputeNo}`, 'disputeOrderPage');
    await act(d.disputeNo, 'assign');
    await id('assign-operator').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^admin$/ })
      .click();
    await id('assign-reason').fill('转交值班主管处理');
    await screenshot(page, 'wallet-dispute-assign-zh-CN');
    await id('assign-submit').click();
    await id('assign-submit').waitFor({ state: 'detached', timeout: 40_000 });
    await expect.poll(() => rowAfterRefresh(d.disputeNo), { timeout: 20_000 }).toContain('admin');

    await act(d.disputeNo, 'addEvidence');
    await id('evidence-file').setInputFiles({
      name: 'bank-statement.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await id('evidence-note').fill('客服调取的银行流水');
    await id('evidence-submit').click();
    await id('evidence-submit').waitFor({ state: 'detached', timeout: 40_000 });
    await chooseLanguage(page, 'en-US');
    await open(`/wallet/disputeOrderPage?disputeNo=${d.disputeNo}&detail=${d.id}`, 'disputeOrderPage');
    const drawer = page.locator('[data-testid="detail-drawer"]:visible');
    await expect.poll(() => drawer.innerText(), { timeout: 20_000 }).toContain('客服调取的银行流水');
    // The operator's file next to the buyer's voucher and chat excerpt.
    expect((await drawer.innerText()).match(/image\/png/g)?.length).toBe(2);
    expect(await drawer.innerText()).toContain('Where the buyer was told to pay');
    await screenshot(page, 'wallet-dispute-evidence-en-US');
    await page.keyboard.press('Escape');
    await speak('zh-CN');
  }, 120_000);

  test('an operator binds a bank email no wallet order fits to the order it pays, which it marks paid', async () => {
    const ctx = app.ctx;
    const { order } = await walletTrade();
    // A wallet mailbox on this process's sandbox bank; the transfer's card tail is not the seller's:
    // no order fits, the email stays unmatched.
    const user = `e2e-wallet-${Date.now()}`;
    const mb = await addSandboxMailbox(ctx, {
      name: 'E2E 钱包收款邮箱',
      bank: 'ICBC',
      user,
      scope: 'wallet',
    });
    await sendBankNotification(ctx, user, 'ICBC', {
      amount: order.fiatAmount,
      accountTail: '9999',
      payerName: '周明',
      paidAt: ctx.clock.now(),
    });
    await pollMailbox(ctx, mb, { mailboxes: 0, read: 0, stored: 0, duplicates: 0, failed: 0 });
    // Read once: the suite server's poll job must not try this process's sandbox after the file.
    await ctx.db.update(emailMailboxes).set({ status: 'off' }).where(eq(emailMailboxes.id, mb.id));
    const { rows: emails } = await ctx.pool.query(
      `SELECT id, status FROM email_orders WHERE mailbox_id = $1`,
      [mb.id],
    );
    expect(emails.map((e) => e.status)).toEqual(['unmatched']);
    const emailId = String(emails[0].id);
    await open(`/wallet/emailOrderListWallet?id=${emailId}`, 'emailOrderListWallet');
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBe(1);
    await act(emailId, 'bind');
    await id('bind-match').click();
    await page.keyboard.type(order.orderNo);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: order.orderNo })
      .click();
    await id('bind-reason').fill('买家用家人的卡转账');
    await screenshot(page, 'wallet-email-bind-zh-CN');
    await id('bind-submit').click();
    await enterCode(page, SECRET);
    await id('bind-submit').waitFor({ state: 'detached', timeout: 40_000 });
    await expect.poll(() => rowAfterRefresh(emailId), { timeout: 20_000 }).toContain(order.orderNo);
    await chooseLanguage(page, 'en-US');
    await open(`/wallet/walletTradeBuyOrderPage?orderNo=${order.orderNo}`, 'walletTradeBuyOrderPage');
    await expect.poll(() => row(order.orderNo).innerText(), { timeout: 20_000 }).toMatch(/Paid/);
    await open(`/wallet/emailOrderListWallet?id=${emailId}`, 'emailOrderListWallet');
    await screenshot(page, 'wallet-email-bound-en-US');
    await speak('zh-CN');
  }, 120_000);

  test("an operator raises a member's wallet level: the member's next bank card ad goes under that level's rule", async () => {
    const ctx = app.ctx;
    const tag = String(Date.now()).slice(-7);
    const member = await ctx.db.transaction(async (tx) => {
      const m = await registerWalletMember(ctx, tx, { account: `WE2EL${tag}`, phone: `1392${tag}` });
      await addPayAccount(ctx, tx, m, {
        payType: 'bank_card',
        accountNo: `62220213${tag}`,
        holderName: '周杰',
        bankName: '建设银行',
      });
      return m;
    });
    await creditWalletDeposit(ctx, member.id, '500', `0xe2el${tag}`);
    const bankAd = async () =>
      postWalletAd(ctx, member.id, {
        poolId: await walletPoolId(),
        side: 'sell',
        amount: '200',
        payTypes: 'bank_card',
      });
    // Level 1: the demo's bank card rule for every level (20 minutes to pay, 100 CNY a take at least).
    const before = await bankAd();
    expect(before.payMinutes).toBe(20);

    await open(`/wallet/walletFindByPage?account=${member.account}`, 'walletFindByPage');
    await act(member.account, 'edit');
    const level = page.locator('input[data-testid="form-level"], [data-testid="form-level"] input').first();
    await level.fill('2');
    await id('form-submit').click();
    await page.locator('[data-testid="resource-form"]:visible').waitFor({ state: 'hidden', timeout: 20_000 });
    const levelNow = async () =>
      (await ctx.pool.query('SELECT level FROM wallet_members WHERE id = $1', [member.id])).rows[0].level;
    await expect.poll(levelNow, { timeout: 20_000 }).toBe(2);
    await screenshot(page, 'wallet-member-level-zh-CN');

    // Level 2: the large bank card rule (30 minutes, 1,000 CNY a take at least at 7.20 a coin).
    const after = await bankAd();
    expect(after).toMatchObject({ payMinutes: 30, minTake: '138.89000000' });
    await open(`/tradeManage/trade_sell_order_page?ownerCode=${member.account}`, 'trade_sell_order_page');
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBe(2);
    expect(await row(after.adNo).innerText()).toContain('138.89');
    await screenshot(page, 'wallet-ad-rules-zh-CN');
    await speak('en-US');
    expect(await page.locator('.ant-table-thead:visible').innerText()).toContain('Payment window (minutes)');
    await screenshot(page, 'wallet-ad-rules-en-US');
    await speak('zh-CN');
  }, 120_000);

  test('the wallet pages hold the demo day’s records, in zh-CN and en-US', async () => {
    await eachHoldsRows(PAGES.slice(0, 3), (name) => `wallet-${name}-zh-CN`);
    await speak('en-US');
    await eachHoldsRows(PAGES, (name) => `wallet-${name}-en-US`);
    // Each page holds what its title says: the ad order rules their payment window, the system
    // config the wallet's dispute settings (they were each other's once).
    await open('/wallet/virtualOrderConfigPage', 'virtualOrderConfigPage');
    expect(await id('resource-page-virtualOrderConfigPage').innerText()).toContain(
      'Payment window (minutes)',
    );
    await open('/wallet/sellConfigPage', 'sellConfigPage');
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await id('resource-page-sellConfigPage').innerText()).toContain(
      'Dispute: seller must answer within (minutes)',
    );
    await screenshot(page, 'wallet-sellConfigPage-en-US');
  }, 120_000);
});
