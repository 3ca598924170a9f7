/**
 * The demo's settlement (demo/settle-day.ts, the last step of the demo day): after a small demo
 * platform and its first day of orders through the merchant API, every merchant's statement of every
 * demo day equals the ledger computed the other way, and one closed statement is settled.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DemoDayReport } from '../src/demo/demo-day.ts';
import { runDemoDay } from '../src/demo/demo-day.ts';
import { loadDemo } from '../src/demo/load.ts';
import { pointDemoMerchantsAtSandbox } from '../src/demo/sandbox-merchant.ts';
import { merchantSettlements } from '../src/modules/order/settlement.schema.ts';
import { settlementJob } from '../src/modules/order/settlement-job.ts';
import { platformOrigin } from '../src/modules/upstream/origin.ts';
import { clearOfMidnight, type TestApp } from './harness.ts';
import { expectSettlementsEqualLedger } from './settlement-ledger.ts';
import { listeningApp } from './upstream-helpers.ts';

let t: TestApp;
let report: DemoDayReport;

beforeAll(async () => {
  t = await listeningApp();
  // The demo's day, its statements (today's provisional) and the test's `today`: one platform day.
  await clearOfMidnight(t, 120_000);
  await loadDemo(t.ctx.db, t.ctx.keys.secretKey, t.ctx.clock.now(), { merchants: 3, members: 5 });
  const origin = platformOrigin(t.ctx)!;
  await pointDemoMerchantsAtSandbox(t.ctx.db, origin);
  report = await runDemoDay(t.ctx, origin, 30);
}, 300_000);
afterAll(() => t.close());

it('states every demo merchant and day as the ledger does, and settles one closed day', async () => {
  expect(report.settlements!.statements).toBeGreaterThan(3);
  expect(report.settlements!.settled).toBe(1);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: t.ctx.config.timeZone }).format(
    t.ctx.clock.now(),
  );
  // The closed days as the demo left them (callbacks of today's payouts may still arrive: today's
  // statements are provisional and the job brings them up to date).
  const rows = await t.ctx.db.select().from(merchantSettlements);
  const days = [...new Set(rows.map((r) => r.day))].filter((d) => d < today);
  expect(days.length).toBeGreaterThan(30);
  await expectSettlementsEqualLedger(t, days);
  const settled = await t.ctx.db
    .select()
    .from(merchantSettlements)
    .where(eq(merchantSettlements.status, 'settled'));
  expect(settled).toHaveLength(1);
  expect(settled[0]!.day < today).toBe(true);
  expect(rows.some((r) => r.day === today && r.provisional)).toBe(true);
  await settlementJob.handler(t.ctx, {});
  await expectSettlementsEqualLedger(t);
});
