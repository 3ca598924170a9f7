/**
 * Fast inserts for generated data: one INSERT ... SELECT FROM unnest(array per column) per table batch,
 * so PostgreSQL parses one small statement instead of tens of thousands of parameters, and ids are
 * taken from the table's sequence first so the caller knows which row got which id.
 */
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../platform/ledger/index.ts';

/** `n` fresh ids from the serial sequence of `table`.id. */
export async function takeIds(tx: Tx, table: PgTable, n: number): Promise<number[]> {
  if (n === 0) return [];
  const { rows } = await tx.execute<{ id: string }>(
    sql`SELECT nextval(pg_get_serial_sequence(${getTableName(table)}, 'id')) AS id FROM generate_series(1, ${n})`,
  );
  return rows.map((r) => Number(r.id));
}

/** Inserts rows (objects keyed by the table's property names; every row has the same keys). */
export async function insertRows(
  tx: Tx,
  table: PgTable,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(rows[0]!).filter((k) => columns[k]);
  const values = (key: string, col: PgColumn) =>
    rows.map((row) => {
      const v = row[key];
      if (v === null || v === undefined) return null;
      return col.getSQLType() === 'jsonb' ? JSON.stringify(v) : col.mapToDriverValue(v);
    });
  const typeOf = (col: PgColumn) =>
    ({ bigserial: 'bigint', serial: 'integer' })[col.getSQLType()] ?? col.getSQLType();
  const names = sql.raw(keys.map((k) => `"${columns[k]!.name}"`).join(', '));
  const arrays = sql.join(
    keys.map((k) => sql`${sql.param(values(k, columns[k]!))}::${sql.raw(typeOf(columns[k]!))}[]`),
    sql`, `,
  );
  await tx.execute(sql`INSERT INTO ${table} (${names}) SELECT * FROM unnest(${arrays})`);
}
