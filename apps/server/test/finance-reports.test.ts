/**
 * Finance reports (issue 14): after a small demo platform and its day of orders (every family), each
 * report over a random range equals the same figures computed here straight from the raw order
 * tables (a SQL of its own, not the rollups' code), to the cent; its totals row is the sum of its
 * rows; bad input is a 400 naming the field; a late or changed order updates its day, and a change
 * whose transaction commits late is rolled up once it commits (the watermark never skips it);
 * the rebuild's verify finds the maintained rollups equal to their recompute; the export is an
 * .xlsx with the totals row, numbers as numbers.
 */
import { ALL_REPORTS, orderDepositList, type ReportDef, type ReportMeasure } from '@payops/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDemoDay } from '../src/demo/demo-day.ts';
import { loadDemo } from '../src/demo/load.ts';
import { pointDemoMerchantsAtSandbox } from '../src/demo/sandbox-merchant.ts';
import { drainEverythingBefore } from '../src/modules/reports/maintain.ts';
import { orderDays, rebuildRollups, verifyRollups } from '../src/modules/reports/rebuild.ts';
import { operationLog } from '../src/modules/sys/schema.ts';
import { platformOrigin } from '../src/modules/upstream/origin.ts';
import { sheetName, xlsxLimits } from '../src/platform/crud/export.ts';
import { exportReading } from '../src/platform/crud/export-source.ts';
import { Dec } from '../src/platform/ledger/money.ts';
import { runSystemTransition } from '../src/platform/transitions/index.ts';
import { call, clearOfMidnight, type Session, signInAdmin, type TestApp } from './harness.ts';
import { fromRaw } from './report-raw.ts';
import { prng, runSeed } from './seed.ts';
import { listeningApp } from './upstream-helpers.ts';

let t: TestApp;
let admin: Session;
let days: { from: string; to: string };

beforeAll(async () => {
  t = await listeningApp();
  // The demo day in one platform day (past midnight its reconciliation step refuses the new day's
  // statements: empty, so alike).
  await clearOfMidnight(t, 120_000);
  await loadDemo(t.ctx.db, t.ctx.keys.secretKey, t.ctx.clock.now(), { merchants: 3, members: 12 });
  const origin = platformOrigin(t.ctx)!;
  await pointDemoMerchantsAtSandbox(t.ctx.db, origin);
  await runDemoDay(t.ctx, origin, 30);
  admin = await signInAdmin(t);
  days = (await orderDays(t.ctx.db, t.ctx.config.timeZone))!;
}, 360_000);
afterAll(() => t.close());

type Row = Record<string, unknown>;
interface Answer {
  rows: Row[];
  pager: { page: number; pageSize: number; total: number; totalCapped: boolean };
  totals: Row;
  series: Row[];
  peaks: Row;
  from: string;
  to: string;
  fromAt: string;
  toAt: string;
}

const query = (def: ReportDef, body: Record<string, unknown>) =>
  call<Answer>(t, 'POST', `${def.api}/query`, { session: admin, body });

const PAGE = 20;
/** Every row of a query, read a page of 20 at a time as the pager does; the pages' count is the rows'. */
async function everyPage(def: ReportDef, body: Record<string, unknown>): Promise<Answer> {
  const pages: Answer[] = [];
  for (let page = 1; page === 1 || pages.at(-1)!.rows.length === PAGE; page++) {
    const res = await query(def, { ...body, page, pageSize: PAGE });
    expect(res.statusCode, res.body).toBe(200);
    pages.push(res.envelope.data);
  }
  const rows = pages.flatMap((p) => p.rows);
  expect(pages[0]!.pager).toEqual({ page: 1, pageSize: PAGE, total: rows.length, totalCapped: false });
  return { ...pages[0]!, rows };
}

const sumMeasures = (def: ReportDef) =>
  (Object.values(def.measures) as ReportMeasure[]).filter((m) => !m.ratio);

/** A non-zero row of the raw figures (a rollup keeps no group without orders). */
const nonZero = (def: ReportDef, r: Row) => sumMeasures(def).some((m) => !Dec(String(r[m.name])).eq('0'));

const random = prng(runSeed);
function randomRange(): { from: string; to: string } {
  const start = Date.parse(`${days.from}T00:00:00Z`);
  const end = Date.parse(`${days.to}T00:00:00Z`);
  const span = (end - start) / 86_400_000;
  const a = Math.floor(random() * (span + 1));
  const b = a + Math.floor(random() * (span - a + 1));
  const day = (n: number) => new Date(start + n * 86_400_000).toISOString().slice(0, 10);
  return { from: day(a), to: day(b) };
}

describe.each(ALL_REPORTS.map((def) => [def.name, def] as const))(`%s (seed ${runSeed})`, (_, def) => {
  it('equals the raw orders over a random range, to the cent; the totals row is the sum of the rows', async () => {
    for (const range of [randomRange(), days]) {
      const { rows, totals } = await everyPage(def, range);
      const dims = [...def.defaultDimensions];
      const raw = await fromRaw(t.ctx.db, t.ctx.config.timeZone, def, range.from, range.to, dims);
      const expected = [...raw.entries()].filter(([, r]) => nonZero(def, r));
      // Each group once: the pages neither overlap nor skip one.
      expect(new Set(rows.map((r) => dims.map((d) => String(r[d])).join('|'))).size).toBe(expected.length);
      expect(rows.length).toBe(expected.length);
      for (const [key, want] of expected) {
        const got = rows.find((r) => dims.map((d) => String(r[d])).join('|') === key);
        expect(got, `${def.name} row ${key}`).toBeDefined();
        for (const m of sumMeasures(def))
          expect(
            Dec(String(got![m.name])).eq(Dec(String(want[m.name]))),
            `${def.name} ${key} ${m.name}`,
          ).toBe(true);
      }
      const all = (await fromRaw(t.ctx.db, t.ctx.config.timeZone, def, range.from, range.to, [])).get('')!;
      for (const m of sumMeasures(def)) {
        const ofRows = rows.reduce((s, r) => s.plus(Dec(String(r[m.name]))), Dec('0'));
        expect(ofRows.eq(Dec(String(totals[m.name]))), `${def.name} totals ${m.name}`).toBe(true);
        expect(
          Dec(String(totals[m.name])).eq(Dec(String(all[m.name]))),
          `${def.name} raw total ${m.name}`,
        ).toBe(true);
      }
    }
    // Over every day, every report shows something (the demo reaches every page).
    expect((await query(def, days)).envelope.data.rows.length).toBeGreaterThan(0);
  });
});

describe('bad input', () => {
  const def = ALL_REPORTS[0]!;
  const field = (res: Awaited<ReturnType<typeof query>>) =>
    (res.envelope.data as unknown as { fields: { field: string; message: string }[] }).fields[0];

  it('refuses a reversed range, an over-long one, a day that does not exist, an unknown dimension', async () => {
    const reversed = await query(def, { from: '2026-11-10', to: '2026-11-01' });
    expect(reversed.statusCode).toBe(400);
    expect(field(reversed)).toMatchObject({ field: 'to', message: '结束日期早于开始日期' });
    const long = await query(def, { from: '2025-01-01', to: '2026-01-02' });
    expect(long.statusCode).toBe(400);
    expect(field(long)!.field).toBe('to');
    const feb = await query(def, { from: '2026-02-31', to: '2026-03-02' });
    expect(field(feb)!.field).toBe('from');
    const dim = await query(def, { from: '2026-11-01', to: '2026-11-02', dimensions: ['day', 'nope'] });
    expect(dim.statusCode).toBe(400);
    expect(field(dim)!.field).toBe('dimensions');
    const missing = await query(def, { to: '2026-11-02' });
    expect(missing.statusCode).toBe(400);
    expect(field(missing)!.field).toBe('from');
    // The page's default: the last 7 days up to today in the platform's zone (today as the server read
    // it, between the two reads here: midnight may pass in between).
    const dayNow = () =>
      new Intl.DateTimeFormat('en-CA', { timeZone: t.ctx.config.timeZone }).format(t.ctx.clock.now());
    const before = dayNow();
    const last = await query(def, { lastDays: 7 });
    expect(last.statusCode).toBe(200);
    expect([before, dayNow()]).toContain(last.envelope.data.to);
    expect((Date.parse(last.envelope.data.to) - Date.parse(last.envelope.data.from)) / 86_400_000).toBe(6);
    // 366 days is the most, and accepted.
    expect((await query(def, { from: '2025-01-01', to: '2026-01-01' })).statusCode).toBe(200);
  });
});

describe('a page of rows', () => {
  const def = ALL_REPORTS.find((r) => r.name === 'day_report_mertchant_page')!;

  it('sorts every group by a measure before paging; the chart draws every group, not the page', async () => {
    const members = ALL_REPORTS.find((r) => r.name === 'day_report_member_page')!;
    const sort = { field: 'depositSuccessAmount', order: 'desc' };
    const sorted = await everyPage(members, { ...days, sort });
    const values = sorted.rows.map((r) => Dec(String(r.depositSuccessAmount)));
    expect(values.length).toBeGreaterThan(PAGE);
    for (let i = 1; i < values.length; i++) expect(values[i - 1]!.gte(values[i]!), `row ${i}`).toBe(true);

    const first = (await query(def, { ...days, pageSize: 5 })).envelope.data;
    expect(first.rows.length).toBe(5);
    const raw = [
      ...(await fromRaw(t.ctx.db, t.ctx.config.timeZone, def, days.from, days.to, ['day'])).entries(),
    ].filter(([, r]) => nonZero(def, r));
    expect(first.series.map((p) => String(p.day))).toEqual(raw.map(([day]) => day).sort());
    // The table sorted by an amount: the chart still runs along the days.
    const sortedPage = (await query(def, { ...days, pageSize: 5, sort })).envelope.data;
    expect(sortedPage.series).toEqual(first.series);
    for (const [day, want] of raw) {
      const point = first.series.find((p) => String(p.day) === day)!;
      for (const m of def.chart!.y)
        expect(Dec(String(point[m])).eq(Dec(String(want[m]))), `${day} ${m}`).toBe(true);
    }
    // Not grouped by the chart's x: its one point is the totals.
    const byMerchant = (await query(def, { ...days, dimensions: ['merchantId'] })).envelope.data;
    expect(byMerchant.series).toEqual([byMerchant.totals]);
  });

  it("splits a merchant's figures by order family, each family equal to its raw orders, USDT's among them", async () => {
    const dims = ['merchantId', 'family'];
    const { rows } = await everyPage(def, { ...days, dimensions: dims });
    const raw = [
      ...(await fromRaw(t.ctx.db, t.ctx.config.timeZone, def, days.from, days.to, dims)).entries(),
    ].filter(([, r]) => nonZero(def, r));
    expect(rows.length).toBe(raw.length);
    for (const [key, want] of raw) {
      const got = rows.find((r) => dims.map((d) => String(r[d])).join('|') === key);
      expect(got, key).toBeDefined();
      for (const m of sumMeasures(def))
        expect(Dec(String(got![m.name])).eq(Dec(String(want[m.name]))), `${key} ${m.name}`).toBe(true);
    }
    expect(new Set(rows.map((r) => r.family))).toContain('usdt');
  });

  it('sorts every group by a dimension: days newest first, merchants by number, "None" last', async () => {
    const key = (r: Row) => `${r.day} ${r.merchantId}`;
    const plain = await everyPage(def, days);
    const byDay = await everyPage(def, { ...days, sort: { field: 'day', order: 'desc' } });
    expect(byDay.rows.map(key).sort()).toEqual(plain.rows.map(key).sort());
    const daysShown = byDay.rows.map((r) => String(r.day));
    expect(new Set(daysShown).size).toBeGreaterThan(1);
    expect(daysShown).toEqual([...daysShown].sort().reverse());
    // A ref column sorts by the label it shows, not by its key.
    const byMerchant = await everyPage(def, { ...days, sort: { field: 'merchantId', order: 'desc' } });
    const labels = byMerchant.rows.map((r) => String(r.merchantIdLabel));
    expect(new Set(labels).size).toBeGreaterThan(1);
    expect(labels).toEqual([...labels].sort().reverse());

    const passages = ALL_REPORTS.find((r) => r.name === 'passage_report_day_page')!;
    const names = async (order: string) =>
      (await everyPage(passages, { ...days, dimensions: ['passageId'], sort: { field: 'passageId', order } }))
        .rows;
    const [asc, desc] = [await names('asc'), await names('desc')];
    expect(asc.at(-1)!.passageId).toBe(0);
    expect(desc.at(-1)!.passageId).toBe(0);
    const named = (rows: Row[]) => rows.slice(0, -1).map((r) => String(r.passageIdLabel));
    expect(new Set(named(asc)).size).toBeGreaterThan(1);
    expect(named(desc)).toEqual(named(asc).reverse());
  });

  it('refuses a sort by what is not a column and a page larger than 500 rows', async () => {
    // merchantId is a column only when the rows are grouped by it.
    const sort = await query(def, {
      ...days,
      dimensions: ['day'],
      sort: { field: 'merchantId', order: 'asc' },
    });
    expect(sort.statusCode).toBe(400);
    expect((sort.envelope.data as unknown as { fields: unknown[] }).fields[0]).toEqual({
      field: 'sort',
      message: 'merchantId 不是可排序的列',
    });
    expect((await query(def, { ...days, pageSize: 501 })).statusCode).toBe(400);
  });
});

describe('orders without a passage', () => {
  it('are grouped under passage 0, named "None" in the operator\'s language', async () => {
    const def = ALL_REPORTS.find((r) => r.name === 'passage_report_day_page')!;
    const body = { ...days, dimensions: ['passageId'] };
    const rowsIn = async (lang: string) =>
      (
        await call<Answer>(t, 'POST', `${def.api}/query`, {
          session: admin,
          body,
          headers: { 'accept-language': lang },
        })
      ).envelope.data.rows;
    const [en, zh] = [await rowsIn('en-US'), await rowsIn('zh-CN')];
    const none = (rows: Row[]) => rows.find((r) => r.passageId === 0);
    expect(none(en), 'the demo day has orders without a passage').toBeDefined();
    expect(none(en)!.passageIdLabel).toBe('None');
    expect(none(zh)!.passageIdLabel).toBe('无');
    expect(en.filter((r) => r.passageId !== 0).every((r) => r.passageIdLabel !== 'None')).toBe(true);
  });
});

describe('the margin', () => {
  it("is the fees less what the providers charged at each order's passage rate (and fee per payout)", async () => {
    const def = ALL_REPORTS.find((r) => r.name === 'orderfee_list_report')!;
    const { totals } = (await query(def, days)).envelope.data;
    // The demo's passages charge a rate: the figure is not vacuous.
    expect(Dec(String(totals.channelFee)).gt('0')).toBe(true);
    expect(Dec(String(totals.margin)).eq(Dec(String(totals.totalFee)).minus(String(totals.channelFee)))).toBe(
      true,
    );
    // Each success through a passage carries its rate on the amount (a deposit: no fee per payout).
    const { rows } = await t.ctx.db.execute<{ wrong: number; charged: number }>(sql`
      SELECT count(*) FILTER (WHERE o.channel_fee <> trunc(o.amount * p.rate, 2))::int AS wrong,
             count(*) FILTER (WHERE o.channel_fee > 0)::int AS charged
        FROM deposit_orders o JOIN passages p ON p.id = o.passage_id WHERE o.status = 'success'`);
    expect(rows[0]).toMatchObject({ wrong: 0, charged: expect.any(Number) });
    expect(rows[0]!.charged).toBeGreaterThan(0);
  });
});

describe('upkeep', () => {
  const def = ALL_REPORTS.find((r) => r.name === 'day_report_mertchant_page')!;

  async function figures(day: string, merchantId: number) {
    const res = await query(def, { from: day, to: day, filters: { merchantId } });
    expect(res.statusCode, res.body).toBe(200);
    return res.envelope.data.totals;
  }

  type OpenDeposit = { id: number; merchant_id: number; day: string };
  /** The oldest normal deposit still open, with its creation day in the platform's zone. */
  async function oldestOpenDeposit(): Promise<OpenDeposit> {
    const tz = t.ctx.config.timeZone;
    const { rows } = await t.ctx.db.execute<OpenDeposit>(sql`
      SELECT id, merchant_id, (created_at AT TIME ZONE ${tz})::date::text AS day FROM deposit_orders
       WHERE status IN ('created', 'pending_payment') AND family = 'normal'
       ORDER BY created_at LIMIT 1`);
    return rows[0]!;
  }

  /** The failed deposits of that order's day and merchant, as the rollup table holds them now. */
  async function failedInRollup(open: OpenDeposit): Promise<number> {
    const r = await t.ctx.db.execute<{ n: number }>(sql`
      SELECT coalesce(sum(failed_count), 0)::int AS n FROM report_order_days
       WHERE day = ${open.day}::date AND merchant_id = ${open.merchant_id} AND source = 'deposit'`);
    return r.rows[0]!.n;
  }

  it('updates the day of a late-changed order, and rolls up a change whose transaction commits late', async () => {
    const open = await oldestOpenDeposit();
    // Through a report page, which runs the feed before it reads.
    const failed = async () => {
      await figures(open.day, open.merchant_id);
      return failedInRollup(open);
    };
    const before = await figures(open.day, open.merchant_id);
    const failedBefore = await failed();
    // The order of an earlier day times out today: its creation day's figures change. A read rolls up
    // what lies below the cluster's oldest running transaction (maintain.ts), and the other test files
    // write to the same PostgreSQL: the change may wait a moment for them (CI saw 4 for 5 once).
    const fed = { timeout: 20_000, interval: 250 };
    await runSystemTransition(t.ctx, orderDepositList, 'expire', open.id);
    await expect.poll(failed, fed).toBe(failedBefore + 1);
    const after = await figures(open.day, open.merchant_id);
    expect(after.depositCount).toBe(before.depositCount);
    expect(after.depositSuccessCount).toBe(before.depositSuccessCount);

    // A transaction that creates an order on that day and commits only after a report has run.
    const slow = new pg.Client({ connectionString: t.dbUrl });
    await slow.connect();
    await slow.query('BEGIN');
    await slow.query(
      `INSERT INTO deposit_orders (order_no, mch_order_no, merchant_id, mch_no, amount, pay_type, status, created_at)
       SELECT 'LATE-' || order_no, 'LATE-' || mch_order_no, merchant_id, mch_no, 123.45, pay_type, 'success', created_at
         FROM deposit_orders WHERE id = $1`,
      [open.id],
    );
    const during = await figures(open.day, open.merchant_id);
    expect(during.depositCount).toBe(before.depositCount);
    await slow.query('COMMIT');
    await slow.end();
    await expect
      .poll(async () => Number((await figures(open.day, open.merchant_id)).depositCount), fed)
      .toBe(Number(before.depositCount) + 1);
    const late = await figures(open.day, open.merchant_id);
    expect(
      Dec(String(late.depositSuccessAmount))
        .minus(Dec(String(before.depositSuccessAmount)))
        .toString(),
    ).toBe('123.45');
  });

  it('rolls up everything committed before the call, waiting for a write that was open then', async () => {
    const open = await oldestOpenDeposit();
    // Read from the rollup table itself: a report page would run the feed on its own.
    const failed = () => failedInRollup(open);
    const before = await failed();
    // A write begun before the change holds the feed's horizon below it until it ends.
    const writer = new pg.Client({ connectionString: t.dbUrl });
    await writer.connect();
    await writer.query('BEGIN');
    await writer.query('SELECT pg_current_xact_id()');
    await runSystemTransition(t.ctx, orderDepositList, 'expire', open.id);
    const drained = drainEverythingBefore(t.ctx.db, t.ctx.config.timeZone);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await failed()).toBe(before);
    await writer.query('COMMIT');
    await writer.end();
    await drained;
    expect(await failed()).toBe(before + 1);
  });

  it('verifies the maintained rollups equal their recompute, and a rebuild changes nothing', async () => {
    const tz = t.ctx.config.timeZone;
    expect(await verifyRollups(t.ctx.db, tz, days)).toEqual([]);
    const before = (await query(def, days)).envelope.data.totals;
    await rebuildRollups(t.ctx.db, tz, days);
    expect(await verifyRollups(t.ctx.db, tz, days)).toEqual([]);
    expect((await query(def, days)).envelope.data.totals).toEqual(before);
    // A rollup row changed behind the feed's back is found.
    await t.ctx.db.execute(sql`UPDATE report_order_days SET success_amount = success_amount + 0.01
      WHERE ctid = (SELECT ctid FROM report_order_days LIMIT 1)`);
    expect((await verifyRollups(t.ctx.db, tz, days)).length).toBe(1);
    await rebuildRollups(t.ctx.db, tz, days);
    expect(await verifyRollups(t.ctx.db, tz, days)).toEqual([]);
  });
});

describe('export', () => {
  it('writes every row, read a batch at a time, then the totals row, numbers as numbers, a sheet at a time', async () => {
    const def = ALL_REPORTS.find((r) => r.name === 'day_report_mertchant_page')!;
    const shown = (await query(def, { ...days, pageSize: 5 })).envelope.data;
    expect(shown.pager.total).toBeGreaterThan(8);
    // Batches of 4 rows from the cursor, sheets of 6 rows (the header and 5 rows each).
    exportReading.batchRows = 4;
    xlsxLimits.sheetRows = 6;
    const res = await t.app
      .inject({
        method: 'POST',
        url: `${def.api}/export`,
        headers: {
          access_token: admin.token,
          cookie: `payops_session=${admin.cookie}`,
          'accept-language': 'en-US',
        },
        payload: days,
      })
      .finally(() => {
        exportReading.batchRows = 1000;
        xlsxLimits.sheetRows = 1_048_576;
      });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheets = book.worksheets;
    // Every row and the totals row, five to a sheet, each sheet with the header.
    expect(sheets.length).toBe(Math.ceil((shown.pager.total + 1) / 5));
    expect(sheets.map((s) => s.name)).toEqual(sheets.map((_, i) => sheetName(def.name, i + 1)));
    const header = (sheets[0]!.getRow(1).values as unknown[]).slice(1);
    const lines = sheets.flatMap((sheet) => {
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(header);
      return Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2));
    });
    expect(lines.length).toBe(shown.pager.total + 1);
    // The audit row counts the file's rows (the totals row aside).
    const [logged] = await t.ctx.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.objectType, def.name))
      .orderBy(desc(operationLog.id))
      .limit(1);
    expect(logged!.detail).toMatchObject({ export: 'xlsx', rows: shown.pager.total });
    // In the page's order: the export's first rows are the page's.
    const day = header.indexOf('Day') + 1;
    expect(lines.slice(0, 5).map((l) => l.getCell(day).value)).toEqual(shown.rows.map((r) => r.day));
    const last = lines.at(-1)!;
    expect(last.getCell(1).value).toBe('Total');
    const col = header.indexOf('Deposit success amount') + 1;
    expect(col).toBeGreaterThan(0);
    expect(typeof last.getCell(col).value).toBe('number');
    expect(last.getCell(col).value).toBe(Number(shown.totals.depositSuccessAmount));
  });
});
