/**
 * The demo's matched orders (demo/match-day.ts, one step of the demo day): on a small demo platform,
 * every match page shows what the running system produced, and the ledger stays sound.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runDemoDay } from '../src/demo/demo-day.ts';
import { loadDemo } from '../src/demo/load.ts';
import type { MatchDayReport } from '../src/demo/match-day.ts';
import { pointDemoMerchantsAtSandbox } from '../src/demo/sandbox-merchant.ts';
import { platformOrigin } from '../src/modules/upstream/origin.ts';
import { ledgerIsSound, verifyLedger } from '../src/platform/ledger/index.ts';
import { call, clearOfMidnight, type Session, signInAdmin, type TestApp } from './harness.ts';
import { listeningApp } from './upstream-helpers.ts';

let t: TestApp;
let report: MatchDayReport;
let admin: Session;

beforeAll(async () => {
  t = await listeningApp();
  // The demo day in one platform day (past midnight its reconciliation step refuses the new day's
  // statements: empty, so alike).
  await clearOfMidnight(t, 120_000);
  await loadDemo(t.ctx.db, t.ctx.keys.secretKey, t.ctx.clock.now(), { merchants: 3, members: 12 });
  const origin = platformOrigin(t.ctx)!;
  await pointDemoMerchantsAtSandbox(t.ctx.db, origin);
  report = (await runDemoDay(t.ctx, origin, 30)).matching!;
  admin = await signInAdmin(t);
}, 300_000);
afterAll(() => t.close());

it('pools, matches, confirms, disputes and times out matched orders through the merchant API', async () => {
  expect(report).toMatchObject({ withdrawals: 3, deposits: 3, confirmed: 2, disputed: 1 });
  // The 120 nobody paid: one or two pieces (what the pool held at that moment), all timed out.
  expect(report.timedOut).toBeGreaterThanOrEqual(1);
  expect(report.matches).toBe(3 + report.timedOut);
  for (const api of [
    '/api/pay/match',
    '/api/pay/matchPool',
    '/api/pay/matchDeposit',
    '/api/pay/matchTransfer',
    '/api/pay/matchPlaceLog',
    '/api/pay/matchBuy',
    '/api/pay/matchRule',
    '/api/pay/matchSplit',
    '/api/member/matchRecordPage',
  ]) {
    const res = await call<{ list: unknown[] }>(t, 'POST', `${api}/findByPage`, {
      session: admin,
      body: { page: 1, pageSize: 10 },
    });
    expect(res.envelope.data.list.length, api).toBeGreaterThan(0);
  }
  expect(ledgerIsSound(await verifyLedger(t.ctx.db))).toBe(true);
});
