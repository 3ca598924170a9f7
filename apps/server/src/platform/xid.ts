/**
 * The writing transaction's id as a column (PostgreSQL's xid8, `pg_current_xact_id()` by default): a
 * change feed reads rows by it up to `pg_snapshot_xmin(pg_current_snapshot())`, below which every
 * transaction has ended, so a row whose transaction commits late is read late but never skipped
 * (a bigserial or timestamp watermark would pass it by). Used by the report rollups (modules/reports).
 */
import { sql } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/** The id of the transaction that wrote the row (set on INSERT, by default). */
export const writerXid = (name: string) => xid8(name).notNull().default(sql`pg_current_xact_id()`);

export { xid8 };
