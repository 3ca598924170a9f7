/**
 * Risk lists in the browser (issue 13): an operator black-lists a card on /financeRisk/blackCard, the
 * merchant's withdrawal to that card (the merchant API over HTTP) is refused, the block log shows the
 * attempt with its rule and a link to it on the placement log; the operator lifts the entry and the
 * merchant's retry succeeds; the operation records show both steps. The pages in zh-CN and en-US.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { database, launch, screenshot } from './support/browser.ts';
import { signedInPage } from './support/operators.ts';
import { type OrderDriver, orderDriver } from './support/orders.ts';
import { pageHelpers } from './support/page.ts';
import { chooseLanguage } from './support/shell.ts';

const OPERATOR = {
  username: 'e2e_risk',
  password: 'Risk2024xyz',
  totpSecret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLV',
};
// A Luhn-valid card that no demo order uses.
const CARD = '6228480099887766550';

let browser: Browser;
let page: Page;
let orders: OrderDriver;
let merchantId: number;
let amount: string;

const { id, idle, open, row } = pageHelpers(() => page);

beforeAll(async () => {
  orders = await orderDriver();
  const db = await database();
  try {
    const { rows } = await db.query(
      `SELECT id, greatest(single_min, 100)::numeric(20, 2)::text AS amount FROM merchants
        WHERE status = 'enabled' ORDER BY id LIMIT 1`,
    );
    merchantId = Number(rows[0].id);
    // Within the merchant's single-order limits: the refusal must be the risk rule's.
    amount = rows[0].amount;
  } finally {
    await db.end();
  }
  browser = await launch();
  page = await signedInPage(browser, OPERATOR);
});
afterAll(async () => {
  await browser?.close();
  await orders?.close();
});

describe('risk lists', () => {
  test('a black-listed card stops a withdrawal, the block is logged with a link to the attempt, lifting it lets the retry through', async () => {
    await open('/financeRisk/blackCard', 'blackCard');
    await id('toolbar-add').click();
    await id('form-kind').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '银行卡号' })
      .click();
    // A malformed number is refused naming the field, nothing added.
    await id('form-value').fill('6228480099887766551');
    await id('form-reason').fill('持卡人报案：银行卡被盗刷');
    await id('form-submit').click();
    await expect
      .poll(() => page.locator('.ant-form-item-explain-error, .ant-message').first().innerText())
      .toContain('校验');
    await id('form-value').fill(CARD);
    await id('form-submit').click();
    await id('form-submit').waitFor({ state: 'detached', timeout: 20_000 });
    await idle();
    const shown = `**** ${CARD.slice(-4)}`;
    await row(shown).waitFor();
    expect(await row(shown).innerText()).toContain('生效中');
    expect(await page.content()).not.toContain(CARD);
    await screenshot(page, 'risk-black-card-zh-CN');

    const mchOrderNo = `E2ERISK${Date.now()}`;
    const params = {
      mchOrderNo,
      amount,
      bankName: '建设银行',
      accountName: '赵六',
      accountNo: CARD,
    };
    const refused = await orders.merchantCall(merchantId, 'withdraw/create', params);
    expect(refused.envelope.code).toBe(2011);
    expect(refused.envelope.msg).toContain('风控');

    await open(`/financeRisk/blackBlockLog?mchOrderNo=${mchOrderNo}`, 'blackBlockLog');
    await row(mchOrderNo).waitFor();
    expect(await row(mchOrderNo).innerText()).toContain('银行卡黑名单');
    await screenshot(page, 'risk-block-log-zh-CN');
    await row(mchOrderNo).getByTestId('block-attempt-link').click();
    await id('resource-page-orderPlaceLogPage').waitFor({ timeout: 20_000 });
    await idle();
    await row(mchOrderNo).waitFor();
    expect(await row(mchOrderNo).innerText()).toContain('2011');
    await screenshot(page, 'risk-block-attempt-zh-CN');

    await open('/financeRisk/blackCard', 'blackCard');
    await row(shown).getByTestId('row-lift').click();
    await id('transition-reason').fill('核实为误报，解除');
    await id('transition-submit').click();
    await id('transition-submit').waitFor({ state: 'detached', timeout: 20_000 });
    await idle();
    await expect.poll(() => row(shown).innerText()).toContain('已解除');

    const retry = await orders.merchantCall(merchantId, 'withdraw/create', params);
    expect(retry.envelope.code, JSON.stringify(retry.envelope)).toBe(0);

    await open('/financeRisk/operationRecordList', 'operationRecordList');
    await row('核实为误报').waitFor();
    expect(await row('核实为误报').innerText()).toContain(OPERATOR.username);
    await screenshot(page, 'risk-operation-records-zh-CN');
    await open('/financeRisk/mch_frozen_list', 'mchFrozenList');
    await screenshot(page, 'risk-frozen-list-zh-CN');
  });

  test('the risk pages in en-US', async () => {
    await chooseLanguage(page, 'en-US');
    for (const [path, name] of [
      ['blackCard', 'blackCard'],
      ['blackBlockLog', 'blackBlockLog'],
      ['withdrawBlack', 'withdrawBlack'],
      ['mch_frozen_list', 'mchFrozenList'],
      ['operationRecordList', 'operationRecordList'],
    ] as const) {
      await open(`/financeRisk/${path}`, name);
      await expect
        .poll(() => page.locator('.ant-table-tbody:visible tr.ant-table-row').count())
        .toBeGreaterThan(0);
      await screenshot(page, `risk-${path}-en-US`);
    }
  });
});
