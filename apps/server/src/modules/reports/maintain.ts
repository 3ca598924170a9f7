/**
 * Keeps the rollups equal to the raw orders (issue 14): a change feed with a watermark that cannot
 * skip or double-count, and a whole-group recompute that a retry cannot double-count.
 *
 * What changed: an order created (its `created_xid`) or transitioned (its status-history row's `xid`),
 * both written by the column default in the writing transaction: no statement is added to a
 * transition or a creation (platform/xid.ts). The feed reads the changes whose transaction id lies in
 * [watermark, xmin), xmin being `pg_snapshot_xmin(pg_current_snapshot())`: every transaction below it
 * has ended, so the set is final (a transaction committing late has an id >= the old xmin and is read
 * by a later run; a bigserial or timestamp watermark would pass it by).
 *
 * What is recomputed: each changed order's creation day (the platform's zone) for its source, as a
 * whole (DELETE + INSERT .. SELECT from the raw orders of that day), in the same transaction as the
 * watermark's move: a crash or retry redoes the same groups from the raw orders, never adds twice.
 * A late or corrected order thus updates the day it was created on.
 */
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { defineJob } from '../../platform/jobs/registry.ts';
import type { Tx } from '../../platform/ledger/index.ts';
import type { DayRange, Mismatch } from './rebuild.ts';
import { STORED_ROLLUPS, type StoredRollup, specSelect } from './rollups.ts';
import { ORDER_SOURCES, type OrderSource } from './sources.ts';

const FEED = 'orders';

/** The SQL name of a rollup's column (camelCase in specs). */
export function columnName(rollup: StoredRollup, name: string): string {
  const column = getTableColumns(rollup.table)[name];
  if (!column) throw new Error(`${rollup.name}: no column ${name}`);
  return column.name;
}

type Runner = Pick<Tx, 'execute'>;

/**
 * Replaces `rollup`'s rows of `source` over some days by their recompute: `days` a set-returning
 * expression of the dates (aliased d(day) by the spec), `dayList` the same as a subquery.
 */
export async function recompute(
  tx: Runner,
  rollup: StoredRollup,
  source: OrderSource,
  days: SQL,
  dayList: SQL,
  tz: string,
) {
  const spec = rollup.spec(source, days, tz);
  const { names, select } = specSelect(spec);
  const list = sql.join(
    names.map((n) => sql.identifier(columnName(rollup, n))),
    sql`, `,
  );
  await tx.execute(sql`DELETE FROM ${rollup.table} WHERE source = ${source.name} AND day IN (${dayList})`);
  await tx.execute(sql`INSERT INTO ${rollup.table} (${list}) ${select}`);
}

/** The distinct creation days (local) of the source's orders changed in [lo, hi). */
function changedDays(source: OrderSource, lo: string, hi: string, tz: string) {
  return sql`
    WITH h AS MATERIALIZED (
      SELECT record_id FROM status_history
       WHERE xid >= ${lo}::xid8 AND xid < ${hi}::xid8 AND resource = ${source.history}
    )
    SELECT (o.created_at AT TIME ZONE ${tz})::date::text AS day
      FROM ${source.table} o WHERE o.created_xid >= ${lo}::xid8 AND o.created_xid < ${hi}::xid8
    UNION
    SELECT (o.created_at AT TIME ZONE ${tz})::date::text
      FROM h JOIN ${source.table} o ON o.id = h.record_id::bigint`;
}

/**
 * Another module's rollups kept by the same feed (its own raw records, its own xid columns): each run
 * of the feed asks it to recompute what changed in [lo, hi), in the same transaction as the watermark's
 * move; the rebuild and its verify ask it for a range of days. Registered when the module loads.
 */
export interface RollupFeed {
  name: string;
  /** Recomputes the groups of what changed with a transaction id in [lo, hi); answers how many. */
  drain(tx: Runner, lo: string, hi: string, tz: string): Promise<number>;
  /** Recomputes every day of the range (the rebuild). */
  rebuild(tx: Runner, range: DayRange, tz: string): Promise<void>;
  /** Maintained rows vs their recompute over the range, in the caller's snapshot (the verify). */
  compare(tx: Runner, range: DayRange, tz: string): Promise<Mismatch[]>;
}

export const ROLLUP_FEEDS: RollupFeed[] = [];

export function addRollupFeed(feed: RollupFeed): void {
  if (!ROLLUP_FEEDS.some((f) => f.name === feed.name)) ROLLUP_FEEDS.push(feed);
}

/** Recomputes every stored rollup of `source` for `days`. */
export async function recomputeDays(tx: Runner, source: OrderSource, days: readonly string[], tz: string) {
  if (days.length === 0) return;
  const array = sql`${`{${days.join(',')}}`}::date[]`;
  for (const rollup of STORED_ROLLUPS)
    if (rollup.sources.includes(source))
      await recompute(tx, rollup, source, sql`unnest(${array})`, sql`SELECT unnest(${array})`, tz);
}

/**
 * Locks the feed's watermark (the rebuild and the feed never recompute the same group at once) and
 * answers it; undefined when `skipIfHeld` and another run holds it.
 */
export async function holdFeed(tx: Runner, skipIfHeld: boolean): Promise<string | undefined> {
  await tx.execute(
    sql`INSERT INTO report_watermarks (name, xid) VALUES (${FEED}, '0') ON CONFLICT DO NOTHING`,
  );
  const held = await tx.execute<{ xid: string }>(
    sql`SELECT xid::text FROM report_watermarks WHERE name = ${FEED} FOR UPDATE ${skipIfHeld ? sql`SKIP LOCKED` : sql``}`,
  );
  return held.rows[0]?.xid;
}

export interface DrainResult {
  /** Source-days recomputed. */
  groups: number;
  /** False when another run held the feed (this one did nothing). */
  ran: boolean;
}

/**
 * One run of the feed: reads the changes below xmin, recomputes their days, moves the watermark; all in
 * one transaction. A run that finds another one working returns at once (`ran: false`), unless
 * `waitIfHeld` (the verify, which must see everything rolled up).
 */
export async function drainChanges(db: Db, tz: string, waitIfHeld = false): Promise<DrainResult> {
  return db.transaction(async (tx) => {
    const lo = await holdFeed(tx, !waitIfHeld);
    if (lo === undefined) return { groups: 0, ran: false };
    const top = await tx.execute<{ hi: string; moved: boolean }>(
      sql`SELECT x::text AS hi, x > ${lo}::xid8 AS moved FROM (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS x) s`,
    );
    const { hi, moved } = top.rows[0]!;
    if (!moved) return { groups: 0, ran: true };
    let groups = 0;
    for (const source of ORDER_SOURCES) {
      const days = (await tx.execute<{ day: string }>(changedDays(source, lo, hi, tz))).rows.map(
        (r) => r.day,
      );
      await recomputeDays(tx, source, days, tz);
      groups += days.length;
    }
    for (const feed of ROLLUP_FEEDS) groups += await feed.drain(tx, lo, hi, tz);
    await tx.execute(sql`UPDATE report_watermarks SET xid = ${hi}::xid8 WHERE name = ${FEED}`);
    return { groups, ran: true };
  });
}

/**
 * Runs the feed until it has rolled up every transaction committed before the call. One run takes only
 * what lies below the cluster's oldest running transaction, and another database's transaction can
 * hold that back for a moment; the demo's last step and the verify must see everything, a page's read
 * must not wait (it runs the feed once). Gives up after `timeoutMs` (a write left open that long is
 * not waited out): what it could not take, the minute's job takes later, and a verify reports it.
 */
export async function drainEverythingBefore(db: Db, tz: string, timeoutMs = 30_000): Promise<number> {
  const next = await db.execute<{ xid: string }>(
    sql`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xid`,
  );
  const target = next.rows[0]!.xid;
  const until = Date.now() + timeoutMs;
  let groups = 0;
  for (;;) {
    groups += (await drainChanges(db, tz, true)).groups;
    const fed = await db.execute<{ past: boolean }>(
      sql`SELECT xid >= ${target}::xid8 AS past FROM report_watermarks WHERE name = ${FEED}`,
    );
    if (fed.rows[0]?.past || Date.now() > until) return groups;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every minute; the report pages also run the feed before they read, so they show the last change. */
export const reportRollupJob = defineJob({
  name: 'report-rollups',
  schedule: '* * * * *',
  retry: { limit: 3, delaySeconds: 10, backoff: true },
  handler: (ctx) => drainChanges(ctx.db, ctx.config.timeZone),
});
