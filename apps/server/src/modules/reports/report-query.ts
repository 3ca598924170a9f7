/**
 * The statements of a report's reads (issue 14), over its rollup: the grouped rows in the page's
 * order, the totals row (from the coarser rollup when it has what the query needs). Sum measures
 * are `sum(column) FILTER (WHERE ..)`; ratios are divided in the same statements from those sums
 * (the rows' from the rows', the totals' from the totals'). The page and what it shows beside it:
 * report-read.ts; the export: report-export.ts.
 */
import {
  type FieldDef,
  REPORT_RATIO_DECIMALS,
  type ReportDef,
  type ReportMeasure,
  type ReportWhere,
} from '@payops/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { refTarget } from '../../platform/crud/refs.ts';
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

export function measureOf(rollup: ReadRollup, def: ReportDef, m: ReportMeasure): SQL {
  return m.ratio ? ratioOf(rollup, def, m.ratio) : sumOf(rollup, m);
}

/**
 * The rollup the totals row (or the chart's points, grouped by `groupedBy`) reads: the report's own,
 * or its coarser `totals` rollup when every key the read groups or filters on (the definition's, the
 * measures', the operator's) and every summed measure is one the coarser rollup has too.
 */
export function coarserRollup(
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

/** A dimension in its own order: its key's (days ascending), an enum's in its vocabulary's order. */
function inKeyOrder(rollup: ReadRollup, def: ReportDef, name: string): SQL {
  const dim = def.dimensions[name]!;
  if (dim.type !== 'enum' || !dim.options?.length) return keyOf(rollup, name);
  const values = sql.join(
    dim.options.map((o) => sql`${o.value}`),
    sql`, `,
  );
  return sql`array_position(ARRAY[${values}]::text[], ${keyOf(rollup, name)}::text)`;
}

/**
 * What a column the operator sorts by sorts on: a measure's figure; a ref dimension's label as the
 * cell shows it (a merchant's number, a passage's name), read beside the group's key; another
 * dimension in its own order.
 */
function sortKey(rollup: ReadRollup, def: ReportDef, field: string): SQL {
  const measure = def.measures[field];
  if (measure) return measureOf(rollup, def, measure);
  if (def.dimensions[field]!.type !== 'ref') return inKeyOrder(rollup, def, field);
  const ref = refTarget(def.table.fields[field] as FieldDef);
  // A masked label (none today) would leak the order of what the cell hides: by the key then.
  if (ref.mask) return keyOf(rollup, field);
  return sql`(SELECT ${ref.label} FROM ${ref.target.table} WHERE ${ref.key} = ${keyOf(rollup, field)})`;
}

/** A grouped read of a rollup: its dimensions' columns, `FROM .. WHERE .. GROUP BY .. HAVING ..`, its order. */
export interface Grouped {
  rollup: ReadRollup;
  /** The dimensions as the definition names them (a day as text). */
  keys: SQL[];
  body: SQL;
  /** A ranked report's measure largest first, then the dimensions (enums in their vocabulary's order). */
  order: SQL[];
}

export function grouped(
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
  const order = dimensions.map((d) => inKeyOrder(rollup, def, d));
  if (def.rank && order.length) order.unshift(sql`${sumOf(rollup, def.measures[def.rank]!)} DESC`);
  const groupBy = dimensions.length ? sql` GROUP BY ${sql.join(groups, sql`, `)}${having}` : sql``;
  return {
    rollup,
    keys,
    body: sql`FROM ${rollup.from} WHERE ${whereClause(rollup, def, q)}${groupBy}`,
    order,
  };
}

export const figures = (rollup: ReadRollup, def: ReportDef, measures: readonly ReportMeasure[]) =>
  measures.map((m) => sql`${measureOf(rollup, def, m)}::text AS ${sql.identifier(m.name)}`);

/** The rows' ORDER BY: the operator's sort first, its ties (and pages) in the default order. */
export function orderBy(g: Grouped, def: ReportDef, q: CheckedQuery): SQL {
  const order = [...g.order];
  // A group without a label (the rollup's "none": no passage) comes last either way.
  if (q.sort && order.length)
    order.unshift(
      sql`${sortKey(g.rollup, def, q.sort.field)} ${sql.raw(q.sort.order === 'desc' ? 'DESC' : 'ASC')} NULLS LAST`,
    );
  return order.length ? sql` ORDER BY ${sql.join(order, sql`, `)}` : sql``;
}

/** Every group's row in the page's order (`extra` columns, the page's window). */
export function rowsRead(def: ReportDef, q: CheckedQuery, g: Grouped, extra: SQL[] = [], page = sql``): SQL {
  const columns = [
    ...g.keys,
    ...figures(g.rollup, def, Object.values(def.measures) as ReportMeasure[]),
    ...extra,
  ];
  return sql`SELECT ${sql.join(columns, sql`, `)} ${g.body}${orderBy(g, def, q)}${page}`;
}

/** The totals row, from the coarser rollup when it has what the query needs. */
export function totalsRead(def: ReportDef, q: CheckedQuery): SQL {
  const from = coarserRollup(readRollup(def.rollup), def, q);
  const measures = Object.values(def.measures) as ReportMeasure[];
  return sql`SELECT ${sql.join(figures(from, def, measures), sql`, `)} FROM ${from.from} WHERE ${whereClause(from, def, q)}`;
}

/** The export's reads: every row in the page's order, and the totals row. */
export function exportReads(def: ReportDef, q: CheckedQuery): { rows: SQL; totals: SQL } {
  return {
    rows: rowsRead(def, q, grouped(readRollup(def.rollup), def, q, q.dimensions)),
    totals: totalsRead(def, q),
  };
}
