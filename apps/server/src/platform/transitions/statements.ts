/**
 * The statements a transition is made of, as SQL the runners (run.ts, one-statement.ts) put together:
 * the guarded UPDATE that locks the row and answers its state before, the columns a transition sets,
 * the status-history row (and other rows) INSERTed by data-modifying CTEs of the same statement.
 */
import type { TransitionDef } from '@payops/contracts';
import { and, eq, getTableColumns, inArray, is, Param, SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type PgColumn, PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import { keepExisting, sqlQuery } from '../../db/named-statement.ts';
import type { BoundResource, Row } from '../crud/index.ts';
import { scopeCondition } from '../crud/query.ts';
import type { Tx } from '../ledger/accounts.ts';
import type { StatementPart } from './hooks.ts';
import { statusHistory } from './schema.ts';

const OLD_STATUS = '@oldStatus';
const OLD_UPDATED_AT = '@oldUpdatedAt';
/** The answer's field of a `values` column's value before the change. */
const OLD = '@old:';

export function statusColumn(r: BoundResource): PgColumn {
  return r.columns[r.def.lifecycle!.field]!;
}

/**
 * The columns `values` sets in a guarded UPDATE: each a placeholder `set_<key>` (its value in
 * `params`), or SQL written into the statement; `shape` tells the statements apart (one per set of
 * columns and SQL).
 */
export function setOf(values: Row): { set: Row; shape: string; params: Record<string, unknown> } {
  const set: Row = {};
  const params: Record<string, unknown> = {};
  const shape: string[] = [];
  for (const [k, v] of Object.entries(values)) {
    if (is(v, SQL)) {
      set[k] = v;
      shape.push(`${k}=${dialect.sqlToQuery(v).sql}`);
    } else {
      set[k] = sql.placeholder(`set_${k}`);
      params[`set_${k}`] = v;
      shape.push(k);
    }
  }
  return { set, shape: shape.join(','), params };
}

/** The row before and after from a guarded UPDATE's answer (its row after and the old state). */
export function beforeAndAfter(r: BoundResource, row: Row): { before: Row; after: Row } {
  const field = r.def.lifecycle!.field;
  const updatedAt = r.tableColumns.updatedAt;
  const { [OLD_STATUS]: status, [OLD_UPDATED_AT]: oldUpdatedAt, ...rest } = row;
  const before: Row = {};
  const after: Row = {};
  for (const [k, v] of Object.entries(rest)) {
    if (k.startsWith(OLD)) before[k.slice(OLD.length)] = v;
    else after[k] = v;
  }
  return {
    before: { ...after, ...before, [field]: status, ...(updatedAt ? { updatedAt: oldUpdatedAt } : {}) },
    after,
  };
}

/**
 * What a route answers of a guarded UPDATE (the key, the state after and before), selected from `upd`
 * in place of its whole row: every column selected is sent, described and decoded on each call (a
 * merchant's row has 26), and the answer needs three. beforeAndAfter reads it as it reads the row.
 */
export function stateOfChange(r: BoundResource) {
  const key = r.columns[r.def.key]!;
  const status = statusColumn(r);
  return {
    select: sql`SELECT ${sql.identifier(key.name)}, ${sql.identifier(status.name)}, old_status FROM upd`,
    fields: { [r.def.key]: key, [r.def.lifecycle!.field]: status, [OLD_STATUS]: sql<string>`old_status` },
  };
}

/**
 * The guarded UPDATE of lockAndUpdate (placeholders `id` and `now`): the row locked in a subquery that
 * returns its state before, changed only from an allowed state, answering the row after and the old
 * state (and updatedAt, and the columns of `set`).
 */
export function guardedUpdate(
  tx: Pick<Tx, 'select' | 'update'>,
  r: BoundResource,
  transition: TransitionDef,
  /** A caller's own columns (constants or placeholders) and condition (its `check` hook as SQL). */
  more: { set?: Row; where?: SQL } = {},
) {
  const field = r.def.lifecycle!.field;
  const updatedAt = r.tableColumns.updatedAt;
  const set = more.set ?? {};
  const olds = Object.keys(set).map((k, i) => {
    const c = r.tableColumns[k] as PgColumn;
    return [k, sql`${c}`.mapWith(c).as(`old_set_${i}`)] as const;
  });
  const old = tx
    .select({
      key: sql`${r.columns[r.def.key]!}`.as('old_key'),
      status: sql<string>`${statusColumn(r)}`.as('old_status'),
      ...(updatedAt ? { updatedAt: sql`${updatedAt}`.mapWith(updatedAt).as('old_updated_at') } : {}),
      ...Object.fromEntries(olds.map(([, a], i) => [`set${i}`, a])),
    })
    .from(r.table as never)
    .where(and(scopeCondition(r), eq(r.columns[r.def.key]!, sql.placeholder('id'))))
    .for('update')
    .as('old_row');
  const values: Row = {
    ...set,
    [field]: transition.to,
    ...(updatedAt && !('updatedAt' in set) ? { updatedAt: sql.placeholder('now') } : {}),
  };
  const oldFields = old as unknown as Record<string, SQL.Aliased>;
  const fields = {
    ...r.tableColumns,
    [OLD_STATUS]: old.status,
    ...(updatedAt ? { [OLD_UPDATED_AT]: oldFields.updatedAt! } : {}),
    ...Object.fromEntries(olds.map(([k], i) => [`${OLD}${k}`, oldFields[`set${i}`]!])),
  };
  const update = tx
    .update(r.table)
    .set(values as never)
    .from(old)
    .where(
      and(
        // The key given as well as the locked row's: the row to change is then found by its key's
        // index. Joined on old_key alone, the generic plan of a small table scanned every row in a
        // from-state (a bitmap scan on the status index) and kept the locked one.
        eq(r.columns[r.def.key]!, sql.placeholder('id')),
        eq(r.columns[r.def.key]!, old.key),
        inArray(statusColumn(r), [...transition.from]),
        more.where,
      ),
    )
    .returning(fields as never);
  return { update, fields: fields as Record<string, PgColumn | SQL | SQL.Aliased> };
}

const dialect = new PgDialect();

/**
 * The guarded UPDATE with the status-history row INSERTed from its result in the same statement
 * (a data-modifying CTE: no history row when nothing was updated). The history's values are
 * placeholders named after its columns (typed: in a SELECT list PostgreSQL would read them as text);
 * its from status is the locked row's. `more`: further CTEs of the same statement (an audit row).
 */
export function withHistory(
  update: SQLWrapper,
  more?: SQL,
  select: SQL = sql`SELECT * FROM upd`,
  /** The history row's `extra` as expressions of the updated row (TransitionHooks.historyExtra). */
  extra: Record<string, SQL> = {},
) {
  return sqlQuery(changeWith(update, [historyCte(extra), ...(more ? [more] : [])], select));
}

/**
 * The guarded UPDATE as the CTE `upd`, then `ctes` (rows written with it), then `select`; `first`:
 * CTEs before it (a write the UPDATE reads).
 */
export function changeWith(
  update: SQLWrapper,
  ctes: SQL[],
  select: SQL = sql`SELECT * FROM upd`,
  first: SQL[] = [],
): SQL {
  const all = [...first, sql`upd AS (${update.getSQL()})`, ...ctes];
  return sql`WITH ${sql.join(all, sql`, `)} ${select}`;
}

/**
 * The status-history row written with the change (`hist`), its values placeholders after its columns;
 * its `extra` the object of `extra`'s expressions (NULL when there are none, as runTransition writes it).
 */
function historyCte(extra: Record<string, SQL>): SQL {
  const given = [
    'resource',
    'recordId',
    'transition',
    'toStatus',
    'operatorId',
    'operatorName',
    'reason',
    'at',
  ] as const;
  const pairs = Object.entries(extra).map(([k, v]) => sql`${sql.raw(`'${k}'`)}, ${v}`);
  const computed: Record<string, SQL> = { fromStatus: sql.raw('upd.old_status') };
  if (pairs.length) computed.extra = sql`jsonb_build_object(${sql.join(pairs, sql`, `)})`;
  const hist = gatedInsert(statusHistory, given, 'upd', { computed });
  return sql`hist AS (${hist})`;
}

/** What a row written with a change is made from (StatementPart's `values`). */
type RowCall = Parameters<StatementPart['rows'][number]['values']>[0];

/** The placeholders' prefix of the i-th row written with a change. */
const rowPrefix = (i: number) => `part${i}_`;

/**
 * Rows written with a change (a statement part's, or `rowsWithChange`): one data-modifying CTE each
 * (`part<i>`), gated on `upd`, and the statement's values for them (`keys`: each row's placeholders,
 * which the statement's shape depends on).
 */
export function rowsWithChange(rows: StatementPart['rows'], call: RowCall) {
  const values: Record<string, unknown> = {};
  const keys = rows.map((row, i) => {
    const v = row.values(call);
    for (const [k, value] of Object.entries(v)) values[`${rowPrefix(i)}${k}`] = value;
    return Object.keys(v);
  });
  /** The CTEs (built once per statement shape, when the statement is). */
  const ctes = () =>
    rows.map(
      (row, i) =>
        sql`${sql.raw(`part${i}`)} AS (${gatedInsert(row.table, keys[i]!, 'upd', {
          computed: row.computed,
          prefix: rowPrefix(i),
        })})`,
    );
  return { values, keys, ctes };
}

/**
 * `INSERT INTO table (keys...) SELECT <placeholders> FROM gate`: a row written by a data-modifying CTE
 * only when the CTE `gate` answered one. Each value is the placeholder named after its key, cast to
 * its column's type (in a SELECT list PostgreSQL would read a parameter as text), its name prefixed by
 * `prefix` (two rows of one statement); `computed` columns take an expression instead (the gate's).
 */
export function gatedInsert(
  table: PgTable,
  keys: readonly string[],
  gate: string,
  {
    computed = {},
    prefix = '',
    conflict = [],
  }: {
    computed?: Record<string, SQL>;
    prefix?: string;
    /** Columns of a unique key: a row already there is kept, and nothing written (DO NOTHING). */
    conflict?: PgColumn[];
  } = {},
) {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const all = [...keys, ...Object.keys(computed)];
  const names = sql.join(
    all.map((k) => sql.identifier(columns[k]!.name)),
    sql`, `,
  );
  const values = sql.join(
    all.map(
      (k) =>
        computed[k] ??
        sql`${new Param(sql.placeholder(prefix + k), columns[k])}::${sql.raw(columns[k]!.getSQLType())}`,
    ),
    sql`, `,
  );
  return sql`INSERT INTO ${table} (${names}) SELECT ${values} FROM ${sql.identifier(gate)}${keepExisting(conflict)}`;
}
