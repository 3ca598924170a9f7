/**
 * The report definition (issue 14), beside the resource definition: a finance report page declared
 * once, as data, read by the server's report route (modules/reports) and the web's ReportPage.
 *
 * A report reads one rollup (never raw orders) over a required range of days in the platform's zone
 * (default the last 7, at most 366): it groups by some of its `dimensions` (the operator may choose
 * which, `defaultDimensions` first), sums its `measures` and adds a totals row. A measure is either a
 * sum (the totals row is the sum of the rows) or a ratio of two sums (the totals row is the ratio of the
 * totals, never a sum of ratios), or the smallest / largest value of a column (a first or last day).
 * Optional: a chart (line for trends, bar for comparisons, pie for
 * shares) and a drill-down into the filtered order list. Export is .xlsx with the totals row.
 *
 * `defineReport` also builds `table`, a resource definition of the report's columns: the web's table
 * cells and the server's export cells are the resource engine's, so a money column reads and exports
 * like every other money column.
 */

import type { Pager } from './api.ts';
import type { Bilingual } from './lifecycle.ts';
import {
  bilingual,
  defineResource,
  type EnumOption,
  type Labels,
  type RefInput,
  type ResourceDef,
  registerResource,
} from './resource.ts';
import { pagePermission } from './routes.ts';

export const REPORT_DEFAULT_DAYS = 7;
/** The page sizes a report's pager offers, and the one it opens with (the rows are read a page at a time). */
export const REPORT_PAGE_SIZES = [20, 50, 100, 500] as const;
export const REPORT_PAGE_SIZE = 50;
export const REPORT_MAX_DAYS = 366;
/** A ratio measure's decimals as a fraction, rounded half up: 4 is a hundredth of a percent (57.14%). */
export const REPORT_RATIO_DECIMALS = 4;
/** The key a rollup gives an order without a passage or third party (a ref dimension's "none"). */
export const REPORT_NONE_KEY = 0;

export interface ReportDimensionInput {
  /** `date`: the rollup's day; `ref`: a record of another resource (its label shown); `enum`: a vocabulary. */
  type: 'date' | 'ref' | 'enum' | 'string';
  ref?: RefInput;
  options?: readonly EnumOption[];
}

/** Rollup key column -> the value (or values) a row must have. */
export type ReportWhere = Record<string, string | readonly string[]>;

export interface ReportMeasureInput {
  /** `date`: a `min`/`max` of a day (the first and last day a pair traded). */
  type: 'money' | 'number' | 'percent' | 'date';
  /** The rollup column summed (camelCase, as the rollup names it); required unless `ratio`. */
  sum?: string;
  /** Only the rollup rows matching this (e.g. `{ direction: 'deposit' }`): `sum(..) FILTER (WHERE ..)`. */
  where?: ReportWhere;
  /** The smallest / largest value of a rollup column or key over the group (the totals: over all). */
  min?: string;
  max?: string;
  /** A ratio of two sum measures of the report (num / den; 0 when den is 0), e.g. a success rate. */
  ratio?: readonly [num: string, den: string];
  /** Drawn on the chart (default: every money measure, else every number). */
  chart?: boolean;
  /** Shown in the table (default true); a hidden measure still feeds ratios and the chart. */
  list?: boolean;
  /** A money measure's currency when not CNY (its scale on screen and in the export), e.g. USDT. */
  currency?: string;
  /** Cells shaded by value, 0 to the column's largest (a heat-map table, e.g. retention shares). */
  heat?: boolean;
}

export interface ReportDrillInput<D extends string> {
  /** The order list the rows link to, e.g. `/order/orderDepositList`. */
  page: string;
  /** The list's datetime filter that takes the row's day(s) (default `createdAt`); false: none. */
  range?: string | false;
  /** List filter -> the row's dimension whose value it takes. */
  filters?: Partial<Record<string, D>>;
  /** List filters with a fixed value (a family, a status). */
  fixed?: Record<string, string>;
  /**
   * The list by a dimension's value instead of `page` (a direction's or family's list); with several
   * dimensions, by their values joined with '.' (`withdraw.usdt`), the longest key the row has first
   * (a row not grouped by the family falls back to its direction's list).
   */
  pageBy?: { dimension: D | readonly D[]; pages: Record<string, string> };
  /**
   * List filters that depend on another dimension's value (a party is the seller of a sell ad's
   * orders, the buyer of a buy ad's): used when the row has that dimension, else only `filters`.
   */
  filtersBy?: { dimension: D; values: Record<string, Partial<Record<string, D>>> };
  /**
   * Another list for a row whose `measure` is 0 (a merchant or passage with withdrawals only), and
   * its own `pageBy` (the USDT withdrawals of a row grouped by family).
   */
  whenZero?: { measure: string; page: string; pageBy?: ReportDrillInput<D>['pageBy'] };
}

export interface ReportChartInput<D extends string, M extends string> {
  type: 'line' | 'bar' | 'pie';
  /** The dimension along the x axis (pie: the slices). */
  x: D;
  /** The measures drawn (pie: the first). */
  y: readonly M[];
}

export interface ReportInput<D extends string, M extends string> {
  /** The route name under /financeReport (the page), also the definition's name. */
  name: string;
  group?: string;
  /** The rollup the server reads (modules/reports/rollups.ts). */
  rollup: string;
  /** Only the rollup rows matching this (e.g. one family). */
  where?: ReportWhere;
  dimensions: Record<D, ReportDimensionInput>;
  /** The grouping a page opens with; the operator may pick any subset of `dimensions`. */
  defaultDimensions: readonly NoInfer<D>[];
  measures: Record<M, ReportMeasureInput>;
  chart?: ReportChartInput<NoInfer<D>, NoInfer<M>>;
  drill?: ReportDrillInput<NoInfer<D>>;
  /** Rows by this sum measure, largest first (the pairs that trade most), instead of by the dimensions. */
  rank?: NoInfer<M>;
  /** `field.<name>.<dimension|measure>` and any other key, in both languages. */
  labels: Record<string, Bilingual>;
}

export interface ReportDimension extends ReportDimensionInput {
  name: string;
  label: string;
}

export interface ReportMeasure extends ReportMeasureInput {
  name: string;
  label: string;
  list: boolean;
}

export interface ReportDef<D extends string = string, M extends string = string> {
  name: string;
  group: string;
  page: string;
  pagePath: string;
  /** POST `<api>/query` (the rows and totals), POST `<api>/export` (.xlsx). */
  api: string;
  rollup: string;
  where: ReportWhere;
  dimensions: Record<D, ReportDimension>;
  defaultDimensions: readonly D[];
  measures: Record<M, ReportMeasure>;
  chart: ReportChartInput<D, M> | null;
  drill: ReportDrillInput<D> | null;
  rank: M | null;
  /** Permissions: the page's to read, `<page>.export` to export. */
  permission: string;
  exportPermission: string;
  /** The report's columns as a resource definition (cells, export); not a table of its own. */
  table: ResourceDef;
  labels: Labels;
}

/** The totals row's marker in `rows` answers (the first dimension shows the word "total"). */
export const REPORT_TOTAL_KEY = 'report.total';

/** The report page's own texts, added with every report's labels. */
const COMMON_LABELS: Record<string, Bilingual> = {
  [REPORT_TOTAL_KEY]: ['合计', 'Total'],
  'report.drill': ['明细', 'Detail'],
  'report.orders': ['查看订单', 'Orders'],
  // A row not grouped by the dimension its list depends on (the family: USDT orders are on their
  // own lists) opens the default list, which holds only part of what the row counts.
  'report.drillHint': [
    '按「{{dimensions}}」分组后，每行打开各自的订单列表（如 USDT 订单）',
    "Group by {{dimensions}} to open each row's own list (USDT orders, for one)",
  ],
  'report.groupBy': ['分组维度', 'Group by'],
  'report.refresh': ['刷新', 'Refresh'],
  'report.export': ['导出Excel', 'Export Excel'],
};

export function defineReport<const D extends string, const M extends string>(
  input: ReportInput<D, M>,
): ReportDef<D, M> {
  const group = input.group ?? 'financeReport';
  const api = `/api/${group}/${input.name}`;
  const dimensions = {} as Record<D, ReportDimension>;
  for (const [name, d] of Object.entries(input.dimensions) as [D, ReportDimensionInput][])
    dimensions[name] = { ...d, name, label: `field.${input.name}.${name}` };
  const measures = {} as Record<M, ReportMeasure>;
  for (const [name, m] of Object.entries(input.measures) as [M, ReportMeasureInput][]) {
    if (!m.ratio && !m.sum && !m.min && !m.max)
      throw new Error(`${input.name}.${name}: a measure sums a column, is a min/max or a ratio`);
    if (m.ratio)
      for (const part of m.ratio)
        if (!(part in input.measures) || !input.measures[part as M].sum)
          throw new Error(`${input.name}.${name}: ratio part ${part} is not a sum measure`);
    measures[name] = { ...m, name, label: `field.${input.name}.${name}`, list: m.list ?? true };
  }
  if (input.rank && !input.measures[input.rank].sum)
    throw new Error(`${input.name}: rank ${input.rank} is not a sum measure`);
  for (const d of input.defaultDimensions)
    if (!(d in dimensions)) throw new Error(`${input.name}: default dimension ${d} is unknown`);
  const labels = bilingual({ ...COMMON_LABELS, ...input.labels });
  const fields: Record<string, Parameters<typeof defineResource>[0]['fields'][string]> = {};
  for (const d of Object.values(dimensions) as ReportDimension[])
    fields[d.name] = {
      type: d.type === 'date' ? 'date' : d.type,
      list: true,
      ref: d.ref,
      options: d.options,
    };
  for (const m of Object.values(measures) as ReportMeasure[])
    fields[m.name] = {
      type: m.type === 'number' || m.type === 'date' ? m.type : 'money',
      list: m.list,
      ...(m.type === 'percent' ? { display: 'percent' as const } : {}),
      ...(m.currency ? { currency: m.currency } : {}),
    };
  const table = defineResource({
    name: input.name,
    group,
    api,
    key: input.defaultDimensions[0] ?? Object.keys(dimensions)[0]!,
    fields,
    actions: ['list', 'export'],
    small: true,
    labels,
  });
  const permission = pagePermission(group, input.name);
  return {
    name: input.name,
    group,
    page: input.name,
    pagePath: `/${group}/${input.name}`,
    api,
    rollup: input.rollup,
    where: input.where ?? {},
    dimensions,
    defaultDimensions: input.defaultDimensions,
    measures,
    chart: input.chart ?? null,
    drill: input.drill ?? null,
    rank: input.rank ?? null,
    permission,
    exportPermission: `${permission}.export`,
    table,
    labels,
  };
}

/** Adds the report's export permission to the catalogue (its page permission is the route table's). */
export function registerReport<R extends ReportDef>(def: R): R {
  registerResource(def.table);
  return def;
}

export type ReportRow = Record<string, unknown>;

/** The body of `<api>/query` and `<api>/export` (its schema: report-schemas.ts, the server's). */
export interface ReportQuery {
  /** The range, both days included; or `lastDays` (the page's default), counted in the platform's zone. */
  from?: string;
  to?: string;
  lastDays?: number;
  dimensions?: string[];
  /** Dimension -> value: only rows of that value (a drill from a wider report). */
  filters?: Record<string, string | number>;
  /** The page of rows (1-based) and its size (default REPORT_PAGE_SIZE); the export has every row. */
  page?: number;
  pageSize?: number;
  /** Rows by a shown measure (then by the dimensions) instead of by the dimensions. */
  sort?: { field: string; order: 'asc' | 'desc' };
}

export interface ReportAnswer {
  /** One page of the groups. */
  rows: ReportRow[];
  /** The groups counted as the lists count their rows: exact up to TOTAL_CAP, then "capped". */
  pager: Pager;
  totals: ReportRow;
  /**
   * The chart's points: the range's groups by the chart's x alone when the query groups by it, else
   * the totals row; [] for a report without a chart.
   */
  series: ReportRow[];
  /** A `heat` measure's largest value over every group (its cells are shaded as shares of it). */
  peaks: Record<string, unknown>;
  /** The range read (what `lastDays` came to). */
  from: string;
  to: string;
  /** The range as instants (the platform's zone cuts days): a drill-down's filter of the order list. */
  fromAt: string;
  toAt: string;
}

/** Row fields the server adds for a drill-down: the row's day(s) as instants. */
export const DRILL_FROM = 'drillFrom';
export const DRILL_TO = 'drillTo';
