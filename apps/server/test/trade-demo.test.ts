/**
 * The demo's trade market (demo/trade-day.ts): on a small demo platform every trade page shows what
 * the market's services produced, every order state is there, and the ledger stays sound.
 */
import { TRADE_OBJECT_TYPES } from '@payops/contracts/resources/trade/trade-logs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadDemo } from '../src/demo/load.ts';
import { runTradeDay, type TradeDayReport } from '../src/demo/trade-day.ts';
import { runTradePushDay } from '../src/demo/trade-push-day.ts';
import { seedExchangeRates } from '../src/modules/mockTrade/exchange-rates.ts';
import { appendOperationLog } from '../src/platform/audit.ts';
import { ledgerIsSound, verifyLedger } from '../src/platform/ledger/index.ts';
import { call, createTestApp, type Session, signInAdmin, type TestApp } from './harness.ts';

let t: TestApp;
let report: TradeDayReport;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp();
  await loadDemo(t.ctx.db, t.ctx.keys.secretKey, t.ctx.clock.now(), { merchants: 2, members: 10 });
  await seedExchangeRates(t.ctx);
  report = await runTradeDay(t.ctx);
  admin = await signInAdmin(t);
}, 120_000);
afterAll(() => t.close());

/** A page's first 100 rows, as the administrator's list call answers them. */
async function list(api: string, filters: Record<string, string | string[]> = {}) {
  const res = await call<{ list: Record<string, string>[] }>(t, 'POST', `${api}/findByPage`, {
    session: admin,
    body: { page: 1, pageSize: 100, filters },
  });
  expect(res.envelope.code, `${api}: ${res.body}`).toBe(0);
  return res.envelope.data!.list;
}

it('fills every trade page and takes orders through every state', async () => {
  expect(report).toMatchObject({ ads: 4, orders: 10, completed: 3, disputes: 3 });
  expect(report.ms).toBeLessThan(10_000);
  for (const api of [
    '/api/trade/pool',
    '/api/trade/rule',
    '/api/trade/timeout',
    '/api/trade/ad/buy',
    '/api/trade/ad/sell',
    '/api/trade/order',
    '/api/trade/apply/buy',
    '/api/trade/apply/sell',
    '/api/trade/applyLog/buy',
    '/api/trade/applyLog/sell',
    '/api/trade/member',
    '/api/trade/operateLog',
    '/api/trade/blockLog',
  ]) {
    expect((await list(api)).length, api).toBeGreaterThan(0);
  }
  // The two logs are views of the platform's, which holds other rows too: each shows its scope only.
  const types: readonly string[] = TRADE_OBJECT_TYPES;
  expect((await list('/api/trade/operateLog')).every((r) => types.includes(r.objectType!))).toBe(true);
  // A row of another area (an operator's merchant approval), as the audit writes it.
  const outside = { objectType: 'mchList' };
  await appendOperationLog(t.ctx.db, {
    at: t.ctx.clock.now(),
    operatorId: 1,
    operatorName: 'admin',
    action: 'mch.mchList.approve',
    method: 'POST',
    path: '/api/mch/mchList/approve',
    ...outside,
    objectId: '1',
    result: 'success',
    code: 0,
    ip: '127.0.0.1',
  });
  expect((await list('/api/sys/opearlog', outside)).length).toBeGreaterThan(0);
  expect(await list('/api/trade/operateLog', outside)).toEqual([]);
  expect((await list('/api/trade/blockLog')).every((r) => r.source === 'trade')).toBe(true);
  const { rows } = await t.ctx.pool.query('SELECT DISTINCT status FROM trade_orders ORDER BY status');
  expect(rows.map((r) => r.status)).toEqual([
    'cancelled',
    'completed',
    'disputed',
    'matched',
    'paid',
    'timeout',
  ]);
  const ads = await t.ctx.pool.query('SELECT DISTINCT status FROM trade_ads ORDER BY status');
  expect(ads.rows.map((r) => r.status)).toEqual(['cancelled', 'open']);
  expect(ledgerIsSound(await verifyLedger(t.ctx.db))).toBe(true);
});

it('pushes open ads to the sandbox market and reconciles the day (demo/trade-push-day.ts)', async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const push = await runTradePushDay(t.ctx, { operatorId: 1, username: 'admin', locale: 'zh-CN' });
  expect(push).toMatchObject({ pushed: 3, filled: 1, rejected: 1, differences: 1 });
  for (const api of ['/api/trade/push', '/api/trade/push/forced', '/api/trade/rec', '/api/trade/blackLog']) {
    expect((await list(api)).length, api).toBeGreaterThan(0);
  }
  expect(ledgerIsSound(await verifyLedger(t.ctx.db))).toBe(true);
});

it("the header bell has each side's pending applications, each opening its own page", async () => {
  const res = await call<{ groups: { kind: string; count: number; link: string }[] }>(
    t,
    'GET',
    '/api/dashboard/notifications',
    { session: admin },
  );
  const groups = res.envelope.data.groups;
  const pending = async (side: string) =>
    (
      await t.ctx.pool.query(
        `SELECT count(*)::int AS n FROM trade_applications WHERE status = 'pending' AND side = $1`,
        [side],
      )
    ).rows[0].n as number;
  // The demo leaves two sell applications waiting and no buy one.
  expect(await pending('sell')).toBe(2);
  expect(groups.find((g) => g.kind === 'tradeSellApplications')).toMatchObject({
    count: 2,
    link: '/tradeManage/sellorderApplyPage?status=pending',
  });
  expect(groups.find((g) => g.kind === 'tradeBuyApplications')?.count ?? 0).toBe(await pending('buy'));
  // The page the link opens lists them.
  expect(await list('/api/trade/apply/sell', { status: ['pending'] })).toHaveLength(2);
});
