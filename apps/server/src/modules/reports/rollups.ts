/**
 * The rollups the reports read (issue 14), declared once: each stored rollup says, per source, how its
 * rows are computed from the raw orders of some days (`spec`: key expressions, measure aggregates and
 * the FROM). The same computation serves the change feed (maintain.ts: a dirty source-day recomputed
 * as a whole), the rebuild and its verify (rebuild.ts) and the tests, so they cannot disagree.
 *
 * A read rollup is what a report's `rollup` names: a stored rollup's table, or a derived view of one
 * (order_band: the amount bands of the order rollup as rows). Reports never read raw orders.
 */
import { AMOUNT_BAND_VALUES, AMOUNT_BANDS, PAY_TIME_BUCKETS, REPORT_NONE_KEY } from '@payops/contracts';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { reportMemberDays, reportOrderDays } from './reports.schema.ts';
import { ORDER_SOURCES, type OrderSource, ordersOfDays, statusIn } from './sources.ts';

export interface RollupSpec {
  /** Rollup column (camelCase) -> expression; the GROUP BY. */
  keys: Record<string, SQL>;
  /** Rollup column -> aggregate. */
  measures: Record<string, SQL>;
  from: SQL;
}

export interface StoredRollup {
  name: string;
  table: PgTable;
  sources: readonly OrderSource[];
  /** The rollup's rows for `source` over `days` (a set of dates aliased d(day), see ordersOfDays). */
  spec(source: OrderSource, days: SQL, tz: string): RollupSpec;
}

export interface ReadRollup {
  name: string;
  /** The FROM a report reads, aliased r. */
  from: SQL;
  /** Column (camelCase) -> expression over r: the keys a report may group or filter by, and the sums. */
  keys: Record<string, SQL>;
  measures: Record<string, SQL>;
  /**
   * A coarser read rollup summing the same records into measures of the same names (the member
   * rollup's: the order rollup's, every order having a member account): the totals row reads it when
   * the query filters only on keys it has, the same figures from far fewer rows (report-query.ts).
   */
  totals?: ReadRollup;
  /**
   * Its groups follow the member count (hundreds of thousands in a month), not the merchants and
   * passages: a page is read in key order and stops at its last group, and the groups are counted by
   * a read of their own that stops at TOTAL_CAP + 1. Another rollup's few thousand groups are counted
   * in the page's own read (a window), which costs less than grouping them twice (report-query.ts).
   */
  manyGroups?: boolean;
}

const success = sql.raw(`o.status = 'success'`);
const sumIf = (value: SQL, when: SQL) => sql`coalesce(sum(${value}) FILTER (WHERE ${when}), 0)`;
const countIf = (when: SQL) => sql`count(*) FILTER (WHERE ${when})`;
/** Seconds from creation to the end (success: finished_at; an older row without it: its last update). */
const seconds = sql`extract(epoch FROM coalesce(o.finished_at, o.updated_at) - o.created_at)`;

/** The success orders per time-to-finish bucket (contracts PAY_TIME_BUCKETS). */
function payTimeBuckets(): Record<string, SQL> {
  const out: Record<string, SQL> = {};
  PAY_TIME_BUCKETS.forEach((upper, i) => {
    const lower = i === 0 ? null : PAY_TIME_BUCKETS[i - 1];
    const conds = [success];
    if (lower !== null && lower !== undefined) conds.push(sql`${seconds} > ${sql.raw(String(lower))}`);
    if (upper !== null) conds.push(sql`${seconds} <= ${sql.raw(String(upper))}`);
    out[`payTime${i}`] = countIf(sql.join(conds, sql` AND `));
  });
  return out;
}

/** `o.amount` in band i of AMOUNT_BANDS (lower bound inclusive). */
function inBand(i: number): SQL {
  const low = sql.raw(AMOUNT_BANDS[i]!);
  const next = AMOUNT_BANDS[i + 1];
  return next ? sql`o.amount >= ${low} AND o.amount < ${sql.raw(next)}` : sql`o.amount >= ${low}`;
}

function amountBands(): Record<string, SQL> {
  const out: Record<string, SQL> = {};
  AMOUNT_BANDS.forEach((_, i) => {
    out[`band${i}Count`] = countIf(inBand(i));
    out[`band${i}SuccessCount`] = countIf(sql`${success} AND ${inBand(i)}`);
    out[`band${i}SuccessAmount`] = sumIf(sql`o.amount`, sql`${success} AND ${inBand(i)}`);
  });
  return out;
}

/** Counts and amounts by final state, shared by the order and member rollups. */
function stateMeasures(source: OrderSource): Record<string, SQL> {
  return {
    orderCount: sql`count(*)`,
    orderAmount: sql`coalesce(sum(o.amount), 0)`,
    successCount: countIf(success),
    successAmount: sumIf(sql`o.amount`, success),
    successFee: sumIf(sql`o.fee`, success),
    ...(source.failed.length
      ? {
          failedCount: countIf(statusIn(source.failed)),
          failedAmount: sumIf(sql`o.amount`, statusIn(source.failed)),
        }
      : {}),
  };
}

const commonKeys = (source: OrderSource) => ({
  day: sql`d.day`,
  source: sql`${source.name}::text`,
  direction: sql`${source.direction}::text`,
  family: source.family,
  merchantId: sql`o.merchant_id`,
});

export const orderDayRollup: StoredRollup = {
  name: 'order_day',
  table: reportOrderDays,
  sources: ORDER_SOURCES,
  spec: (source, days, tz) => ({
    keys: {
      ...commonKeys(source),
      passageId: sql`coalesce(o.passage_id, ${sql.raw(String(REPORT_NONE_KEY))})`,
      thirdPartyId: sql`coalesce(o.third_party_id, ${sql.raw(String(REPORT_NONE_KEY))})`,
      payType: source.payType,
    },
    measures: {
      ...stateMeasures(source),
      successChannelFee: sumIf(sql`o.channel_fee`, success),
      paySeconds: sumIf(seconds, success),
      ...payTimeBuckets(),
      ...amountBands(),
    },
    from: ordersOfDays(source, days, tz),
  }),
};

export const memberDayRollup: StoredRollup = {
  name: 'member_day',
  table: reportMemberDays,
  sources: ORDER_SOURCES,
  spec: (source, days, tz) => {
    const { failedCount: _c, failedAmount: _a, ...measures } = stateMeasures(source);
    return {
      keys: { ...commonKeys(source), memberAccount: sql`o.member_account` },
      measures,
      from: ordersOfDays(source, days, tz),
    };
  },
};

export const STORED_ROLLUPS: readonly StoredRollup[] = [orderDayRollup, memberDayRollup];

/** A stored rollup read as it is: its key columns and its measure columns. */
function storedRead(rollup: StoredRollup, keyNames: readonly string[]): ReadRollup {
  const columns = getTableColumns(rollup.table);
  const keys: Record<string, SQL> = {};
  const measures: Record<string, SQL> = {};
  for (const [name, column] of Object.entries(columns)) {
    const expr = sql`r.${sql.identifier(column.name)}`;
    if (keyNames.includes(name)) keys[name] = expr;
    else measures[name] = expr;
  }
  return { name: rollup.name, from: sql`${rollup.table} r`, keys, measures };
}

const KEYS = ['day', 'source', 'direction', 'family', 'merchantId', 'passageId', 'thirdPartyId', 'payType'];

/** The order rollup's amount bands as rows: one per band (its value, contracts AMOUNT_BAND_VALUES). */
function bandRead(): ReadRollup {
  const order = storedRead(orderDayRollup, KEYS);
  const values = sql.join(
    AMOUNT_BANDS.map(
      (_, i) =>
        sql`(${AMOUNT_BAND_VALUES[i]!}::text, r.${sql.identifier(`band_${i}_count`)}, r.${sql.identifier(`band_${i}_success_count`)}, r.${sql.identifier(`band_${i}_success_amount`)})`,
    ),
    sql`, `,
  );
  return {
    name: 'order_band',
    // The bands split every order (the first starts at 0): over all of them, the order rollup's figures.
    totals: order,
    from: sql`${reportOrderDays} r CROSS JOIN LATERAL (VALUES ${values}) AS b(band, order_count, success_count, success_amount)`,
    keys: { ...order.keys, band: sql`b.band` },
    measures: {
      orderCount: sql`b.order_count`,
      successCount: sql`b.success_count`,
      successAmount: sql`b.success_amount`,
    },
  };
}

const orderStored = storedRead(orderDayRollup, KEYS);
/** With the platform's margin on the success orders: their fees less what the providers charged. */
const orderRead: ReadRollup = {
  ...orderStored,
  measures: { ...orderStored.measures, successMargin: sql`(r.success_fee - r.success_channel_fee)` },
};
const READ_ROLLUPS = new Map<string, ReadRollup>(
  [
    orderRead,
    {
      ...storedRead(memberDayRollup, ['day', 'source', 'direction', 'family', 'merchantId', 'memberAccount']),
      totals: orderRead,
      manyGroups: true,
    },
    bandRead(),
  ].map((r) => [r.name, r]),
);

/** Another module's read rollup (a report over its own stored rollup). */
export function addReadRollup(rollup: ReadRollup): void {
  READ_ROLLUPS.set(rollup.name, rollup);
}

export function readRollup(name: string): ReadRollup {
  const r = READ_ROLLUPS.get(name);
  if (!r) throw new Error(`report rollup ${name} is not declared (modules/reports/rollups.ts)`);
  return r;
}

/** `SELECT keys, measures FROM .. GROUP BY keys` of a spec, columns in `names` order (an INSERT's list). */
export function specSelect(spec: RollupSpec): { names: string[]; select: SQL } {
  const names = [...Object.keys(spec.keys), ...Object.keys(spec.measures)];
  const exprs = [...Object.values(spec.keys), ...Object.values(spec.measures)];
  const groups = Object.keys(spec.keys).map((_, i) => sql.raw(String(i + 1)));
  return {
    names,
    select: sql`SELECT ${sql.join(exprs, sql`, `)} FROM ${spec.from} GROUP BY ${sql.join(groups, sql`, `)}`,
  };
}
