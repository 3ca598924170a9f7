/**
 * Bank-notification email orders in the browser, on what the demo day made (sandbox mailboxes read
 * over IMAP): the header badge opens the unmatched email orders; an operator uploads a bank's .eml
 * (rendered from the bank's template for one payer-paid piece of a split match) and that piece, and
 * only it, is confirmed; a malformed file is refused with the reason and writes nothing. The email
 * orders, mailbox configs and assignments pages in zh-CN and en-US.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { notificationEmail } from '../apps/server/src/modules/email/sandbox/bank.ts';
import { database, launch, screenshot } from './support/browser.ts';
import { signedInPage } from './support/operators.ts';
import { pageHelpers } from './support/page.ts';
import { chooseLanguage, toast } from './support/shell.ts';

const OPERATOR = {
  username: 'e2e_email',
  password: 'Email2024xy',
  totpSecret: 'MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43V',
};

interface Piece {
  id: string;
  matchNo: string;
  amount: string;
  payeeAccountNo: string;
  payerName: string;
  depositOrderId: string;
}

let browser: Browser;
let page: Page;
let piece: Piece | undefined;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payops-eml-'));

const { id, idle, open, rows } = pageHelpers(() => page);

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const db = await database();
  try {
    return (await db.query(text, values)).rows as T[];
  } finally {
    await db.end();
  }
}

function split(): Piece {
  if (!piece) throw new Error('no payer-paid piece of a split match');
  return piece;
}

async function upload(file: string): Promise<void> {
  await id('toolbar-upload').click();
  await id('eml-file').setInputFiles(file);
  await id('eml-name').waitFor({ timeout: 10_000 });
  await id('eml-submit').click();
}

beforeAll(async () => {
  // The email step of the demo day runs after the server starts: wait for its email orders.
  for (let i = 0; i < 360; i++) {
    const [done] = await query<{ n: number }>('SELECT count(*)::int AS n FROM email_orders');
    if (done && done.n > 0) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  [piece] = await query<Piece>(
    `SELECT m.id::text, m.match_no AS "matchNo", m.amount::text, m.payee_account_no AS "payeeAccountNo",
            m.payer_name AS "payerName", m.deposit_order_id::text AS "depositOrderId"
       FROM matches m
      WHERE m.status = 'payer_paid'
        AND (SELECT count(*) FROM matches x WHERE x.deposit_order_id = m.deposit_order_id) >= 2
      ORDER BY m.id DESC LIMIT 1`,
  );
  expect(piece, 'the demo left a payer-paid piece of a split match').toBeDefined();
  browser = await launch();
  page = await signedInPage(browser, OPERATOR);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('email orders', () => {
  test('the badge, an .eml confirming one piece of a split match, a malformed file refused (zh-CN)', async () => {
    // The header badge counts the unmatched email orders and opens them.
    const badge = id('badge-failedMatchEmailOrderCount');
    await badge.waitFor({ timeout: 20_000 });
    const [unmatched] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM email_orders WHERE status = 'unmatched' AND scope = 'matching'`,
    );
    expect(unmatched!.n).toBeGreaterThan(0);
    // Antd shows the count beside the button, its number in the title.
    const count = page.locator('.ant-badge', { has: badge }).locator('.ant-badge-count');
    await expect.poll(() => count.getAttribute('title'), { timeout: 20_000 }).toBe(String(unmatched!.n));
    await badge.click();
    await page.waitForURL((url) => url.pathname === '/order/emailOrderList', { timeout: 20_000 });
    await id('resource-page-emailOrderList').waitFor({ timeout: 20_000 });
    await idle();
    expect(new URL(page.url()).searchParams.get('status')).toBe('unmatched');
    // Only the unmatched ones, as many as the badge said.
    await expect
      .poll(async () => (await rows().allInnerTexts()).filter((text) => text.includes('匹配失败')).length)
      .toBe(unmatched!.n);
    expect(await rows().count()).toBe(unmatched!.n);

    await open('/order/emailOrderList', 'emailOrderList');
    await screenshot(page, 'email-orders-zh-CN');

    // The bank's email for one piece of a split deposit, as the operator saved it from the mailbox.
    const piece = split();
    const eml = path.join(dir, 'ccb-notice.eml');
    const paidAt = new Date();
    fs.writeFileSync(
      eml,
      notificationEmail(
        'CCB',
        {
          amount: piece.amount,
          accountTail: piece.payeeAccountNo.slice(-4),
          payerName: piece.payerName || '张三',
          paidAt,
        },
        'ops@example.com',
        paidAt,
      ),
    );
    const others = await query<{ id: string; status: string }>(
      'SELECT id::text, status FROM matches WHERE deposit_order_id = $1 AND id <> $2 ORDER BY id',
      [piece.depositOrderId, piece.id],
    );
    await upload(eml);
    await expect.poll(() => id('eml-result').innerText(), { timeout: 20_000 }).toContain('已匹配');
    await screenshot(page, 'email-upload-zh-CN');
    const [after] = await query<{ status: string; confirmedBy: string; emailOrderId: string }>(
      `SELECT status, confirmed_by AS "confirmedBy", email_order_id::text AS "emailOrderId" FROM matches WHERE id = $1`,
      [piece.id],
    );
    expect(after).toMatchObject({ status: 'confirmed', confirmedBy: 'email' });
    // The other pieces of the same deposit are as they were.
    const othersAfter = await query<{ id: string; status: string }>(
      'SELECT id::text, status FROM matches WHERE deposit_order_id = $1 AND id <> $2 ORDER BY id',
      [piece.depositOrderId, piece.id],
    );
    expect(othersAfter).toEqual(others);
    await page.keyboard.press('Escape');

    // The list shows the new order, matched, with its match.
    await open(`/order/emailOrderList?id=${after!.emailOrderId}`, 'emailOrderList');
    await expect.poll(() => rows().first().innerText()).toContain(piece.matchNo);
    expect(await rows().first().innerText()).toContain('已匹配');

    // A file that is not an email: refused with the reason, nothing written.
    const [before] = await query<{ n: number }>('SELECT count(*)::int AS n FROM email_orders');
    const bad = path.join(dir, 'broken.eml');
    fs.writeFileSync(bad, 'this is not an email');
    await upload(bad);
    await toast(page, '不是有效的邮件文件').waitFor({ timeout: 20_000 });
    const [afterBad] = await query<{ n: number }>('SELECT count(*)::int AS n FROM email_orders');
    expect(afterBad!.n).toBe(before!.n);
    await page.keyboard.press('Escape');

    await open('/payManage/emailConfigList', 'emailConfigList');
    await expect.poll(() => rows().count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator('.ant-table-tbody:visible').first().innerText()).toContain('建设银行');
    await screenshot(page, 'email-config-zh-CN');
    await open('/payManage/emailAssignList', 'emailAssignList');
    await expect.poll(() => rows().count()).toBeGreaterThanOrEqual(3);
    await screenshot(page, 'email-assign-zh-CN');
  });

  test('the three pages in en-US', async () => {
    await open('/order/emailOrderList', 'emailOrderList');
    await chooseLanguage(page, 'en-US');
    await open('/order/emailOrderList', 'emailOrderList');
    await expect
      .poll(() => page.locator('.ant-table-thead:visible').first().textContent())
      .toContain('Account tail');
    expect(await page.locator('.ant-table-tbody:visible').first().innerText()).toMatch(/Matched|Unmatched/);
    await screenshot(page, 'email-orders-en-US');
    await open('/payManage/emailConfigList', 'emailConfigList');
    await expect
      .poll(() => page.locator('.ant-table-thead:visible').first().textContent())
      .toContain('IMAP host');
    await screenshot(page, 'email-config-en-US');
    await open('/payManage/emailAssignList', 'emailAssignList');
    await expect
      .poll(() => page.locator('.ant-table-thead:visible').first().textContent())
      .toContain('Operator');
    await screenshot(page, 'email-assign-en-US');
    await open('/order/emailOrderList', 'emailOrderList');
    await chooseLanguage(page, 'zh-CN');
  });
});
