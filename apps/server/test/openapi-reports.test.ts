/**
 * The placement log pages as an operator reads them (findByPage on the real app): the log with a
 * refusal's reason, the hourly statistics, the daily error report, and the failure reasons counted
 * when an order ends (the order-final event, in the ending transaction).
 */
import { localText, systemText } from '@payops/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWithdrawOrder } from '../src/modules/order/create.ts';
import { emitOrderFinal } from '../src/modules/order/final-state.ts';
import { withdrawOrders } from '../src/modules/order/schema.ts';
import { call, createTestApp, type Session, signInAdmin, type TestApp, toLocalHour } from './harness.ts';
import { makeMerchant, mchCall, type TestMerchant } from './openapi-client.ts';

let t: TestApp;
let admin: Session;
let m: TestMerchant;

type Page<T> = { list: T[]; pager: { total: number } };
const list = <T>(api: string, filters: Record<string, unknown> = {}) =>
  call<Page<T>>(t, 'POST', `/api/pay/${api}/findByPage`, {
    session: admin,
    body: { page: 1, pageSize: 50, filters },
  });

beforeAll(async () => {
  t = await createTestApp();
  // The calls below are counted per hour and per day: all of them in one of each.
  toLocalHour(t, 10);
  admin = await signInAdmin(t);
  m = await makeMerchant(t, {}, '500.00');
  await mchCall(t, m, 'balance/query', {});
  await mchCall(t, m, 'withdraw/create', {
    mchOrderNo: 'R-1',
    amount: '20.00',
    bankName: 'Bank',
    accountName: 'Li Si',
    accountNo: '6222000011112222',
  });
  await mchCall(t, m, 'balance/query', {}, { secret: 'wrong' });
  await mchCall(t, m, 'balance/query', {}, { secret: 'wrong' });
});
afterAll(() => t.close());

describe('orderPlaceLogPage', () => {
  it('lists every call with its result and reason, filterable by merchant and result', async () => {
    const res = await list<{ mchNo: string; accepted: boolean; codeName: string; reason: string }>(
      'placeLog',
      {
        mchNo: m.mchNo,
      },
    );
    expect(res.envelope.code, res.body).toBe(0);
    expect(res.envelope.data.list.map((r) => r.codeName)).toEqual(['signInvalid', 'signInvalid', 'ok', 'ok']);
    // Kept in each language: read in the operator's, whatever the merchant's was.
    const reason = res.envelope.data.list[0]!.reason;
    expect(localText(reason, 'zh-CN')).toBe('签名错误');
    expect(localText(reason, 'en-US')).toBe('The signature (sign) does not match');
    const refused = await list('placeLog', { mchNo: m.mchNo, accepted: false });
    expect(refused.envelope.data.pager.total).toBe(2);
    expect(res.body).not.toContain('"sign"');
  });

  it('exports', async () => {
    const res = await call(t, 'POST', '/api/pay/placeLog/export', {
      session: admin,
      body: { format: 'csv', filters: { mchNo: m.mchNo } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain(m.mchNo);
  });
});

describe('orderPlaceLogStatic and logReport', () => {
  it('count per merchant and hour, and errors per day', async () => {
    const stat = await list<{
      endpoint: string;
      acceptedCount: number;
      refusedCount: number;
      acceptedAmount: string;
    }>('placeLogStatic', { mchNo: m.mchNo });
    const byEndpoint = Object.fromEntries(stat.envelope.data.list.map((r) => [r.endpoint, r]));
    expect(byEndpoint.queryBalance).toMatchObject({ acceptedCount: 1, refusedCount: 2 });
    expect(byEndpoint.withdraw).toMatchObject({ acceptedCount: 1, refusedCount: 0 });
    expect(byEndpoint.withdraw!.acceptedAmount).toMatch(/^20(\.0+)?$/);
    const report = await list<{ source: string; code: string; count: number; lastMessage: string }>(
      'logReport',
      {
        mchNo: m.mchNo,
      },
    );
    expect(report.envelope.data.list).toEqual([
      expect.objectContaining({
        source: 'api',
        endpoint: '@merchantApiEndpoint.queryBalance',
        code: '2001',
        count: 2,
      }),
    ]);
    expect(localText(report.envelope.data.list[0]!.lastMessage, 'en-US')).toBe(
      'The signature (sign) does not match',
    );
    // The endpoint is found by the words an operator reads, in either language.
    for (const words of ['查询余额', 'query BALANCE']) {
      const found = await list<{ code: string }>('logReport', { mchNo: m.mchNo, endpoint: words });
      expect(found.envelope.data.list.map((r) => r.code)).toEqual(['2001']);
    }
    expect(
      (await list('logReport', { mchNo: m.mchNo, endpoint: 'Create deposit' })).envelope.data.list,
    ).toEqual([]);
  });
});

describe('orderFailReason', () => {
  /** What a payout failure's effect does: state and reason set, then the final event, in one transaction. */
  async function failOrder(mchOrderNo: string, reason: string, commit = true) {
    await t.ctx.db
      .transaction(async (tx) => {
        const now = t.ctx.clock.now();
        const { order } = await insertWithdrawOrder(tx, {
          merchantId: m.id,
          mchOrderNo,
          amount: '5.00',
          bankCode: '',
          bankName: 'Bank',
          accountName: 'Wang',
          accountNo: '6222000099998888',
          now,
        });
        const [failed] = await tx
          .update(withdrawOrders)
          .set({ status: 'failed', failReason: reason })
          .where(eq(withdrawOrders.id, order.id))
          .returning();
        await emitOrderFinal(tx, { family: 'withdraw', order: failed!, from: 'paying', at: now });
        if (!commit) throw new RollBack();
      })
      .catch((e) => {
        if (!(e instanceof RollBack)) throw e;
      });
  }

  it('counts orders that ended failed by their raw reason, in the ending transaction', async () => {
    await failOrder('R-FAIL-1', 'UPSTREAM E1002: account name mismatch');
    await failOrder('R-FAIL-2', 'UPSTREAM E1002: account name mismatch');
    await failOrder('R-FAIL-3', 'UPSTREAM E1002: account name mismatch', false);
    const res = await list<{ family: string; status: string; reason: string; count: number; amount: string }>(
      'orderFailReason',
      { mchNo: m.mchNo },
    );
    expect(res.envelope.data.list).toEqual([
      expect.objectContaining({
        family: 'withdraw',
        status: 'failed',
        reason: 'UPSTREAM E1002: account name mismatch',
        count: 2,
      }),
    ]);
    expect(res.envelope.data.list[0]!.amount).toMatch(/^10(\.0+)?$/);
    // The final state is one of the four bad endings: filtered by it, and nothing else is one.
    expect(
      (await list('orderFailReason', { mchNo: m.mchNo, status: 'failed' })).envelope.data.list,
    ).toHaveLength(1);
    expect(
      (await list('orderFailReason', { mchNo: m.mchNo, status: 'rejected' })).envelope.data.list,
    ).toEqual([]);
    const paying = await list('orderFailReason', { mchNo: m.mchNo, status: 'paying' });
    expect(paying.statusCode).toBe(400);
    expect(JSON.stringify(paying.envelope)).toContain('status');
  });

  it('a reason the platform wrote is found by the words an operator reads, in either language', async () => {
    await failOrder('R-FAIL-4', systemText('neverReceived'));
    const reasons = async (reason: string) =>
      (await list<{ reason: string }>('orderFailReason', { mchNo: m.mchNo, reason })).envelope.data.list
        .map((r) => r.reason)
        .sort();
    expect(await reasons('未收到')).toEqual([systemText('neverReceived')]);
    expect(await reasons('NEVER RECEIVED')).toEqual([systemText('neverReceived')]);
    // A typed reason is searched as typed; the code itself is no word an operator reads.
    expect(await reasons('mismatch')).toEqual(['UPSTREAM E1002: account name mismatch']);
    expect(await reasons('超时')).toEqual([]);
  });
});

class RollBack extends Error {}
