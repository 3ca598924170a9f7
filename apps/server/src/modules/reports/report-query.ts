/**
 * One report's rows and totals from its rollup (issue 14): the body's range and grouping checked first
 * (a 400 naming the field, before any query), then ONE grouped read of the rollup's days and one for
 * the totals. Sum measures are `sum(column) FILTER (WHERE ..)`; ratios are divided in the same
 * statements from those sums (the rows' from the rows', the totals' from the totals').
 */
import {
  DRILL_FROM,
  DRILL_TO,
  type Locale,
  REPORT_MAX_DAYS,
  REPORT_RATIO_DECIMALS,
  type ReportAnswer,
  type ReportDef,
  type ReportMeasure,
  type ReportQuery,
  type ReportRow,
  type ReportWhere,
} from '@payops/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fieldError } from '../../platform/errors.ts';
import { type ReadRollup, readRollup } from './rollups.ts';

/** Rows shown at most (a member report over a long range); the export has them all. */
export const REPORT_ROW_LIMIT = 5000;

const text = {
  day: { 'zh-CN': '不是有效日期', 'en-US': 'is not a valid day' },
  required: { 'zh-CN': '请选择日期范围', 'en-US': 'choose a range of days' },
  reversed: { 'zh-CN': '结束日期早于开始日期', 'en-US': 'is before the start day' },
  tooLong: {
    'zh-CN': `日期范围最多${REPORT_MAX_DAYS}天`,
    'en-US': `the range is at most ${REPORT_MAX_DAYS} days`,
  },
  dimension: { 'zh-CN': '未知的维度', 'en-US': 'names an unknown dimension' },
} as const;

const dayNumber = (day: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const t = Date.parse(`${day}T00:00:00Z`);
  // 2026-02-31 parses to March: a real day prints back as itself.
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === day ? t / 86_400_000 : null;
};

export interface CheckedQuery {
  from: string;
  to: string;
  dimensions: string[];
  filters: Record<string, string | number>;
}

/** A day as YYYY-MM-DD, `n` days after `day`. */
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Today in the platform's zone (days are cut at its midnight). */
export function localToday(now: Date, tz: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(now);
}

/**
 * The body's checks beyond its schema: a range (or `lastDays` up to `today`), real days, in order, at
 * most 366 of them; known dimensions.
 */
export function checkQuery(def: ReportDef, body: ReportQuery, locale: Locale, today: string): CheckedQuery {
  const range =
    body.from === undefined && body.to === undefined && body.lastDays
      ? { from: addDays(today, 1 - body.lastDays), to: today }
      : { from: body.from, to: body.to };
  if (range.from === undefined) throw fieldError('from', text.required[locale]);
  if (range.to === undefined) throw fieldError('to', text.required[locale]);
  const from = dayNumber(range.from);
  if (from === null) throw fieldError('from', text.day[locale]);
  const to = dayNumber(range.to);
  if (to === null) throw fieldError('to', text.day[locale]);
  if (to < from) throw fieldError('to', text.reversed[locale]);
  if (to - from + 1 > REPORT_MAX_DAYS) throw fieldError('to', text.tooLong[locale]);
  const dimensions = body.dimensions ?? [...def.defaultDimensions];
  for (const d of dimensions)
    if (!(d in def.dimensions)) throw fieldError('dimensions', `${d} ${text.dimension[locale]}`);
  const filters = body.filters ?? {};
  for (const d of Object.keys(filters))
    if (!(d in def.dimensions)) throw fieldError('filters', `${d} ${text.dimension[locale]}`);
  return { from: range.from, to: range.to, dimensions: [...new Set(dimensions)], filters };
}

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
 * The rollup the totals row reads: the report's own, or its coarser `totals` rollup when every key the
 * query filters on (the definition's, the measures', the operator's) and every summed measure is one
 * the coarser rollup has too.
 */
function totalsRollup(rollup: ReadRollup, def: ReportDef, q: CheckedQuery): ReadRollup {
  const coarse = rollup.totals;
  if (!coarse) return rollup;
  const measures = Object.values(def.measures) as ReportMeasure[];
  const keys = [
    'day',
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

export interface ReportRead extends ReportAnswer {
  truncated: boolean;
}

/** The rows (grouped by the query's dimensions, at most `limit`) and the totals row. */
export async function readReport(
  db: Pick<Db, 'execute'>,
  def: ReportDef,
  q: CheckedQuery,
  tz: string,
  limit: number | null = REPORT_ROW_LIMIT,
): Promise<ReportRead> {
  const rollup = readRollup(def.rollup);
  const where = whereClause(rollup, def, q);
  const measures = Object.values(def.measures) as ReportMeasure[];
  const summed = measures.filter((m) => !m.ratio && m.sum);
  const sumsOf = (r: ReadRollup) =>
    measures.map((m) => sql`${measureOf(r, def, m)}::text AS ${sql.identifier(m.name)}`);
  const sums = sumsOf(rollup);
  const whole = totalsRollup(rollup, def, q);
  // A group whose every figure is 0 (only open orders, for a report of successes) is not a row.
  const having = sql` HAVING ${sql.join(
    summed.map((m) => sql`${sumOf(rollup, m)} <> 0`),
    sql` OR `,
  )}`;
  const dims = q.dimensions.map((d) => {
    const key = keyOf(rollup, d);
    return sql`${def.dimensions[d]!.type === 'date' ? sql`${key}::text` : key} AS ${sql.identifier(d)}`;
  });
  // Grouped and ordered by the rollup's own columns (not the text shown): a rollup whose key leads
  // with them is read in order, and the row limit stops the read.
  const groups = q.dimensions.map((d) => keyOf(rollup, d));
  // Enum dimensions in their vocabulary's order (amount bands low to high), the others by value.
  const order = q.dimensions.map((d) => {
    const dim = def.dimensions[d]!;
    if (dim.type !== 'enum' || !dim.options?.length) return keyOf(rollup, d);
    const values = sql.join(
      dim.options.map((o) => sql`${o.value}`),
      sql`, `,
    );
    return sql`array_position(ARRAY[${values}]::text[], ${keyOf(rollup, d)}::text)`;
  });
  // A ranked report: its measure's largest groups first (and the row limit keeps those).
  if (def.rank) order.unshift(sql`${sumOf(rollup, def.measures[def.rank]!)} DESC`);
  const grouped = q.dimensions.length
    ? sql` GROUP BY ${sql.join(groups, sql`, `)}${having} ORDER BY ${sql.join(order, sql`, `)}`
    : sql``;
  const cap = limit === null ? sql`` : sql` LIMIT ${limit + 1}`;
  const [rows, totals, range] = await Promise.all([
    db.execute<ReportRow>(
      sql`SELECT ${sql.join([...dims, ...sums], sql`, `)} FROM ${rollup.from} WHERE ${where}${grouped}${cap}`,
    ),
    db.execute<ReportRow>(
      sql`SELECT ${sql.join(sumsOf(whole), sql`, `)} FROM ${whole.from} WHERE ${whereClause(whole, def, q)}`,
    ),
    // Each day of the range as the instants it spans (at most 366 rows): the range's, and a row's
    // drill-down range looked up by its day (not formatted in the grouped read, row by row).
    db.execute<{ day: string; fromAt: string; toAt: string }>(
      sql`SELECT x.d::text AS day, ${dayStart(sql`x.d`, tz)} AS "fromAt", ${dayEnd(sql`x.d`, tz)} AS "toAt"
          FROM (SELECT ${q.from}::date + i AS d FROM generate_series(0, ${q.to}::date - ${q.from}::date) i) x
          ORDER BY x.d`,
    ),
  ]);
  const spans = new Map(range.rows.map((r) => [r.day, r]));
  const drilled = q.dimensions.includes('day');
  // The driver's rows are this read's own: a row's drill-down range is set on it in place.
  const list = rows.rows;
  if (drilled)
    for (const row of list) {
      const span = spans.get(String(row.day));
      if (span) Object.assign(row, { [DRILL_FROM]: span.fromAt, [DRILL_TO]: span.toAt });
    }
  const truncated = limit !== null && list.length > limit;
  return {
    rows: truncated ? list.slice(0, limit) : list,
    totals: totals.rows[0] ?? {},
    from: q.from,
    to: q.to,
    fromAt: range.rows[0]!.fromAt,
    toAt: range.rows.at(-1)!.toAt,
    truncated,
  };
}
