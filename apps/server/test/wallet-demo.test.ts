/** The demo day's wallet step on a fresh platform: every wallet page has rows, the ledger is sound. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runWalletDay } from '../src/demo/wallet-day.ts';
import { runWalletEmailDay } from '../src/demo/wallet-email-day.ts';
import { ledgerIsSound, verifyLedger } from '../src/platform/ledger/index.ts';
import { call, createTestApp, type Session, signInAdmin, type TestApp } from './harness.ts';

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp({ logLevel: 'error' } as never);
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

it('fills every wallet page through the wallet app and the market', async () => {
  const report = await runWalletDay(t.ctx);
  expect(report).toMatchObject({ members: 4, orders: 4, disputes: 3, resolved: 1 });
  const apis = [
    'dispute',
    'member',
    'payTypeInfo',
    'fundLog',
    'tradeBuy',
    'tradeSell',
    'sellConfig',
    'imMsgBuy',
    'imMsgSell',
    'settings',
    'sellSplit',
    'fixedCode',
    'payType',
    'withdrawType',
  ];
  for (const api of apis) {
    const res = await call<{ list: unknown[] }>(t, 'POST', `/api/wallet/${api}/findByPage`, {
      session: admin,
      body: {},
    });
    expect(res.envelope.code, `${api}: ${res.body}`).toBe(0);
    expect(res.envelope.data.list.length, api).toBeGreaterThan(0);
  }
  // The wallet's mailbox: the sandbox bank's emails read over IMAP, one marking a wallet order paid.
  expect(await runWalletEmailDay(t.ctx)).toMatchObject({ mailboxes: 1, read: 2, stored: 2 });
  const emails = await call<{ list: { status: string; tradeOrderId: number | null }[] }>(
    t,
    'POST',
    '/api/wallet/emailOrder/findByPage',
    { session: admin, body: {} },
  );
  expect(emails.envelope.data.list.map((e) => e.status).sort()).toEqual(['matched', 'unmatched']);
  const paid = emails.envelope.data.list.find((e) => e.status === 'matched')!.tradeOrderId;
  const { rows } = await t.ctx.pool.query('SELECT status FROM trade_orders WHERE id = $1', [paid]);
  expect(rows[0].status).toBe('paid');
  expect(ledgerIsSound(await verifyLedger(t.ctx.db))).toBe(true);
});
