/**
 * Statements on the hot paths (a list page, a transition's guarded UPDATE, an audit row), built once
 * through drizzle's query builder and then run by name on the pool or on a transaction's client:
 * PostgreSQL parses and plans them once per connection, and neither the SQL nor drizzle's per-row
 * mapping is redone per request (issue 9, "Scale"). Values stay bound parameters; rows are decoded
 * by each selected field's own decoder, as drizzle does.
 */
import { createHash } from 'node:crypto';
import { Column, getTableColumns, is, Param, Placeholder, SQL, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';

/** Types read as text, as drizzle reads them: the columns' own decoders make their values. */
const AS_TEXT = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1115, // timestamp[]
  1182, // date[]
  1185, // timestamptz[]
  1187, // interval[]
  1231, // numeric[]
]);
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    AS_TEXT.has(oid) ? (v: string) => v : pg.types.getTypeParser(oid, format as 'text'),
};

/** How drizzle turns a driver value into a field's value (a column's, or `sql`'s `mapWith`). */
type Decoder = { mapFromDriverValue(v: unknown): unknown };
export type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;
type Row = Record<string, unknown>;

/**
 * The pg pool or client under a drizzle database or transaction (drizzle keeps it on its session):
 * a named statement runs on it so that, in a transaction, it is part of the transaction.
 */
export function clientOf(exec: unknown): Queryable {
  const client = (exec as { session?: { client?: Queryable } }).session?.client;
  if (!client?.query) throw new Error('not a drizzle node-postgres database or transaction');
  return client;
}

function placeholderValue(values: Record<string, unknown>, name: string): unknown {
  if (!(name in values)) throw new Error(`No value for placeholder "${name}"`);
  return values[name];
}

/**
 * drizzle's fillPlaceholders, except that null stays SQL NULL: drizzle's own builder never encodes a
 * null (a jsonb column would get the JSON text "null"; a timestamp's encoder would throw).
 */
function paramOf(p: unknown): (values: Record<string, unknown>) => unknown {
  if (is(p, Placeholder)) return (values) => placeholderValue(values, p.name);
  if (is(p, Param) && is(p.value, Placeholder)) {
    const { name } = p.value;
    return (values) => {
      const v = placeholderValue(values, name);
      return v === null || v === undefined ? null : p.encoder.mapToDriverValue(v);
    };
  }
  return () => p;
}

export class NamedStatement {
  private readonly config: { name: string; text: string; rowMode: 'array'; types: typeof types };
  /** Each parameter from the values given: a constant, a placeholder's value, or that through its column's encoder. */
  private readonly params: ((values: Record<string, unknown>) => unknown)[];
  readonly names: string[];
  private readonly decoders: Decoder[];

  /** `fields`: what the statement selects or returns, in its order (none for a plain write). */
  constructor(
    name: string,
    query: { toSQL(): { sql: string; params: unknown[] } },
    fields: Record<string, PgColumn | SQL | SQL.Aliased> = {},
  ) {
    const { sql: text, params } = query.toSQL();
    this.config = { name, text, rowMode: 'array', types };
    this.params = params.map(paramOf);
    this.names = Object.keys(fields);
    this.decoders = Object.values(fields).map((f) => {
      if (is(f, Column)) return f;
      const s = is(f, SQL.Aliased) ? f.sql : f;
      return (s as unknown as { decoder: Decoder }).decoder;
    });
  }

  /** The rows as arrays in the order of `fields`, decoded. */
  async arrays(client: Queryable, values: Record<string, unknown> = {}): Promise<unknown[][]> {
    const { rows } = await client.query<unknown[]>({
      ...this.config,
      values: this.params.map((p) => p(values)),
    });
    const { decoders } = this;
    for (const row of rows) {
      for (let i = 0; i < decoders.length; i++) {
        const v = row[i];
        if (v !== null) row[i] = decoders[i]!.mapFromDriverValue(v);
      }
    }
    return rows;
  }

  /** The rows as objects keyed by `fields`' names. */
  async rows(client: Queryable, values: Record<string, unknown> = {}): Promise<Row[]> {
    const { names } = this;
    return (await this.arrays(client, values)).map((a) => {
      const row: Row = {};
      for (let i = 0; i < names.length; i++) row[names[i]!] = a[i];
      return row;
    });
  }
}

const dialect = new PgDialect();

/** A statement written as drizzle `sql` (named placeholders for its values), as a query to name. */
export function sqlQuery(statement: SQL): { toSQL(): { sql: string; params: unknown[] } } {
  return { toSQL: () => dialect.sqlToQuery(statement) };
}

/** A NamedStatement of a statement written as drizzle `sql` (what the builder cannot say). */
export function namedSql(
  name: string,
  statement: SQL,
  fields: Record<string, PgColumn | SQL | SQL.Aliased> = {},
): NamedStatement {
  return new NamedStatement(name, sqlQuery(statement), fields);
}

/** A statement's name from what tells it apart (its text, or its table and columns). */
const nameOf = (prefix: string, of: string) =>
  `${prefix}_${createHash('sha256').update(of).digest('hex').slice(0, 24)}`;

/** Statement texts and the names they are prepared under; texts are few (values are parameters). */
const textNames = new Map<string, string>();
/** A bound on memory should a text ever carry a value: past it, statements run unnamed. */
const TEXT_NAMES_MAX = 1000;

/**
 * `statement` (drizzle `sql`, its values inline) run prepared under a name taken from its text: a
 * statement whose text never changes is parsed and planned once per connection, as a NamedStatement,
 * without rewriting its values as placeholders. Rows as node-postgres reads them.
 */
export async function executeNamed<T extends Row = Row>(client: Queryable, statement: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  let name = textNames.get(text);
  if (!name && textNames.size < TEXT_NAMES_MAX) {
    name = nameOf('text', text);
    textNames.set(text, name);
  }
  const { rows } = await client.query<T>({ name, text, values: params });
  return rows;
}

const inserts = new WeakMap<PgTable, Map<string, NamedStatement>>();

/** ` ON CONFLICT (columns) DO NOTHING`: a row already there under that unique key is kept (none: nothing). */
export function keepExisting(conflict: readonly PgColumn[]): SQL {
  return conflict.length
    ? sql` ON CONFLICT (${sql.join(
        conflict.map((c) => sql.identifier(c.name)),
        sql`, `,
      )}) DO NOTHING`
    : sql``;
}

/**
 * A statement that must answer no row for an insert to happen (insertRow's `unless`): e.g. a risk
 * check whose every row is a case to decide. `name` tells its statements apart; its values are named
 * placeholders given with the row's.
 */
export interface InsertGuard {
  name: string;
  sql: SQL;
}

/**
 * An INSERT of one row on the hot paths (an order, a routing decision), prepared by name per table and
 * set of columns given (a column left out takes its default): each value a bound parameter through its
 * column's encoder, as the query builder binds it, without building the statement per call. With
 * `conflict`, a row those columns already hold is left alone (no row answered). With `unless`, the
 * row is written only when that statement answers no row, in the same statement (so what it locks is
 * held until the row is in). Answers the row written, decoded by its columns, or undefined.
 */
export async function insertRow<T = Row>(
  client: Queryable,
  table: PgTable,
  values: Record<string, unknown>,
  conflict: PgColumn[] = [],
  unless?: InsertGuard,
): Promise<T | undefined> {
  const given = Object.keys(values).filter((k) => values[k] !== undefined && !k.startsWith(GUARD));
  const key = `${given.join(',')}|${conflict.map((c) => c.name).join(',')}|${unless?.name ?? ''}`;
  const byShape = inserts.get(table) ?? new Map<string, NamedStatement>();
  inserts.set(table, byShape);
  let statement = byShape.get(key);
  if (!statement) {
    const columns = getTableColumns(table) as Record<string, PgColumn>;
    const list = (keys: string[]) =>
      sql.join(
        keys.map((k) => sql.identifier(columns[k]!.name)),
        sql`, `,
      );
    const params = sql.join(
      given.map((k) => sql`${new Param(sql.placeholder(k), columns[k])}`),
      sql`, `,
    );
    const onConflict = keepExisting(conflict);
    const all = Object.keys(columns);
    const name = nameOf('insert', `${getTableConfig(table).name}|${key}`);
    // The guard is MATERIALIZED and read as the SELECT's one-time filter: it runs once, before the row.
    const insert = unless
      ? sql`WITH guard AS MATERIALIZED (${unless.sql}) INSERT INTO ${table} (${list(given)}) SELECT ${params} WHERE NOT EXISTS (SELECT 1 FROM guard)`
      : sql`INSERT INTO ${table} (${list(given)}) VALUES (${params})`;
    statement = namedSql(name, sql`${insert}${onConflict} RETURNING ${list(all)}`, columns);
    byShape.set(key, statement);
  }
  const [row] = await statement.rows(client, values);
  return row as T | undefined;
}

/** The prefix of a guard's placeholder names: values under it are the guard's, not columns. */
export const GUARD = 'guard_';
