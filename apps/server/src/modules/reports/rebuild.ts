/**
 * `npm run reports:rebuild [--from --to] [--verify]` (issue 14): recomputes the rollups of a range of
 * days (default: every day with orders) from the raw orders, or, with --verify, recomputes them in
 * a snapshot and compares with the maintained rows to the cent, changing nothing.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { columnName, drainEverythingBefore, holdFeed, ROLLUP_FEEDS, recomputeDays } from './maintain.ts';
import { STORED_ROLLUPS, specSelect } from './rollups.ts';
import { ORDER_SOURCES } from './sources.ts';

export interface DayRange {
  from: string;
  to: string;
}

/** Every local day from the first order's to the last's; null when there are no orders. */
export async function orderDays(db: Pick<Db, 'execute'>, tz: string): Promise<DayRange | null> {
  const parts = ORDER_SOURCES.map(
    (s) => sql`SELECT min(created_at) AS lo, max(created_at) AS hi FROM ${s.table}`,
  );
  const { rows } = await db.execute<{ from: string | null; to: string | null }>(sql`
    SELECT (min(lo) AT TIME ZONE ${tz})::date::text AS from, (max(hi) AT TIME ZONE ${tz})::date::text AS to
      FROM (${sql.join(parts, sql` UNION ALL `)}) t`);
  const r = rows[0];
  return r?.from && r.to ? { from: r.from, to: r.to } : null;
}

const daysOf = (range: DayRange) =>
  sql`(SELECT g::date FROM generate_series(${range.from}::date, ${range.to}::date, interval '1 day') g)`;

function dayList(range: DayRange): string[] {
  const out: string[] = [];
  for (
    let d = new Date(`${range.from}T00:00:00Z`);
    d <= new Date(`${range.to}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + 1)
  )
    out.push(d.toISOString().slice(0, 10));
  return out;
}

/** Recomputes every rollup of every source over the range; answers the days done. */
export async function rebuildRollups(db: Db, tz: string, range: DayRange): Promise<number> {
  const days = dayList(range);
  await db.transaction(async (tx) => {
    await holdFeed(tx, false);
    for (const source of ORDER_SOURCES) await recomputeDays(tx, source, days, tz);
    for (const feed of ROLLUP_FEEDS) await feed.rebuild(tx, range, tz);
  });
  return days.length;
}

export interface Mismatch {
  rollup: string;
  source: string;
  /** Rows only in the maintained rollup / only in the recompute. */
  stale: number;
  missing: number;
}

/** Maintained rows vs their recompute from the raw orders, in one snapshot. */
async function compare(db: Db, tz: string, range: DayRange): Promise<Mismatch[]> {
  return db.transaction(
    async (tx) => {
      const out: Mismatch[] = [];
      for (const rollup of STORED_ROLLUPS)
        for (const source of rollup.sources) {
          const { names, select } = specSelect(rollup.spec(source, daysOf(range), tz));
          const cols = sql.join(
            names.map((n) => sql.identifier(columnName(rollup, n))),
            sql`, `,
          );
          const kept = sql`SELECT ${cols} FROM ${rollup.table}
            WHERE source = ${source.name} AND day BETWEEN ${range.from}::date AND ${range.to}::date`;
          const { rows } = await tx.execute<{ stale: number; missing: number }>(sql`
            WITH fresh AS (${select}), kept AS (${kept})
            SELECT (SELECT count(*) FROM (SELECT * FROM kept EXCEPT ALL SELECT * FROM fresh) a)::int AS stale,
                   (SELECT count(*) FROM (SELECT * FROM fresh EXCEPT ALL SELECT * FROM kept) b)::int AS missing`);
          const { stale, missing } = rows[0]!;
          if (stale || missing) out.push({ rollup: rollup.name, source: source.name, stale, missing });
        }
      for (const feed of ROLLUP_FEEDS) out.push(...(await feed.compare(tx, range, tz)));
      return out;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * Whether the maintained rollups equal their recompute over the range. The feed runs first (what is
 * not yet rolled up is not a mismatch); a change landing between the feed and the snapshot is, so a
 * mismatch is checked again after another run of the feed, up to three times.
 */
export async function verifyRollups(db: Db, tz: string, range: DayRange): Promise<Mismatch[]> {
  let mismatches: Mismatch[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    await drainEverythingBefore(db, tz);
    mismatches = await compare(db, tz, range);
    if (mismatches.length === 0) break;
  }
  return mismatches;
}
