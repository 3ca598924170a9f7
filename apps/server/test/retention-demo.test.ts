/**
 * The demo's past week for the retention reports (demo/retention-days.ts): members' first deposits on
 * several past days and their returns on later ones, placed through the merchant API with the clock
 * moved back. Each cohort's members and day-N returns (and so its retention %) equal what the raw
 * orders say, counted here in JS; some cohort shows a non-zero retention; the clock is back where it
 * was; the receipts were approved today (the ledger's postings are today's); the rollups verify.
 */
import {
  firstDepositLevelRetentionReport,
  firstDepositRetentionReport,
  REPORT_RATIO_DECIMALS,
  type ReportDef,
} from '@payops/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadDemo } from '../src/demo/load.ts';
import { rollUpDemoDay } from '../src/demo/reports-day.ts';
import {
  RETENTION_DEMO_DAYS,
  type RetentionDaysReport,
  runRetentionDays,
} from '../src/demo/retention-days.ts';
import { pointDemoMerchantsAtSandbox } from '../src/demo/sandbox-merchant.ts';
import { verifyRollups } from '../src/modules/reports/rebuild.ts';
import { platformOrigin } from '../src/modules/upstream/origin.ts';
import { Dec } from '../src/platform/ledger/money.ts';
import { call, type Session, signInAdmin, type TestApp } from './harness.ts';
import { listeningApp } from './upstream-helpers.ts';

let t: TestApp;
let admin: Session;
let report: RetentionDaysReport;
let before: number;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await listeningApp();
  await loadDemo(t.ctx.db, t.ctx.keys.secretKey, t.ctx.clock.now(), { merchants: 3, members: 60 });
  const origin = platformOrigin(t.ctx)!;
  await pointDemoMerchantsAtSandbox(t.ctx.db, origin);
  before = t.ctx.clock.nowMs();
  report = await runRetentionDays(t.ctx, origin, { operatorId: 1, username: 'admin', locale: 'zh-CN' });
  // As the demo does after its days: every order rolled up (a page's own run of the feed does not wait
  // for another test file's open transaction).
  await rollUpDemoDay(t.ctx);
  admin = await signInAdmin(t);
}, 180_000);
afterAll(() => t.close());

const localDay = (ms: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: t.ctx.config.timeZone }).format(new Date(ms));
const dayNo = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY;

/** Per first-deposit day: the members, and per N the members back on one of days D+1..D+N. */
async function cohortsFromRawOrders() {
  const { rows } = await t.ctx.db.execute<{
    merchant_id: number;
    member_account: string;
    created_at: string;
  }>(
    sql`SELECT merchant_id, member_account, created_at::text FROM deposit_orders WHERE status = 'success' ORDER BY created_at`,
  );
  const byMember = new Map<string, number[]>();
  for (const r of rows) {
    const key = `${r.merchant_id}/${r.member_account}`;
    byMember.set(key, [...(byMember.get(key) ?? []), dayNo(localDay(Date.parse(r.created_at)))]);
  }
  const out = new Map<string, { members: number; back: Record<number, number> }>();
  for (const days of byMember.values()) {
    const first = days[0]!;
    const day = new Date(first * DAY).toISOString().slice(0, 10);
    const c = out.get(day) ?? { members: 0, back: { 1: 0, 3: 0, 7: 0, 15: 0, 30: 0 } };
    c.members++;
    for (const n of [1, 3, 7, 15, 30]) if (days.some((d) => d > first && d <= first + n)) c.back[n]!++;
    out.set(day, c);
  }
  return out;
}

type Row = Record<string, string | number>;
const query = async (def: ReportDef, body: Record<string, unknown>) =>
  (
    await call<{ rows: Row[]; totals: Row; peaks: Row }>(t, 'POST', `${def.api}/query`, {
      session: admin,
      body,
    })
  ).envelope.data;

const range = () => ({
  from: localDay(t.ctx.clock.nowMs() - (RETENTION_DEMO_DAYS + 1) * DAY),
  to: localDay(t.ctx.clock.nowMs()),
});

it('places first deposits over past days and returns on later ones, the clock put back after', () => {
  expect(report.firstDeposits).toBeGreaterThan(RETENTION_DEMO_DAYS);
  expect(report.returns).toBeGreaterThan(0);
  expect(report.approved).toBe(report.firstDeposits + report.returns);
  expect(Math.abs(t.ctx.clock.nowMs() - before)).toBeLessThan(60_000);
});

it("keeps each member's first deposit on the member list: the first deposit's time and amount", async () => {
  const { rows } = await t.ctx.pool.query(`
    SELECT count(*)::int AS members,
           count(*) FILTER (WHERE m.first_deposit_at = f.at AND m.first_deposit_amount = f.amount)::int AS kept
      FROM member_first_deposits f
      JOIN members m ON m.merchant_id = f.merchant_id AND m.account = f.member_account`);
  expect(rows[0].members).toBeGreaterThan(0);
  expect(rows[0].kept).toBe(rows[0].members);
});

it('shows each cohort and its day-N retention as the raw orders give them, some of it above 0%', async () => {
  const expected = await cohortsFromRawOrders();
  expect(expected.size).toBeGreaterThanOrEqual(RETENTION_DEMO_DAYS);
  const { rows, totals } = await query(firstDepositRetentionReport, { ...range(), dimensions: ['day'] });
  expect(rows.map((r) => r.day).sort()).toEqual([...expected.keys()].sort());
  for (const row of rows) {
    const e = expected.get(String(row.day))!;
    expect(Number(row.members), String(row.day)).toBe(e.members);
    for (const n of [1, 3, 7, 15, 30]) {
      expect(Number(row[`back${n}`]), `${row.day} back${n}`).toBe(e.back[n]);
      const rate = Dec(String(e.back[n]))
        .div(Dec(String(e.members)))
        .round(REPORT_RATIO_DECIMALS, Dec.roundHalfUp)
        .toFixed();
      expect(String(row[`rate${n}`]), `${row.day} rate${n}`).toBe(rate);
    }
  }
  expect(rows.some((r) => Number(r.rate1) > 0)).toBe(true);
  expect(rows.some((r) => Number(r.rate3) > Number(r.rate1))).toBe(true);
  // The heat map's scale is every cohort's largest share, on a page that shows two of them.
  const page = await query(firstDepositRetentionReport, { ...range(), dimensions: ['day'], pageSize: 2 });
  expect(page.rows.length).toBe(2);
  for (const n of [1, 3, 7, 15, 30])
    expect(Number(page.peaks[`rate${n}`]), `rate${n}`).toBe(
      Math.max(...rows.map((r) => Number(r[`rate${n}`]))),
    );
  // By level: the same members (they keep the level the member list gave them).
  const byLevel = await query(firstDepositLevelRetentionReport, range());
  expect(byLevel.rows.length).toBeGreaterThan(1);
  expect(byLevel.totals.members).toBe(totals.members);
  expect(byLevel.totals.back7).toBe(totals.back7);
});

it('approved the receipts today (finished, so posted, today), and the rollups verify', async () => {
  const { rows } = await t.ctx.db.execute<{ days: number }>(sql`
    SELECT count(DISTINCT (created_at AT TIME ZONE ${t.ctx.config.timeZone})::date)::int AS days
    FROM deposit_orders WHERE status = 'success'`);
  expect(rows[0]!.days).toBeGreaterThan(RETENTION_DEMO_DAYS);
  // Finished (and so posted to the ledger) today, whatever day each was placed on.
  const early = await t.ctx.db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM deposit_orders
    WHERE status = 'success' AND finished_at < ${new Date(before - 60_000).toISOString()}::timestamptz`);
  expect(early.rows[0]!.n).toBe(0);
  expect(await verifyRollups(t.ctx.db, t.ctx.config.timeZone, range())).toEqual([]);
});
