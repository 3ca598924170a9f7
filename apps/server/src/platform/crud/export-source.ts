/**
 * The rows of an export, read from one snapshot: a REPEATABLE READ READ ONLY transaction on its own
 * connection, batch after batch by keyset (never OFFSET), so an export of any size sees the table as
 * it was when it began and costs the same per batch at any depth.
 *
 * The rows are counted, and the first batch read, before the caller sends anything: a query that fails at once answers an
 * error, not a 200 with an empty file. A failure after that ends the stream with the error, and the
 * server then aborts the response, so the client sees a failed download, never a truncated file that
 * looks complete (issue 18 §1).
 */

import { count, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Position } from './keyset.ts';
import { readRows } from './list-page.ts';
import type { BoundResource, Row, Sort } from './query.ts';

/** Rows per batch read (and per presented chunk); tests lower it to see several batches. */
export const exportReading = { batchRows: 1000 };

/** A read-only snapshot on a connection of its own, and its end (committed, or rolled back on failure). */
export async function openSnapshot(pool: pg.Pool) {
  const client = await pool.connect();
  let open = true;
  const end = async (failed: boolean) => {
    if (!open) return;
    open = false;
    try {
      await client.query(failed ? 'ROLLBACK' : 'COMMIT');
      client.release();
    } catch (e) {
      // A connection that cannot even roll back is not given back to the pool.
      client.release(e instanceof Error ? e : true);
    }
  };
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  } catch (e) {
    await end(true);
    throw e;
  }
  return { db: drizzle(client), end };
}

/**
 * The batches of a snapshot: the first (already read), then `next` until it answers none; the
 * snapshot ends when they do, fail, or the consumer stops early (the client went away).
 */
export async function* snapshotRest<T>(
  end: (failed: boolean) => Promise<void>,
  first: T[],
  next: () => Promise<T[] | null>,
): AsyncIterable<T[]> {
  let failed = true;
  try {
    if (first.length) yield first;
    for (let batch = await next(); batch; batch = await next()) if (batch.length) yield batch;
    failed = false;
  } finally {
    await end(failed);
  }
}

export async function snapshotBatches(
  pool: pg.Pool,
  r: BoundResource,
  where: SQL | undefined,
  sort: Sort,
  present: (rows: Row[]) => Promise<Row[]>,
): Promise<{ rows: number; batches: AsyncIterable<Row[]> }> {
  const batch = exportReading.batchRows;
  const { db, end } = await openSnapshot(pool);
  let first: { rows: Row[]; shown: Row[]; next: Position | undefined };
  let total: number;
  try {
    // Counted in the same snapshot, so the audit row's count is exactly what the file holds.
    const counted = (await db
      .select({ n: count() })
      .from(r.table as never)
      .where(where)) as { n: number }[];
    total = counted[0]?.n ?? 0;
    const read = await readRows(db, r, where, sort, batch, { offset: 0 });
    first = { rows: read.rows, shown: await present(read.rows), next: read.positions.at(-1) };
  } catch (e) {
    await end(true);
    throw e;
  }
  let more = first.rows.length === batch ? first.next : undefined;
  const next = async () => {
    if (!more) return null;
    const read = await readRows(db, r, where, sort, batch, { after: more });
    more = read.rows.length === batch ? read.positions.at(-1) : undefined;
    return read.rows.length ? present(read.rows) : [];
  };
  return { rows: total, batches: snapshotRest(end, first.shown, next) };
}
