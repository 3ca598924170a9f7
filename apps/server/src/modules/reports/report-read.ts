/**
 * A report's page (issue 14): ONE grouped read of the rollup's days for the page, and beside it the
 * groups' capped count, the totals, the chart's points and the heat measures' peaks, all over every
 * group (the statements: report-query.ts). A page is a page: a member report over a month has
 * hundreds of thousands of groups, and 5,000 of them as one answer cost more than the read.
 */
import {
  DRILL_FROM,
  DRILL_TO,
  type ReportAnswer,
  type ReportDef,
  type ReportMeasure,
  type ReportRow,
  TOTAL_CAP,
} from '@payops/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { CheckedQuery } from './report-check.ts';
import {
  coarserRollup,
  figures,
  type Grouped,
  grouped,
  measureOf,
  orderBy,
  rowsRead,
  totalsRead,
} from './report-query.ts';
import { readRollup } from './rollups.ts';

const instant = (at: SQL) => sql`to_char((${at}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const dayStart = (day: SQL, tz: string) => instant(sql`(${day})::timestamp AT TIME ZONE ${tz}`);
const dayEnd = (day: SQL, tz: string) =>
  instant(sql`((${day})::date + 1)::timestamp AT TIME ZONE ${tz} - interval '1 millisecond'`);

/** The page's column of the groups' count, when the page's own read counts them (not sent on). */
const GROUPS = '__groups';

/**
 * The chart's points: the groups by the chart's x alone (from the coarser rollup when it has them),
 * when the page groups by x; else the totals row. A page of every group by x alone, in their own
 * order, is them already.
 */
async function readSeries(
  db: Pick<Db, 'execute'>,
  def: ReportDef,
  q: CheckedQuery,
  page: { rows: ReportRow[]; holdsAll: boolean; totals: ReportRow },
): Promise<ReportRow[]> {
  if (!def.chart) return [];
  const x = def.chart.x;
  if (!q.dimensions.includes(x)) return [page.totals];
  if (page.holdsAll && !q.sort && q.dimensions.length === 1) return page.rows;
  const g = grouped(coarserRollup(readRollup(def.rollup), def, q, [x]), def, q, [x]);
  const drawn = def.chart.y.map((m) => def.measures[m]!);
  // Along the axis in x's own order (days ascending), whatever the table is sorted by.
  const points = await db.execute<ReportRow>(
    sql`SELECT ${sql.join([...g.keys, ...figures(g.rollup, def, drawn)], sql`, `)} ${g.body}${orderBy(g, def, { ...q, sort: null })}`,
  );
  return points.rows;
}

/** The heat measures' largest values over every group (not only the page's). */
async function readPeaks(db: Pick<Db, 'execute'>, def: ReportDef, g: Grouped): Promise<ReportRow> {
  const heat = (Object.values(def.measures) as ReportMeasure[]).filter((m) => m.heat);
  if (!heat.length) return {};
  const name = (m: ReportMeasure) => sql.identifier(m.name);
  const peaks = await db.execute<ReportRow>(
    sql`SELECT ${sql.join(
      heat.map((m) => sql`max(g.${name(m)})::text AS ${name(m)}`),
      sql`, `,
    )} FROM (SELECT ${sql.join(
      heat.map((m) => sql`${measureOf(g.rollup, def, m)} AS ${name(m)}`),
      sql`, `,
    )} ${g.body}) g`,
  );
  return peaks.rows[0] ?? {};
}

/**
 * The groups counted as the lists count rows: at most TOTAL_CAP + 1 of them read (in the rollup's key
 * order when it has one), exact below the cap and "capped" above it.
 */
async function readCount(db: Pick<Db, 'execute'>, g: Grouped): Promise<number> {
  const counted = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM (SELECT 1 ${g.body} LIMIT ${TOTAL_CAP + 1}) g`,
  );
  return counted.rows[0]!.n;
}

/**
 * A report's page of rows and what the page shows beside it: the groups' count, the totals, the
 * chart's points and the heat peaks. The page is read first: when it holds every group (most
 * reports), it is the count, and often the chart's points.
 */
export async function readReport(
  db: Pick<Db, 'execute'>,
  def: ReportDef,
  q: CheckedQuery,
  tz: string,
): Promise<ReportAnswer> {
  const rollup = readRollup(def.rollup);
  const g = grouped(rollup, def, q, q.dimensions);
  const countedHere = q.dimensions.length > 0 && !rollup.manyGroups;
  const [rows, totals, range] = await Promise.all([
    db.execute<ReportRow>(
      rowsRead(
        def,
        q,
        g,
        countedHere ? [sql`count(*) OVER () AS ${sql.identifier(GROUPS)}`] : [],
        sql` LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
      ),
    ),
    db.execute<ReportRow>(totalsRead(def, q)),
    // Each day of the range as the instants it spans (at most 366 rows): the range's, and a row's
    // drill-down range looked up by its day (not formatted in the grouped read, row by row).
    db.execute<{ day: string; fromAt: string; toAt: string }>(
      sql`SELECT x.d::text AS day, ${dayStart(sql`x.d`, tz)} AS "fromAt", ${dayEnd(sql`x.d`, tz)} AS "toAt"
          FROM (SELECT ${q.from}::date + i AS d FROM generate_series(0, ${q.to}::date - ${q.from}::date) i) x
          ORDER BY x.d`,
    ),
  ]);
  // The driver's rows are this read's own: a row's drill-down range is set on it in place.
  const list = rows.rows;
  const totalsRow = totals.rows[0] ?? {};
  const spans = new Map(range.rows.map((r) => [r.day, r]));
  if (q.dimensions.includes('day'))
    for (const row of list) {
      const span = spans.get(String(row.day));
      if (span) Object.assign(row, { [DRILL_FROM]: span.fromAt, [DRILL_TO]: span.toAt });
    }
  const counted = countedHere && list.length ? Number(list[0]![GROUPS]) : null;
  if (countedHere) for (const row of list) delete row[GROUPS];
  // Without dimensions the one row is the whole range's.
  const holdsAll = q.page === 1 && list.length < q.pageSize;
  const [total, series, peaks] = await Promise.all([
    counted ?? (holdsAll || !q.dimensions.length ? list.length : readCount(db, g)),
    readSeries(db, def, q, { rows: list, holdsAll, totals: totalsRow }),
    readPeaks(db, def, g),
  ]);
  return {
    rows: list,
    pager: {
      page: q.page,
      pageSize: q.pageSize,
      total: Math.min(total, TOTAL_CAP),
      totalCapped: total > TOTAL_CAP,
    },
    totals: totalsRow,
    series,
    peaks,
    from: q.from,
    to: q.to,
    fromAt: range.rows[0]!.fromAt,
    toAt: range.rows.at(-1)!.toAt,
  };
}
