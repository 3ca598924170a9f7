/**
 * One report's page of rows from its rollup (issue 14), the body checked first (report-check.ts): ONE
 * grouped read of the rollup's days for the page, and beside it the groups' capped count, the totals,
 * the chart's points and the heat measures' peaks. Sum measures are `sum(column) FILTER (WHERE ..)`;
 * ratios are divided in the same statements from those sums (the rows' from the rows', the totals'
 * from the totals'). A page is a page: a member report over a month has hundreds of thousands of
 * groups, and 5,000 of them as one answer cost more than the read.
 */
import {
  DRILL_FROM,
  DRILL_TO,
  type Pager,
  REPORT_RATIO_DECIMALS,
  type ReportAnswer,
  type ReportDef,
  type ReportMeasure,
  type ReportRow,
  type ReportWhere,
  TOTAL_CAP,
} from '@payops/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { CheckedQuery } from './report-check.ts';
import { type ReadRollup, readRollup } from './rollups.ts';

function keyOf(rollup: ReadRollup, name: string): SQL {
  const key = rollup.keys[name];
  if (!key) throw new Error(`rollup ${rollup.name} has no key ${name}`);
  return key;
}

function whereOf(rollup: ReadRollup, where: ReportWhere): SQL[] {
  return Object.entries(where).map(([name, value]) =>
    typeof value === 'string'
      ? sql`${keyOf(rollup, name)} = ${value}`
      : sql`${keyOf(rollup, name)} IN (${sql.join(
          value.map((v) => sql`${v}`),
          sql`, `,
        )})`,
  );
}

function sumOf(rollup: ReadRollup, m: ReportMeasure): SQL {
  if (m.min || m.max) return extremeOf(rollup, m);
  const column = rollup.measures[m.sum!];
  if (!column) throw new Error(`rollup ${rollup.name} has no measure ${m.sum}`);
  const filter = whereOf(rollup, m.where ?? {});
  const summed = filter.length
    ? sql`sum(${column}) FILTER (WHERE ${sql.join(filter, sql` AND `)})`
    : sql`sum(${column})`;
  return sql`coalesce(${summed}, 0)`;
}

/** A min/max measure: of a measure column or a key (the day), as text. */
function extremeOf(rollup: ReadRollup, m: ReportMeasure): SQL {
  const name = (m.min ?? m.max)!;
  const column = rollup.measures[name] ?? rollup.keys[name];
  if (!column) throw new Error(`rollup ${rollup.name} has no column ${name}`);
  return m.min ? sql`min(${column})` : sql`max(${column})`;
}

/** Throws at start-up when a definition names what its rollup lacks (not at an operator's request). */
export function checkDefinition(def: ReportDef): void {
  const rollup = readRollup(def.rollup);
  for (const d of Object.keys(def.dimensions)) keyOf(rollup, d);
  for (const m of Object.values(def.measures) as ReportMeasure[]) measureOf(rollup, def, m);
  whereOf(rollup, def.where);
}

/**
 * A ratio measure divided from its two sums in the statement (REPORT_RATIO_DECIMALS, rounded half away
 * from zero, trailing zeros dropped), 0 when the denominator is 0. Divided in Node (big.js) row by row,
 * it took an eighth of a 5,000-row report's server CPU.
 */
function ratioOf(rollup: ReadRollup, def: ReportDef, [num, den]: readonly [string, string]): SQL {
  const part = (name: string) => {
    const m = def.measures[name];
    if (!m || m.ratio) throw new Error(`report ${def.name}: a ratio divides sums, not ${name}`);
    return sumOf(rollup, m);
  };
  return sql`coalesce(trim_scale(round(${part(num)}::numeric / nullif(${part(den)}, 0), ${sql.raw(String(REPORT_RATIO_DECIMALS))})), 0)`;
}

function measureOf(rollup: ReadRollup, def: ReportDef, m: ReportMeasure): SQL {
  return m.ratio ? ratioOf(rollup, def, m.ratio) : sumOf(rollup, m);
}

const instant = (at: SQL) => sql`to_char((${at}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const dayStart = (day: SQL, tz: string) => instant(sql`(${day})::timestamp AT TIME ZONE ${tz}`);
const dayEnd = (day: SQL, tz: string) =>
  instant(sql`((${day})::date + 1)::timestamp AT TIME ZONE ${tz} - interval '1 millisecond'`);

/**
 * The rollup the totals row (or the chart's points, grouped by `groupedBy`) reads: the report's own,
 * or its coarser `totals` rollup when every key the read groups or filters on (the definition's, the
 * measures', the operator's) and every summed measure is one the coarser rollup has too.
 */
function coarserRollup(
  rollup: ReadRollup,
  def: ReportDef,
  q: CheckedQuery,
  groupedBy: readonly string[] = [],
): ReadRollup {
  const coarse = rollup.totals;
  if (!coarse) return rollup;
  const measures = Object.values(def.measures) as ReportMeasure[];
  const keys = [
    'day',
    ...groupedBy,
    ...Object.keys(def.where),
    ...Object.keys(q.filters),
    ...measures.flatMap((m) => Object.keys(m.where ?? {})),
  ];
  const fits =
    keys.every((k) => k in coarse.keys) &&
    measures.every((m) => m.ratio || (m.sum !== undefined && m.sum in coarse.measures));
  return fits ? coarse : rollup;
}

/** The WHERE of a read of `rollup`: the range of days, the definition's filter, the operator's. */
function whereClause(rollup: ReadRollup, def: ReportDef, q: CheckedQuery): SQL {
  const conds = [
    sql`${keyOf(rollup, 'day')} BETWEEN ${q.from}::date AND ${q.to}::date`,
    ...whereOf(rollup, def.where),
    ...Object.entries(q.filters).map(([d, v]) => sql`${keyOf(rollup, d)} = ${v}`),
  ];
  return sql.join(conds, sql` AND `);
}

/** A grouped read of a rollup: its dimensions' columns, `FROM .. WHERE .. GROUP BY .. HAVING ..`, its order. */
interface Grouped {
  rollup: ReadRollup;
  /** The dimensions as the definition names them (a day as text). */
  keys: SQL[];
  body: SQL;
  /** A ranked report's measure largest first, then the dimensions (enums in their vocabulary's order). */
  order: SQL[];
}

function grouped(
  rollup: ReadRollup,
  def: ReportDef,
  q: CheckedQuery,
  dimensions: readonly string[],
): Grouped {
  const summed = (Object.values(def.measures) as ReportMeasure[]).filter((m) => !m.ratio && m.sum);
  // A group whose every figure is 0 (only open orders, for a report of successes) is not a row.
  const having = sql` HAVING ${sql.join(
    summed.map((m) => sql`${sumOf(rollup, m)} <> 0`),
    sql` OR `,
  )}`;
  const keys = dimensions.map((d) => {
    const key = keyOf(rollup, d);
    return sql`${def.dimensions[d]!.type === 'date' ? sql`${key}::text` : key} AS ${sql.identifier(d)}`;
  });
  // Grouped and ordered by the rollup's own columns (not the text shown): a rollup whose key leads
  // with them is read in order, and the page's limit stops the read.
  const groups = dimensions.map((d) => keyOf(rollup, d));
  const order = dimensions.map((d) => {
    const dim = def.dimensions[d]!;
    if (dim.type !== 'enum' || !dim.options?.length) return keyOf(rollup, d);
    const values = sql.join(
      dim.options.map((o) => sql`${o.value}`),
      sql`, `,
    );
    return sql`array_position(ARRAY[${values}]::text[], ${keyOf(rollup, d)}::text)`;
  });
  if (def.rank && order.length) order.unshift(sql`${sumOf(rollup, def.measures[def.rank]!)} DESC`);
  const groupBy = dimensions.length ? sql` GROUP BY ${sql.join(groups, sql`, `)}${having}` : sql``;
  return {
    rollup,
    keys,
    body: sql`FROM ${rollup.from} WHERE ${whereClause(rollup, def, q)}${groupBy}`,
    order,
  };
}

/** The page's column of the groups' count, when the page's own read counts them (not sent on). */
const GROUPS = '__groups';

const figures = (rollup: ReadRollup, def: ReportDef, measures: readonly ReportMeasure[]) =>
  measures.map((m) => sql`${measureOf(rollup, def, m)}::text AS ${sql.identifier(m.name)}`);

/** The rows' ORDER BY: the operator's sort first, its ties (and pages) in the default order. */
function orderBy(g: Grouped, def: ReportDef, q: CheckedQuery): SQL {
  const order = [...g.order];
  if (q.sort && order.length)
    order.unshift(
      sql`${measureOf(g.rollup, def, def.measures[q.sort.field]!)} ${sql.raw(q.sort.order === 'desc' ? 'DESC' : 'ASC')}`,
    );
  return order.length ? sql` ORDER BY ${sql.join(order, sql`, `)}` : sql``;
}

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
  const points = await db.execute<ReportRow>(
    sql`SELECT ${sql.join([...g.keys, ...figures(g.rollup, def, drawn)], sql`, `)} ${g.body}${orderBy(g, def, q)}`,
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
 * A report's page of rows and what the page shows beside it (the count, totals, chart points, heat
 * peaks); `paged: false` (the export) reads every row and only the totals beside them. The page is
 * read first: when it holds every group (most reports), it is the count, and often the chart's points.
 */
export async function readReport(
  db: Pick<Db, 'execute'>,
  def: ReportDef,
  q: CheckedQuery,
  tz: string,
  paged = true,
): Promise<ReportAnswer> {
  const rollup = readRollup(def.rollup);
  const g = grouped(rollup, def, q, q.dimensions);
  const measures = Object.values(def.measures) as ReportMeasure[];
  const totalsFrom = coarserRollup(rollup, def, q);
  const page = paged ? sql` LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}` : sql``;
  const countedHere = paged && q.dimensions.length > 0 && !rollup.manyGroups;
  const columns = [...g.keys, ...figures(rollup, def, measures)];
  if (countedHere) columns.push(sql`count(*) OVER () AS ${sql.identifier(GROUPS)}`);
  const [rows, totals, range] = await Promise.all([
    db.execute<ReportRow>(sql`SELECT ${sql.join(columns, sql`, `)} ${g.body}${orderBy(g, def, q)}${page}`),
    db.execute<ReportRow>(
      sql`SELECT ${sql.join(figures(totalsFrom, def, measures), sql`, `)} FROM ${totalsFrom.from} WHERE ${whereClause(totalsFrom, def, q)}`,
    ),
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
  const answer = {
    rows: list,
    totals: totalsRow,
    from: q.from,
    to: q.to,
    fromAt: range.rows[0]!.fromAt,
    toAt: range.rows.at(-1)!.toAt,
  };
  if (!paged)
    return {
      ...answer,
      pager: { page: 1, pageSize: list.length, total: list.length, totalCapped: false },
      series: [],
      peaks: {},
    };
  const counted = countedHere && list.length ? Number(list[0]![GROUPS]) : null;
  if (countedHere) for (const row of list) delete row[GROUPS];
  // Without dimensions the one row is the whole range's.
  const holdsAll = q.page === 1 && list.length < q.pageSize;
  const [total, series, peaks] = await Promise.all([
    counted ?? (holdsAll || !q.dimensions.length ? list.length : readCount(db, g)),
    readSeries(db, def, q, { rows: list, holdsAll, totals: totalsRow }),
    readPeaks(db, def, g),
  ]);
  const pager: Pager = {
    page: q.page,
    pageSize: q.pageSize,
    total: Math.min(total, TOTAL_CAP),
    totalCapped: total > TOTAL_CAP,
  };
  return { ...answer, pager, series, peaks };
}
