/**
 * Matched (P2P) orders in the browser (issue 12): two withdrawals wait in the match pool, a deposit
 * splits across them, the payer uploads vouchers (merchant API over HTTP), the receiving member
 * confirms one piece, an operator confirms the other after the receipt audit (voucher in the match's
 * detail drawer, code), both orders, the member's matches and the merchants' fund logs show it; a
 * third match times out (the expiry job's function, as it runs later) and its amount returns to the
 * pool. A manual match proposed in the dialog by one operator and approved by another (maker-checker).
 * Then every match page, filled by the demo day, in zh-CN and en-US.
 */
import fs from 'node:fs';
import path from 'node:path';
import { findTransferMatchByPage, orderTransferList } from '@payops/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { type BuiltApp, buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { demoVoucherPng } from '../apps/server/src/demo/match-day.ts';
import { merchantApiCall } from '../apps/server/src/demo/orders-client.ts';
import { expireDueMatches } from '../apps/server/src/modules/match/match-timeouts.ts';
import { loadKeys } from '../apps/server/src/platform/keys.ts';
import { open as unseal } from '../apps/server/src/platform/secret-box.ts';
import { runSystemTransition } from '../apps/server/src/platform/transitions/index.ts';
import { enterCode, launch, screenshot } from './support/browser.ts';
import { signedInPage } from './support/operators.ts';
import { confirmAction, pageHelpers } from './support/page.ts';
import { closeDrawer } from './support/shell.ts';

const OPERATOR = { username: 'e2e_match', password: 'MatchDesk2024xy' };
const SECRET = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLW';
const CHECKER = { username: 'e2e_match_checker', password: 'MatchCheck2024xy' };
const CHECKER_SECRET = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLX';
const ACTOR = { operatorId: 1, username: 'admin', locale: 'zh-CN' as const };

let browser: Browser;
let page: Page;
let app: BuiltApp;
let close: () => Promise<void>;

const { id, idle, rows, row, open, speak, eachHoldsRows } = pageHelpers(() => page);

const q = async <T>(sql: string, params: unknown[] = []) =>
  (await app.ctx.pool.query(sql, params)).rows as T[];

interface Party {
  id: number;
  creds: { mchNo: string; secret: string };
  members: string[];
}

/** Members the demo's level rules let pair with each other (match levels 1 and 2), not frozen. */
// Members matching may pair (the demo's level rules) and no risk list or freeze names (the demo's
// risk days list some).
const PAIRABLE = `mb.status = 'normal' AND mb.match_level <= 2
  AND NOT EXISTS (SELECT 1 FROM risk_list_entries e WHERE e.value = mb.account)
  AND NOT EXISTS (SELECT 1 FROM risk_freezes f WHERE f.member_account = mb.account)`;

/** Two demo merchants outside the demo's pool group, in a pool group of their own for this test. */
async function parties(): Promise<[Party, Party]> {
  const found = await q<{ id: number; mch_no: string; secret_enc: string }>(`
    SELECT m.id, m.mch_no, m.secret_enc FROM merchants m
      LEFT JOIN ledger_accounts a ON a.owner_type = 'merchant' AND a.owner_id = m.id AND a.currency = 'CNY'
     WHERE m.status = 'enabled' AND NOT EXISTS (SELECT 1 FROM match_merchant_config c WHERE c.merchant_id = m.id)
       AND (SELECT count(*) FROM members mb WHERE mb.merchant_id = m.id AND ${PAIRABLE}) >= 3
     ORDER BY coalesce(a.available, 0) DESC LIMIT 2`);
  const group = `e2e-${Date.now()}`;
  const out: Party[] = [];
  for (const m of found) {
    await q(
      `INSERT INTO match_merchant_config (merchant_id, pool_group, min_split_amount, max_pieces) VALUES ($1, $2, 10, 3)`,
      [m.id, group],
    );
    const members = await q<{ account: string }>(
      `SELECT account FROM members mb WHERE merchant_id = $1 AND ${PAIRABLE} ORDER BY id LIMIT 3`,
      [m.id],
    );
    out.push({
      id: Number(m.id),
      creds: { mchNo: m.mch_no, secret: unseal(app.ctx.keys.secretKey, m.secret_enc) },
      members: members.map((x) => x.account),
    });
  }
  return [out[0]!, out[1]!];
}

const origin = () => inject('baseUrl');
let seq = 0;
async function mch<T>(p: Party, path: string, params: Record<string, string>): Promise<T> {
  const { envelope } = await merchantApiCall<T>(origin(), p.creds, path, params);
  if (envelope.code !== 0) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

async function pooled(p: Party, member: string, amount: string): Promise<string> {
  const w = await mch<{ orderNo: string }>(p, 'match/withdraw', {
    mchOrderNo: `E2EMW${Date.now()}${++seq}`,
    amount,
    memberAccount: member,
    bankName: '工商银行',
    accountName: member,
    accountNo: `62220202${String(Date.now()).slice(-8)}${seq}`,
  });
  const [o] = await q<{ id: number; status: string }>(
    'SELECT id, status FROM withdraw_orders WHERE order_no = $1',
    [w.orderNo],
  );
  // The operator's approval (the review queue's transition): the order enters the pool.
  if (o!.status === 'in_review')
    await runSystemTransition(app.ctx, orderTransferList, 'approve', Number(o!.id), { actor: ACTOR });
  return w.orderNo;
}

beforeAll(async () => {
  const dataDir = inject('dataDir');
  const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${inject('pgPort')}/payops`;
  const database = openDatabase(url, 2);
  app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }, { databaseUrl: url }),
    database,
    keys: loadKeys(dataDir),
  });
  await app.app.ready();
  close = async () => {
    await app.app.close();
    await database.close();
  };
  browser = await launch();
  page = await signedInPage(browser, { ...OPERATOR, totpSecret: SECRET });
});
afterAll(async () => {
  await browser?.close();
  await close?.();
});

const PAGES: [string, string][] = [
  ['/order/findTransferMatchByPage', 'findTransferMatchByPage'],
  ['/order/orderDepositListMatch', 'orderDepositListMatch'],
  ['/order/orderTransferListMatch', 'orderTransferListMatch'],
  ['/order/orderPlaceLogMatchPage', 'orderPlaceLogMatchPage'],
  ['/order/tradeMatchBuyOrderList', 'tradeMatchBuyOrderList'],
  ['/payManage/findMatchPoolPage', 'findMatchPoolPage'],
  ['/payManage/match_rule_list', 'match_rule_list'],
  ['/payManage/match_ordersplit_mch_List', 'match_ordersplit_mch_List'],
  ['/member/matchRecordPage', 'matchRecordPage'],
];

describe('matched orders', () => {
  test('a deposit splits across two pooled withdrawals, is paid, confirmed by the receiver and by an operator; a third match times out', async () => {
    const [a, b] = await parties();
    const w1 = await pooled(a, a.members[0]!, '300');
    const w2 = await pooled(a, a.members[1]!, '200');
    await open(`/payManage/findMatchPoolPage?withdrawOrderNo=${w2}`, 'findMatchPoolPage');
    expect(await row(w2).innerText()).toContain('200.00');

    const d = await mch<{
      orderNo: string;
      pieces: { matchNo: string; amount: string; withdrawOrderNo: string }[];
    }>(b, 'match/deposit', { mchOrderNo: `E2EMD${Date.now()}`, amount: '400', memberAccount: b.members[0]! });
    expect(d.pieces.map((p) => [p.withdrawOrderNo, p.amount])).toEqual([
      [w1, '300.00'],
      [w2, '100.00'],
    ]);
    const voucher = demoVoucherPng().toString('base64');
    for (const p of d.pieces) await mch(b, 'match/voucher', { matchNo: p.matchNo, voucher });
    // The receiving member confirms the first piece through the merchant API.
    await mch(a, 'match/confirm', { matchNo: d.pieces[0]!.matchNo });

    // The operator checks the second piece's voucher in its detail and confirms the receipt.
    const [second] = await q<{ id: number }>('SELECT id FROM matches WHERE match_no = $1', [
      d.pieces[1]!.matchNo,
    ]);
    await open(
      `/order/findTransferMatchByPage?matchNo=${d.pieces[1]!.matchNo}&detail=${second!.id}`,
      'findTransferMatchByPage',
    );
    await page
      .locator('[data-testid="detail-drawer"]:visible [data-testid="voucher"] img')
      .waitFor({ timeout: 20_000 });
    await screenshot(page, 'match-voucher-detail-zh-CN');
    await closeDrawer(page);
    await row(d.pieces[1]!.matchNo).getByTestId('row-auditConfirm').click();
    await confirmAction(page);
    await enterCode(page, SECRET);
    await expect
      .poll(
        async () => {
          await id('toolbar-refresh').click();
          await idle();
          return row(d.pieces[1]!.matchNo).innerText();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toContain('已确认');
    await screenshot(page, 'match-confirmed-zh-CN');

    // Both sides: the deposit succeeded, the fully matched withdrawal too; the other keeps 100 in the pool.
    await open(`/order/orderDepositListMatch?orderNo=${d.orderNo}`, 'orderDepositListMatch');
    expect(await row(d.orderNo).innerText()).toContain('成功');
    await open(`/order/orderTransferListMatch?orderNo=${w1}`, 'orderTransferListMatch');
    expect(await row(w1).innerText()).toContain('成功');
    await open(`/order/orderTransferListMatch?orderNo=${w2}`, 'orderTransferListMatch');
    expect(await row(w2).innerText()).toContain('撮合中');
    await open(`/member/matchRecordPage?payerMember=${b.members[0]}`, 'matchRecordPage');
    await expect.poll(() => rows().count(), { timeout: 20_000 }).toBe(2);
    // The ledger: each piece's settlement on the depositing merchant's fund log.
    for (const p of d.pieces) {
      await open(`/mch/fund_log?refId=${p.matchNo}`, 'fund_log');
      await expect.poll(() => rows().count(), { timeout: 20_000 }).toBeGreaterThan(0);
      expect(await rows().first().innerText()).toContain('撮合结算');
    }
    await screenshot(page, 'match-fund-log-zh-CN');

    // A third match nobody pays: the expiry job, as it runs 20 minutes later, returns it to the pool.
    const third = await mch<{ pieces: { matchNo: string }[] }>(b, 'match/deposit', {
      mchOrderNo: `E2EMD${Date.now()}x`,
      amount: '100',
      memberAccount: b.members[1]!,
    });
    expect(third.pieces.length).toBe(1);
    const left = async () =>
      (
        await q<{ r: string }>(
          'SELECT remaining::numeric(20,2)::text AS r FROM match_pool WHERE withdraw_order_no = $1',
          [w2],
        )
      )[0]!.r;
    expect(await left()).toBe('0.00');
    await expireDueMatches(app.ctx, new Date(Date.now() + 20 * 60_000));
    await open(
      `/order/findTransferMatchByPage?matchNo=${third.pieces[0]!.matchNo}`,
      'findTransferMatchByPage',
    );
    expect(await row(third.pieces[0]!.matchNo).innerText()).toContain('已超时');
    expect(await left()).toBe('100.00');
    await open(`/payManage/findMatchPoolPage?withdrawOrderNo=${w2}`, 'findMatchPoolPage');
    // Its amount 200.00, its remaining 100.00 again.
    expect(await row(w2).innerText()).toMatch(/200\.00[\s\S]*100\.00/);
    await screenshot(page, 'match-pool-after-timeout-zh-CN');
    // Confirming the timed-out match is refused, whole.
    const [late] = await q<{ id: number }>('SELECT id FROM matches WHERE match_no = $1', [
      third.pieces[0]!.matchNo,
    ]);
    await expect(
      runSystemTransition(app.ctx, findTransferMatchByPage, 'confirmEmail', Number(late!.id)),
    ).rejects.toThrow();
  }, 180_000);

  test('a manual match: the maker proposes it in the dialog, a second operator approves it', async () => {
    // The withdrawal waits in one pool group, the deposit in another (no engine run pairs them); an
    // operator may match across groups by hand.
    const [a] = await parties();
    const [c] = await parties();
    const w = await pooled(a, a.members[2]!, '180');
    const d = await mch<{ orderNo: string; status: string }>(c, 'match/deposit', {
      mchOrderNo: `E2EMM${Date.now()}`,
      amount: '120',
      memberAccount: c.members[2]!,
    });
    expect(d.status).toBe('created');
    const [entry] = await q<{ id: number }>('SELECT id FROM match_pool WHERE withdraw_order_no = $1', [w]);

    // The maker: the toolbar's manual-match dialog, then the authenticator code.
    await open('/order/findTransferMatchByPage', 'findTransferMatchByPage');
    await id('toolbar-manualMatch').click();
    await id('manual-deposit').fill(d.orderNo);
    await id('manual-pool').fill(String(entry!.id));
    await screenshot(page, 'match-manual-dialog-zh-CN');
    await id('manual-match-submit').click();
    await enterCode(page, SECRET);
    const proposed = async () =>
      (
        await q<{ match_no: string; status: string }>(
          'SELECT match_no, status FROM matches WHERE deposit_order_no = $1',
          [d.orderNo],
        )
      )[0];
    await expect.poll(async () => (await proposed())?.status, { timeout: 20_000 }).toBe('proposed');
    const matchNo = (await proposed())!.match_no;
    await open(`/order/findTransferMatchByPage?matchNo=${matchNo}`, 'findTransferMatchByPage');
    expect(await row(matchNo).innerText()).toContain('人工撮合待复核');
    // The maker is not offered the approval of their own proposal.
    expect(await row(matchNo).getByTestId('row-approveMatch').count()).toBe(0);

    // The checker: another operator approves it; the match is matched and the amount is out of the pool.
    const checker = await signedInPage(browser, { ...CHECKER, totpSecret: CHECKER_SECRET });
    await checker.goto(`/order/findTransferMatchByPage?matchNo=${matchNo}`);
    const checkerRow = checker
      .locator('.ant-table-tbody:visible tr.ant-table-row')
      .filter({ hasText: matchNo });
    await checkerRow.getByTestId('row-approveMatch').click({ timeout: 20_000 });
    await confirmAction(checker);
    await enterCode(checker, CHECKER_SECRET);
    await expect.poll(async () => (await proposed())?.status, { timeout: 20_000 }).toBe('matched');
    await checker.getByTestId('toolbar-refresh').click();
    await expect.poll(() => checkerRow.innerText(), { timeout: 20_000 }).toContain('已匹配');
    await screenshot(checker, 'match-manual-approved-zh-CN');
    await checker.close();
    await open(`/order/orderDepositListMatch?orderNo=${d.orderNo}`, 'orderDepositListMatch');
    expect(await row(d.orderNo).innerText()).toContain('待支付');
  }, 180_000);

  test('the match pages hold the demo day’s and this test’s records, in zh-CN and en-US', async () => {
    await eachHoldsRows(PAGES, (name) => `match-${name}-zh-CN`);
    await speak('en-US');
    await eachHoldsRows(PAGES, (name) => `match-${name}-en-US`);
  }, 180_000);
});
