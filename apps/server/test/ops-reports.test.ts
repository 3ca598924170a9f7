/**
 * The operations reports (matching, third parties, matched orders' callbacks, levels, first deposits)
 * over a small demo platform's day: every rollup equals, to the cent, the same figures computed in
 * JavaScript straight from the raw records, for a random range of days.
 */
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runDemoDay } from '../src/demo/demo-day.ts';
import { loadDemo } from '../src/demo/load.ts';
import { pointDemoMerchantsAtSandbox } from '../src/demo/sandbox-merchant.ts';
import { OPS_ROLLUPS, rebuildOpsRollups } from '../src/modules/opsReports/rollups.ts';
import { platformOrigin } from '../src/modules/upstream/origin.ts';
import type { TestApp } from './harness.ts';
import * as raw from './ops-reports-raw.ts';
import { listeningApp } from './upstream-helpers.ts';

let t: TestApp;
let today: string;

beforeAll(async () => {
  t = await listeningApp();
  await loadDemo(t.ctx.db, t.ctx.keys.secretKey, t.ctx.clock.now(), { merchants: 3, members: 40 });
  const origin = platformOrigin(t.ctx)!;
  await pointDemoMerchantsAtSandbox(t.ctx.db, origin);
  await runDemoDay(t.ctx, origin, 40);
  today = raw.localDay(t.ctx.clock.now(), t.ctx.config.timeZone);
}, 240_000);
afterAll(() => t.close());

const RAW: Record<string, (db: TestApp['ctx']['db'], s: raw.Span) => Promise<raw.Row[]>> = {
  report_match_days: raw.rawMatchDays,
  report_match_wait_days: raw.rawMatchWaitDays,
  report_third_push_days: raw.rawThirdPushDays,
  report_third_error_days: raw.rawThirdErrorDays,
  report_match_sync_days: raw.rawMatchSyncDays,
  report_level_days: raw.rawLevelDays,
  report_first_deposit_cohorts: raw.rawFirstDepositCohorts,
  report_first_deposit_channels: raw.rawFirstDepositChannels,
};

/** A row as comparable text: keys as given, numbers and money as canonical decimals. */
const canon = (row: raw.Row) =>
  JSON.stringify(
    Object.fromEntries(
      Object.keys(row)
        .sort()
        .map((k) => {
          const v = row[k]!;
          return [k, /^-?\d+(\.\d+)?$/.test(String(v)) && k !== 'error' ? new Big(v).toString() : String(v)];
        }),
    ),
  );

it('rebuilds every operations rollup equal to the raw records, to the cent', async () => {
  const zone = t.ctx.config.timeZone;
  const span = { zone, from: raw.addDays(today, -45), to: raw.addDays(today, 1) };
  await rebuildOpsRollups(t.ctx.db, span);
  const empty: string[] = [];
  for (const r of OPS_ROLLUPS) {
    const stored = (
      await t.ctx.db.execute(
        sql`SELECT * FROM ${sql.identifier(r.table)} WHERE day BETWEEN ${span.from}::date AND ${span.to}::date`,
      )
    ).rows as raw.Row[];
    const expected = await RAW[r.table]!(t.ctx.db, span);
    expect(stored.map(canon).sort(), r.table).toEqual(expected.map(canon).sort());
    if (stored.length === 0) empty.push(r.table);
  }
  // The demo day gives every report something to show.
  expect(empty).toEqual([]);
});
