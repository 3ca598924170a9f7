/**
 * SQL for a resource's list: filters from the definition's vocabulary (eq, in, contains, between),
 * a whitelisted sort with the key as tie-break (stable pages), and a total counted only up to
 * TOTAL_CAP + 1 rows so a list request never runs an unbounded count(*) (performance.md).
 * Every value travels as a bound parameter.
 */
import { type FieldDef, type ResourceDef, systemTextsMatching, TOTAL_CAP } from '@payops/contracts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  isNotNull,
  like,
  lte,
  or,
  Param,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';

export type Row = Record<string, unknown>;
export type Sort = { field: string; order: 'asc' | 'desc' };

/** A definition bound to its table: the columns of its stored fields, checked once at start-up. */
export interface BoundResource {
  def: ResourceDef;
  table: PgTable;
  /** Stored field name -> column. */
  columns: Record<string, PgColumn>;
  /** Every column of the table (for conventions such as createdAt/updatedAt/createdBy). */
  tableColumns: Record<string, PgColumn>;
  /**
   * Values every query filters on and every insert carries (several resources over one table); a list
   * or NOT_NULL (scopeCondition) only for a read-only view.
   */
  scope: Row;
  /** Virtual fields computed in SQL, read in the same statement as the rows (selection). */
  computed: Record<string, SQL>;
  /** The filters of virtual fields, as their module words them (registerCrud `conditions`). */
  conditions: Record<string, Condition>;
}

/**
 * A virtual field's filter: the rows a value selects, built per request (so it may read the app's
 * clock, e.g. withdrawals overdue now). Every value it puts in the SQL goes through `param`, which
 * binds it as the statement's parameter (list-page.ts prepares a statement once per shape).
 */
export type Condition = (value: unknown, param: (value: unknown) => unknown) => SQL;

/** A definition on its table; `serverScope` is added to the definition's own scope (a view's). */
export function bindResource(
  def: ResourceDef,
  table: PgTable,
  serverScope: Row = {},
  computed: Record<string, SQL> = {},
  conditions: Record<string, Condition> = {},
): BoundResource {
  const scope: Row = { ...def.scope, ...serverScope };
  const tableColumns = getTableColumns(table) as Record<string, PgColumn>;
  const columns: Record<string, PgColumn> = {};
  for (const f of Object.values(def.fields as Record<string, FieldDef>)) {
    if (f.virtual) continue;
    const col = tableColumns[f.name];
    if (!col) throw new Error(`Resource ${def.name}: field ${f.name} is not a column of its table`);
    columns[f.name] = col;
  }
  if (!columns[def.key]) throw new Error(`Resource ${def.name}: key ${def.key} is not a stored field`);
  for (const k of Object.keys(scope)) {
    if (!tableColumns[k]) throw new Error(`Resource ${def.name}: scope column ${k} is not on its table`);
  }
  for (const k of [...Object.keys(computed), ...Object.keys(conditions)]) {
    if (!(def.fields as Record<string, FieldDef>)[k]?.virtual)
      throw new Error(`Resource ${def.name}: ${k} is computed or a condition but not a virtual field`);
  }
  return { def, table, columns, tableColumns, scope, computed, conditions };
}

/** A JSON value of a field as the column takes it (ISO timestamps become Dates). */
export function toColumnValue(field: FieldDef, value: unknown): unknown {
  if (field.type === 'datetime' && typeof value === 'string') return new Date(value);
  return value;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Values of a statement prepared once per shape (list-page.ts): each bound value becomes a named
 * placeholder (with the column's encoder), and `shape` says what the SQL looks like without them.
 */
export class Binder {
  readonly values: Record<string, unknown> = {};
  readonly shape: string[] = [];
  private n = 0;

  bind(value: unknown, col?: PgColumn): unknown {
    const name = `p${this.n++}`;
    this.values[name] = value;
    return col ? new Param(sql.placeholder(name), col) : sql.placeholder(name);
  }
}

/**
 * A comma-separated set of codes in a text column has `code`. The expression is the one a GIN index
 * on the set is made on (`USING gin (string_to_array(col, ','))`), so that index serves it.
 */
export const setHas = (col: PgColumn | SQL, code: unknown): SQL =>
  sql`string_to_array(${col}, ',') @> ARRAY[${code}::text]`;

function filterCondition(field: FieldDef, col: PgColumn, value: unknown, b?: Binder): SQL | undefined {
  const v = (x: unknown) => (b ? b.bind(x, col) : x);
  switch (field.filter) {
    case 'eq':
      return eq(col, v(toColumnValue(field, value)));
    case 'in':
      return inArray(
        col,
        (value as unknown[]).map((x) => v(toColumnValue(field, x))),
      );
    case 'contains': {
      // A set of codes (choices): one of them, through an index on the set (e.g. members_finance_tags_idx).
      if (field.choices) return setHas(col, v(String(value)));
      // The cast lets non-text columns (cidr) be searched as their text form.
      const pattern = `%${escapeLike(String(value))}%`;
      const typed = ilike(sql`${col}::text`, b ? (b.bind(pattern) as string) : pattern);
      // A system text is stored as a code and read as words: searching the words finds it too.
      const codes =
        field.type === 'string' || field.type === 'text' ? systemTextsMatching(String(value)) : [];
      b?.shape.push(`~${codes.length}`);
      if (codes.length === 0) return typed;
      return or(
        typed,
        ...codes.flatMap((code) => {
          const detailed = `${escapeLike(code)}: %`;
          return [eq(col, v(code)), like(col, b ? (b.bind(detailed) as string) : detailed)];
        }),
      );
    }
    case 'between': {
      const [from, to] = value as [unknown, unknown];
      return and(
        from === null ? undefined : gte(col, v(toColumnValue(field, from))),
        to === null ? undefined : lte(col, v(toColumnValue(field, to))),
      );
    }
    default:
      return undefined;
  }
}

/** A scope value: the column has any value (a view of the rows that have one). */
export const NOT_NULL = Symbol('not null');

/** A scope value: the text column starts with `prefix` (e.g. an order-number family, D or W). */
export class StartsWith {
  constructor(readonly prefix: string) {}
}

/** A scope entry is a value, a list of values (any of them), NOT_NULL or StartsWith. */
export function scopeCondition(r: BoundResource): SQL | undefined {
  return and(
    ...Object.entries(r.scope).map(([k, v]) => {
      const col = r.tableColumns[k]!;
      if (v === NOT_NULL) return isNotNull(col);
      if (v instanceof StartsWith) return like(col, `${v.prefix.replace(/[\\%_]/g, '\\$&')}%`);
      return Array.isArray(v) ? inArray(col, v) : eq(col, v);
    }),
  );
}

/** The filters' condition; with a binder, its values as placeholders and its shape recorded. */
/**
 * A filters object's server-side restriction (registerCrud's `restrict`): column -> the values a
 * row's column must be one of, per request (an operator's assigned mailboxes). A symbol key, so no
 * request body can carry it; bound like an `in` filter (its length is part of the statement's shape).
 */
export const RESTRICT = Symbol('restrict');
export type Restriction = Record<string, readonly unknown[]>;

function restrictionOf(r: BoundResource, filters: Row, b?: Binder): SQL[] {
  const restriction = (filters as { [RESTRICT]?: Restriction })[RESTRICT];
  if (!restriction) return [];
  return Object.entries(restriction).map(([name, values]) => {
    const col = r.tableColumns[name]!;
    b?.shape.push(`!${name}:${values.length}`);
    return values.length
      ? inArray(
          col,
          values.map((v) => (b ? b.bind(v, col) : v)),
        )
      : sql`false`;
  });
}

export function whereOf(r: BoundResource, filters: Row, b?: Binder): SQL | undefined {
  const parts: (SQL | undefined)[] = [scopeCondition(r), ...restrictionOf(r, filters, b)];
  for (const [name, value] of Object.entries(filters)) {
    const field = (r.def.fields as Record<string, FieldDef>)[name];
    const col = r.columns[name];
    const condition = r.conditions[name];
    if (value === null || value === undefined || !field?.filter || !(col || condition)) continue;
    // An `in` list's length and a range's open ends change the SQL; the values do not. A virtual
    // field's condition may change its SQL with the value (overdue or not): the value is its shape.
    b?.shape.push(
      condition
        ? `${name}=${JSON.stringify(value)}`
        : `${name}:${Array.isArray(value) ? value.map((x) => (x === null ? '-' : 'v')).join('') : ''}`,
    );
    parts.push(
      condition ? condition(value, (v) => (b ? b.bind(v) : v)) : filterCondition(field, col!, value, b),
    );
  }
  return and(...parts);
}

export function orderOf(r: BoundResource, sort: Sort | undefined): SQL[] {
  const s = sort ?? r.def.defaultSort;
  const dir = s.order === 'asc' ? asc : desc;
  const key = r.columns[r.def.key]!;
  const col = r.columns[s.field] ?? key;
  return col === key ? [dir(key)] : [dir(col), dir(key)];
}

/**
 * The stored fields, selected by name (columns the definition does not declare never leave the
 * table), and the virtual fields computed in SQL.
 */
export function selection(r: BoundResource): Record<string, PgColumn | SQL> {
  return { ...r.columns, ...r.computed };
}

export async function selectPage(
  db: Db,
  r: BoundResource,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
  offset: number,
) {
  return (await db
    .select(selection(r))
    .from(r.table as never)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)) as Row[];
}

/** The statement counting at most cap + 1 rows (run as is, or prepared per shape by list-page.ts). */
export function cappedCount(db: Db, r: BoundResource, where: SQL | undefined, cap: number) {
  const inner = db
    .select({ one: sql`1` })
    .from(r.table as never)
    .where(where)
    .limit(cap + 1)
    .as('capped');
  return db.select({ n: count() }).from(inner);
}

/** A count of at most cap + 1 rows as the pager shows it: exact below the cap, "capped" above it. */
export function cappedResult(n: number, cap: number) {
  return { total: Math.min(n, cap), totalCapped: n > cap };
}

/** count(*) over at most cap + 1 rows: exact below the cap, "capped" above it. */
export async function cappedTotal(db: Db, r: BoundResource, where: SQL | undefined, cap = TOTAL_CAP) {
  const [row] = await cappedCount(db, r, where, cap);
  return cappedResult(row?.n ?? 0, cap);
}

export async function selectByKeys(db: Db, r: BoundResource, keys: unknown[], forUpdate = false) {
  const q = db
    .select(selection(r))
    .from(r.table as never)
    .where(and(scopeCondition(r), inArray(r.columns[r.def.key]!, keys)));
  return (await (forUpdate ? q.for('update') : q)) as Row[];
}
