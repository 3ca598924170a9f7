/**
 * The wallet's configuration pages: limits in order, settings checked against their catalogue, IM
 * quick replies per side read by the wallet app in order, fixed codes stored with their hash.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addFixedCode,
  quickReplies,
  registerWalletMember,
} from '../src/modules/wallet/wallet-app.service.ts';
import { call, createTestApp, type Session, signInAdmin, type TestApp } from './harness.ts';

type Row = Record<string, unknown>;
type Page = { list: Row[]; pager: { total: number } };

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

const post = <T = Row>(path: string, body: Row) =>
  call<T>(t, 'POST', `/api/wallet/${path}`, { session: admin, body });

describe('wallet configuration', () => {
  it('refuses a pay type whose maximum is below its minimum, naming the field; takes a good one', async () => {
    const bad = await post('payType/add', {
      payType: 'alipay',
      singleMin: '500',
      singleMax: '100',
      dailyLimit: '10000',
      sortOrder: 1,
      status: 'on',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('singleMax');
    const good = await post('payType/add', {
      payType: 'alipay',
      singleMin: '100',
      singleMax: '500',
      dailyLimit: '10000',
      sortOrder: 1,
      status: 'on',
    });
    expect(good.envelope.code, good.body).toBe(0);
    const list = await post<Page>('payType/findByPage', {});
    expect(list.envelope.data.list).toHaveLength(1);
  });

  it('has a row per setting; a value out of bounds is a 400 on value in the operator language', async () => {
    const list = await post<Page>('settings/findByPage', {});
    expect(list.envelope.data.list.map((r) => r.key).sort()).toEqual(
      ['disputeApprovalAmount', 'evidenceMaxKb', 'operatorDecideMinutes', 'sellerAnswerMinutes'].sort(),
    );
    const id = list.envelope.data.list.find((r) => r.key === 'sellerAnswerMinutes')?.id;
    const bad = await call(t, 'POST', '/api/wallet/settings/edit', {
      session: admin,
      body: { id, value: '0' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.body).toContain('whole number from 1 to 1440');
    const good = await post('settings/edit', { id, value: '45' });
    expect(good.envelope.code, good.body).toBe(0);
    const after = await post<Page>('settings/findByPage', {});
    expect(after.envelope.data.list.find((r) => r.key === 'sellerAnswerMinutes')?.value).toBe('45');
  });

  it('keeps buy and sell quick replies apart; the app reads the switched-on ones in order', async () => {
    for (const [content, sortOrder, status] of [
      ['已付款，请查收', 2, 'on'],
      ['您好，我马上付款', 1, 'on'],
      ['旧话术', 0, 'off'],
    ] as const) {
      const r = await post('imMsgBuy/add', { language: 'zh-CN', content, sortOrder, status });
      expect(r.envelope.code, r.body).toBe(0);
    }
    await post('imMsgSell/add', {
      language: 'zh-CN',
      content: '已收到款项，马上放行',
      sortOrder: 1,
      status: 'on',
    });
    expect((await post<Page>('imMsgSell/findByPage', {})).envelope.data.list).toHaveLength(1);
    expect(await quickReplies(t.ctx.db, 'buy', 'zh-CN')).toEqual(['您好，我马上付款', '已付款，请查收']);
  });

  it('stores a fixed code with its SHA-256; the same payload twice is refused', async () => {
    const code = await t.ctx.db.transaction(async (tx) => {
      const m = await registerWalletMember(t.ctx, tx, { account: 'W200001', phone: '13900139001' });
      return addFixedCode(t.ctx, tx, m, 'alipay', 'https://qr.alipay.example/fkx0001');
    });
    expect(code.payloadHash).toMatch(/^[0-9a-f]{64}$/);
    const again = t.ctx.db.transaction(async (tx) => {
      const m = await registerWalletMember(t.ctx, tx, { account: 'W200002', phone: '13900139002' });
      return addFixedCode(t.ctx, tx, m, 'alipay', 'https://qr.alipay.example/fkx0001');
    });
    await expect(again).rejects.toMatchObject({ code: 409 });
    const off = await post('fixedCode/edit', { id: code.id, status: 'off' });
    expect(off.envelope.code, off.body).toBe(0);
  });
});
