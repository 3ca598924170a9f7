/**
 * The operations reports (matching, third parties, matched orders' callbacks, levels, first deposits)
 * over a small demo platform's day: the change feed keeps every operations rollup equal, to the cent,
 * to the same figures computed in JavaScript straight from the raw records; each report over a random
 * range answers what the raw records give (rows, ratios, totals; the totals row the sum of the rows);
 * the rebuild's verify finds nothing to correct; bad input is a 400 naming the field.
 */
import { OPS_REPORTS, REPORT_RATIO_DECIMALS, type ReportDef, type ReportMeasure } from '@payops/contracts';
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDemoDay } from '../src/demo/demo-day.ts';
import { loadDemo } from '../src/demo/load.ts';
import { pointDemoMerchantsAtSandbox } from '../src/demo/sandbox-merchant.ts';
import { OPS_ROLLUPS } from '../src/modules/opsReports/rollups.ts';
import { verifyRollups } from '../src/modules/reports/rebuild.ts';
import { platformOrigin } from '../src/modules/upstream/origin.ts';
import { call, clearOfMidnight, type Session, signInAdmin, type TestApp } from './harness.ts';
import * as raw from './ops-reports-raw.ts';
import { prng, runSeed } from './seed.ts';
import { listeningApp } from './upstream-helpers.ts';

let t: TestApp;
let admin: Session;
let today: string;
let refused = 0;

beforeAll(async () => {
  t = await listeningApp();
  // The demo day in one platform day (past midnight its reconciliation step refuses the new day's
  // statements: empty, so alike).
  await clearOfMidnight(t, 120_000);
  await loadDemo(t.ctx.db, t.ctx.keys.secretKey, t.ctx.clock.now(), { merchants: 3, members: 40 });
  const origin = platformOrigin(t.ctx)!;
  await pointDemoMerchantsAtSandbox(t.ctx.db, origin);
  refused = (await runDemoDay(t.ctx, origin, 40)).opsReports!.forgedCallbacksRefused;
  admin = await signInAdmin(t);
  today = raw.localDay(t.ctx.clock.now(), t.ctx.config.timeZone);
}, 360_000);
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

it('keeps every operations rollup equal to the raw records as they change, to the cent', async () => {
  expect(refused).toBeGreaterThan(0);
  const zone = t.ctx.config.timeZone;
  // What the demo day's feed runs kept, never rebuilt: the incremental upkeep itself is checked.
  const span = { zone, from: raw.addDays(today, -45), to: raw.addDays(today, 1) };
  const empty: string[] = [];
  for (const r of OPS_ROLLUPS) {
    const table = r.query(span).table;
    const stored = (
      await t.ctx.db.execute(
        sql`SELECT * FROM ${sql.identifier(table)} WHERE day BETWEEN ${span.from}::date AND ${span.to}::date`,
      )
    ).rows as raw.Row[];
    const expected = await RAW[table]!(t.ctx.db, span);
    expect(stored.map(canon).sort(), table).toEqual(expected.map(canon).sort());
    if (stored.length === 0) empty.push(table);
  }
  // The demo day gives every report something to show.
  expect(empty).toEqual([]);
  // The rebuild's verify (npm run reports:rebuild -- --verify) finds the same.
  expect(await verifyRollups(t.ctx.db, zone, { from: span.from, to: span.to })).toEqual([]);
});

type Row = Record<string, unknown>;
const sums = (def: ReportDef) => (Object.values(def.measures) as ReportMeasure[]).filter((m) => !m.ratio);
const ratioOf = (row: Row, [num, den]: readonly [string, string]) => {
  const d = new Big(String(row[den] ?? 0));
  return d.eq(0)
    ? new Big(0)
    : new Big(String(row[num] ?? 0)).div(d).round(REPORT_RATIO_DECIMALS, Big.roundHalfUp);
};
const matches = (row: raw.Row, where: Record<string, string | readonly string[]> = {}) =>
  Object.entries(where).every(([k, v]) =>
    typeof v === 'string' ? String(row[k]) === v : v.includes(String(row[k])),
  );

/** The report's rows from the raw records: grouped by `dims`, its sum measures, then its ratios. */
async function fromRaw(def: ReportDef, span: raw.Span, dims: string[]): Promise<Map<string, Row>> {
  const out = new Map<string, Row>();
  for (const r of await raw.rawReportRows(t.ctx.db, def.rollup, span)) {
    if (!matches(r, def.where)) continue;
    const key = dims.map((d) => String(r[d])).join('|');
    const row = out.get(key) ?? Object.fromEntries(sums(def).map((m) => [m.name, new Big(0)]));
    for (const m of sums(def))
      if (matches(r, m.where)) row[m.name] = (row[m.name] as Big).plus(String(r[m.sum!] ?? 0));
    out.set(key, row);
  }
  for (const row of out.values())
    for (const m of Object.values(def.measures) as ReportMeasure[])
      if (m.ratio) row[m.name] = ratioOf(row, m.ratio);
  // A rollup keeps no group without records.
  for (const [k, row] of out) if (sums(def).every((m) => (row[m.name] as Big).eq(0))) out.delete(k);
  return out;
}

const query = (def: ReportDef, body: Record<string, unknown>) =>
  call<{ rows: Row[]; totals: Row }>(t, 'POST', `${def.api}/query`, { session: admin, body });

const random = prng(runSeed);
describe.each(OPS_REPORTS.map((def) => [def.name, def] as const))(`%s (seed ${runSeed})`, (_, def) => {
  it('equals the raw records over a random range, to the cent; the totals row is the sum of its rows', async () => {
    const back = Math.floor(random() * 30);
    for (const range of [
      { from: raw.addDays(today, -back), to: raw.addDays(today, Math.floor(random() * 3)) },
      { from: raw.addDays(today, -40), to: today },
    ]) {
      const res = await query(def, range);
      expect(res.statusCode, res.body).toBe(200);
      const { rows, totals } = res.envelope.data;
      const dims = [...def.defaultDimensions];
      const span = { zone: t.ctx.config.timeZone, ...range };
      const expected = await fromRaw(def, span, dims);
      expect(rows.length, def.name).toBe(expected.size);
      for (const [key, want] of expected) {
        const got = rows.find((r) => dims.map((d) => String(r[d])).join('|') === key);
        expect(got, `${def.name} row ${key}`).toBeDefined();
        for (const m of Object.keys(def.measures))
          expect(new Big(String(got![m])).eq(want[m] as Big), `${def.name} ${key} ${m}`).toBe(true);
      }
      const all = (await fromRaw(def, span, [])).get('');
      for (const m of Object.values(def.measures) as ReportMeasure[]) {
        const total = new Big(String(totals[m.name]));
        if (!m.ratio) {
          const ofRows = rows.reduce((s, r) => s.plus(String(r[m.name])), new Big(0));
          expect(ofRows.eq(total), `${def.name} totals ${m.name}`).toBe(true);
        }
        expect(total.eq(all ? (all[m.name] as Big) : 0), `${def.name} raw total ${m.name}`).toBe(true);
      }
    }
    expect(
      (await query(def, { from: raw.addDays(today, -6), to: today })).envelope.data.rows.length,
    ).toBeGreaterThan(0);
  });
});

it('refuses a reversed or over-long range and an unknown dimension, naming the field', async () => {
  const def = OPS_REPORTS[0]!;
  const fields = async (body: Record<string, unknown>) => {
    const res = await query(def, body);
    expect(res.statusCode).toBe(400);
    return (res.envelope.data as unknown as { fields: { field: string }[] }).fields.map((f) => f.field);
  };
  expect(await fields({ from: today, to: raw.addDays(today, -1) })).toEqual(['to']);
  expect(await fields({ from: raw.addDays(today, -400), to: today })).toEqual(['to']);
  expect(await fields({ from: today, to: today, dimensions: ['nope'] })).toEqual(['dimensions']);
});
