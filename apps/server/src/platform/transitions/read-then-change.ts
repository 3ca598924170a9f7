/**
 * A money transition as a read and ONE statement, outside a transaction: the row is read without a
 * lock (and the journal entry's id drawn with it), the effect made from it in JS (`hooks.prepare`: the
 * ledger entry, the rows the final state's listeners write, the extra), then one statement writes
 * everything: the guarded UPDATE (from the state read, and only where the columns the entry was made
 * from are unchanged), the status-history and other rows, the audit row (the shard's head moved in
 * it), and the entry's CTEs (ledger/statements.ts entryCtes) with the accounts' guarded changes and
 * postings. Two round trips instead of a transaction's six (issue 10: confirm transitions >= 1,000/s).
 * An operator's call keeps its Idempotency-Key and answer in the same statement (a FirstPart, before
 * the change: the change is made only when the key is new).
 *
 * PostgreSQL runs one statement atomically. When a part the change cannot do without wrote nothing
 * (a leg's balance guard refused, the entry's event was posted before), `payops_refuse_unless`
 * raises and nothing is written; when the row was not changed (not found, moved on, changed since
 * the read) nothing is written either. Both answer undefined: the caller then takes the transaction's
 * path, which says why (or, where the row moved to another allowed state, does it there).
 *
 * Locks are taken in the transaction path's order: the record's row, the audit shard's head, then the
 * ledger accounts in id order (the entry is gated on the head: evaluating it moves the head first).
 */
import type { TransitionBody, TransitionDef } from '@payops/contracts';
import { and, eq, is, Param, SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { clientOf, NamedStatement, sqlQuery } from '../../db/named-statement.ts';
import { chainAppendSql, chainAppendValues, chainRowKeys } from '../audit.ts';
import type { AppContext } from '../context.ts';
import type { BoundResource, Row } from '../crud/index.ts';
import { scopeCondition } from '../crud/query.ts';
import { sha256 } from '../hashing.ts';
import { type EntryInput, entryValues } from '../ledger/post.ts';
import { entryCtes } from '../ledger/statements.ts';
import type { Actor, TransitionHooks, TransitionOutcome } from './hooks.ts';
import { statusHistory } from './schema.ts';
import { changeWith, gatedInsert, guardedUpdate, rowsWithChange, setOf } from './statements.ts';

/** Writes said as data-modifying CTEs gated on the change (`upd`), built once per `key`. */
export interface ChangePart {
  /** Tells the statements apart: parts of one key build the same CTEs. */
  key: string;
  /** The CTEs; their placeholders are the keys of `values` (named apart from every other part's). */
  ctes: () => SQL[];
  values: Record<string, unknown>;
}

/**
 * A write the change depends on, before it in the statement (a request's Idempotency-Key kept with its
 * answer): the change is made only when the CTE `gate` answered a row; when it did and the change was
 * not made, the statement refuses (nothing of it is kept).
 */
export interface FirstPart extends ChangePart {
  gate: string;
}

/**
 * A row written with the change as a part (`name`: its CTE, and its placeholders' prefix); with
 * `conflict`, a row already there under that unique key is kept (nothing written).
 */
export function rowPart(
  name: string,
  table: PgTable,
  values: Record<string, unknown>,
  conflict: PgColumn[] = [],
): ChangePart {
  const keys = Object.keys(values).filter((k) => values[k] !== undefined);
  const prefix = `${name}_`;
  return {
    key: `${name}(${keys.join(',')})`,
    ctes: () => [sql`${sql.identifier(name)} AS (${gatedInsert(table, keys, 'upd', { prefix, conflict })})`],
    values: Object.fromEntries(keys.map((k) => [prefix + k, values[k]])),
  };
}

/** What `prepare` is given: the row read (no lock), the row as the change writes it, the entry's id. */
export interface PrepareStep {
  before: Row;
  /**
   * The row as the change writes it: the row read with the transition's state, `values` (those known
   * in JS) and updatedAt; with the prepared `set`, the outcome's `after`.
   */
  after: Row;
  body: TransitionBody;
  actor: Actor;
  now: Date;
  /** Drawn from ledger_entry_seq with the read: the entry's id. */
  entryId: number;
  ctx: AppContext;
}

export interface PreparedEffect {
  /** More columns the change sets (the entry's id kept on the record). */
  set: Row;
  /** Posted by the same statement; a refusal of any leg undoes the whole statement. */
  entry: EntryInput;
  /** Kept in the status history and the audit row, as the effect would answer it. */
  extra: Record<string, unknown>;
  /** Columns of the row read that the entry was made from: the change happens only where they are unchanged. */
  unchanged: string[];
  /** The effect's other writes (the final state's listeners' rows). */
  parts: ChangePart[];
}

/** Whether a transition can run so: its effect prepared, nothing decided on a locked row first. */
export function fitsReadThenChange(t: TransitionDef, hooks: TransitionHooks<unknown>) {
  return (
    hooks.prepare !== undefined &&
    (!hooks.check || hooks.checkWhere !== undefined) &&
    !hooks.set &&
    !hooks.gate &&
    !t.makerChecker &&
    !t.back
  );
}

/** SQLSTATE of payops_refuse_unless (migration 0032). */
const REFUSED = 'PY001';
const DRAWN = '@drawnEntryId';

const reads = new WeakMap<BoundResource, NamedStatement>();
const changes = new WeakMap<BoundResource, Map<string, NamedStatement>>();

/** The row by its key within the resource's scope, without a lock, and an entry id drawn with it. */
function readStatement(ctx: AppContext, r: BoundResource): NamedStatement {
  let statement = reads.get(r);
  if (!statement) {
    const fields = { ...r.tableColumns, [DRAWN]: sql<number>`nextval('ledger_entry_seq')`.mapWith(Number) };
    const query = ctx.db
      .select(fields)
      .from(r.table as never)
      .where(and(scopeCondition(r), eq(r.columns[r.def.key]!, sql.placeholder('id'))));
    statement = new NamedStatement(`read_${sha256(r.def.name).slice(0, 24)}`, query, fields);
    reads.set(r, statement);
  }
  return statement;
}

/**
 * Runs the transition as a read and one statement; its outcome, or undefined when nothing was written
 * (the caller's transaction path then says why). `auditRow`: the operation-log row of an outcome.
 */
export async function readThenChange(
  ctx: AppContext,
  r: BoundResource,
  t: TransitionDef,
  call: { id: unknown; body: TransitionBody; actor: Actor },
  hooks: TransitionHooks<unknown>,
  auditRow: (o: TransitionOutcome, now: Date) => Record<string, unknown>,
  /** The write the change depends on (FirstPart), made from the outcome. */
  first?: (o: TransitionOutcome) => FirstPart | undefined,
): Promise<TransitionOutcome | undefined> {
  const { id, body, actor } = call;
  const field = r.def.lifecycle!.field;
  const client = clientOf(ctx.db);
  const [read] = await readStatement(ctx, r).rows(client, { id });
  if (!read || !t.from.includes(String(read[field]))) return undefined;
  const { [DRAWN]: entryId, ...before } = read;
  const now = ctx.clock.now();
  const values = hooks.values?.({ body, actor, now }) ?? {};
  // Columns set by SQL (a drawn id) are known only after the change.
  const known = Object.fromEntries(Object.entries(values).filter(([, v]) => !is(v, SQL)));
  const after: Row = {
    ...before,
    ...known,
    [field]: t.to,
    ...(r.tableColumns.updatedAt ? { updatedAt: now } : {}),
  };
  const prepared = await hooks.prepare!({ before, after, body, actor, now, entryId: Number(entryId), ctx });
  if (!prepared) return undefined;
  const outcome = { before, after: { ...after, ...prepared.set }, result: null, extra: prepared.extra };
  const audit = auditRow(outcome, now);
  const firstPart = first?.(outcome);
  const history = {
    table: statusHistory,
    values: () => ({
      resource: r.def.name,
      recordId: String(id),
      transition: t.name,
      fromStatus: String(before[field]),
      toStatus: t.to,
      operatorId: actor.operatorId,
      operatorName: actor.username,
      reason: body.reason ?? '',
      at: now,
      extra: prepared.extra,
    }),
  };
  const rows = rowsWithChange([history, ...(hooks.rowsWithChange ?? [])], { id, body, actor, now });
  const { set, shape, params } = setOf({ ...values, ...prepared.set });
  const unchanged = [field, ...prepared.unchanged];
  const { values: entry, legs } = await entryValues(ctx.db, prepared.entry);
  const statement = changeStatement(ctx, r, t, {
    key: [
      t.name,
      shape,
      unchanged.join(','),
      rows.keys.map((k) => k.join(',')).join(';'),
      prepared.parts.map((p) => p.key).join(';'),
      chainRowKeys(audit).join(','),
      firstPart?.key ?? '',
    ].join(':'),
    set,
    unchanged,
    rowCtes: rows.ctes,
    parts: prepared.parts,
    audit: chainRowKeys(audit),
    where: hooks.checkWhere,
    first: firstPart,
  });
  const all: Record<string, unknown> = {
    ...chainAppendValues('operation_log', audit),
    ...rows.values,
    ...Object.fromEntries(Object.entries(entry).map(([k, v]) => [`entry_${k}`, v])),
    ...Object.fromEntries(unchanged.map((k) => [`was_${k}`, before[k]])),
    legs: legs.length,
    id,
    now,
    ...params,
  };
  for (const part of [...prepared.parts, ...(firstPart ? [firstPart] : [])]) Object.assign(all, part.values);
  try {
    const [[changed]] = (await statement.arrays(client, all)) as [[unknown]];
    return changed === null ? undefined : outcome;
  } catch (e) {
    if ((e as { code?: string }).code === REFUSED) return undefined;
    throw e;
  }
}

interface Shape {
  key: string;
  set: Row;
  unchanged: string[];
  rowCtes: () => SQL[];
  parts: ChangePart[];
  audit: string[];
  where?: SQL;
  first?: FirstPart;
}

/** The one statement per resource and shape, built once and prepared by name. */
function changeStatement(ctx: AppContext, r: BoundResource, t: TransitionDef, s: Shape): NamedStatement {
  const byKey = changes.get(r) ?? new Map<string, NamedStatement>();
  changes.set(r, byKey);
  const hit = byKey.get(s.key);
  if (hit) return hit;
  const key = r.columns[r.def.key]!;
  const gate = s.first && sql`EXISTS (SELECT 1 FROM ${sql.identifier(s.first.gate)})`;
  // Each unchanged column as `IS NOT DISTINCT FROM`: a column read as NULL still matches, and no
  // index serves the comparison, so the generic plan finds the row by its key (guardedUpdate) and
  // never by an unchanged column's index (with `=`, it took deposit_orders_amount_idx, where an
  // amount may be shared by thousands of orders).
  const unchanged = s.unchanged.map((k) => {
    const column = r.tableColumns[k]!;
    const was = new Param(sql.placeholder(`was_${k}`), column);
    return sql`${column} IS NOT DISTINCT FROM ${was}::${sql.raw(column.getSQLType())}`;
  });
  const guard = and(s.where, gate, ...unchanged);
  const { update } = guardedUpdate(ctx.db, r, t, { set: s.set, where: guard });
  const { head, insert } = chainAppendSql('operation_log', s.audit, 'upd');
  const ctes = [
    ...s.rowCtes(),
    ...s.parts.flatMap((p) => p.ctes()),
    sql`head AS (${head})`,
    sql`log AS (${insert})`,
    entryCtes('entry_', sql`EXISTS (SELECT 1 FROM head)`),
  ];
  // One row, with only the key (the row after is known: made from the row read). Reading `ins` here
  // posts the entry; a leg short refuses the whole statement, and so does a first write made without
  // the change it was for.
  const posted = sql`(SELECT count(*) FROM ins) = ${sql.placeholder('legs')}::int`;
  const changed = sql`EXISTS (SELECT 1 FROM upd)`;
  const ok = gate ? sql`NOT ${gate} OR (${changed} AND ${posted})` : sql`NOT ${changed} OR ${posted}`;
  const answer = sql`SELECT (SELECT ${sql.identifier(key.name)} FROM upd) AS key,
    payops_refuse_unless(${ok}, 'ledger entry') AS refused`;
  const made = new NamedStatement(
    `read_change_${sha256(`${r.def.name}:${s.key}`).slice(0, 24)}`,
    sqlQuery(changeWith(update, ctes, answer, s.first?.ctes())),
    { key },
  );
  byKey.set(s.key, made);
  return made;
}
