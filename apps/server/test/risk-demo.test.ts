/**
 * The demo's risk step (demo/risk-day.ts) on a listening app: the lists filled through the service,
 * merchant API attempts blocked by them over HTTP (cards, names, a merchant's member, a freeze, a USDT
 * address), one entry lifted: every /financeRisk page of the lists branch has rows.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadDemo } from '../src/demo/load.ts';
import { type RiskDayReport, runRiskDay } from '../src/demo/risk-day.ts';
import { pointDemoMerchantsAtSandbox } from '../src/demo/sandbox-merchant.ts';
import { platformOrigin } from '../src/modules/upstream/origin.ts';
import type { TestApp } from './harness.ts';
import { listeningApp } from './upstream-helpers.ts';
import { seedRates } from './usdt-support.ts';

let t: TestApp;
let report: RiskDayReport;

beforeAll(async () => {
  t = await listeningApp();
  await loadDemo(t.ctx.db, t.ctx.keys.secretKey, t.ctx.clock.now(), { merchants: 2, members: 3 });
  const origin = platformOrigin(t.ctx)!;
  await pointDemoMerchantsAtSandbox(t.ctx.db, origin);
  // The USDT withdrawal's CNY value (its limits) needs the day's rate, as in the demo.
  await seedRates(t);
  report = await runRiskDay(t.ctx, origin);
}, 120_000);
afterAll(() => t.close());

it('blocks every demo attempt, logs each with its rule, and leaves every page non-empty', async () => {
  expect(report).toEqual({ entries: 7, blocked: 5, freezes: 1 });
  const { rows } = await t.ctx.db.execute<{ source: string; rule: string }>(
    sql`SELECT source, rule FROM risk_block_log ORDER BY id`,
  );
  expect(rows).toEqual([
    { source: 'openapi', rule: 'blackCard' },
    { source: 'openapi', rule: 'withdrawBlack' },
    { source: 'openapi', rule: 'depositBlack' },
    { source: 'openapi', rule: 'mchFrozenList' },
    { source: 'chain', rule: 'blackVcAddresList' },
  ]);
  const lists = await t.ctx.db.execute<{ list: string }>(
    sql`SELECT DISTINCT list FROM risk_list_entries ORDER BY list`,
  );
  expect(lists.rows.map((r) => r.list)).toEqual([
    'card',
    'deposit_black',
    'deposit_white',
    'vc_address',
    'withdraw_black',
    'withdraw_white',
  ]);
  const ops = await t.ctx.db.execute<{ operation: string }>(
    sql`SELECT DISTINCT operation FROM risk_operation_records ORDER BY 1`,
  );
  expect(ops.rows.map((r) => r.operation)).toEqual(['add', 'freeze', 'lift']);
});
