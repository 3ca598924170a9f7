/**
 * One transition on one record, inside the caller's transaction: lock the row, check that it is in a
 * `from` state (and, under maker-checker, that the actor is not its maker), the guarded
 * `UPDATE ... WHERE key = $1 AND status = ANY($from)`, the module's effect (ledger postings...), and
 * the status-history row. Any refusal throws before anything is written, and the caller's transaction
 * rolls back whatever the effect did if a later step fails: one effect, or none.
 *
 * A transition with nothing to decide on the row first (no set hook, no maker-checker, a check said
 * as SQL or none) does the lock, the state check and the change in one statement (lockAndUpdate), and
 * without an effect the status-history row in that statement too: one round trip instead of three.
 *
 * N operators racing on one record: the first takes the row lock; the others wait for its commit,
 * then read the new status and are refused with "no longer in state X" (never a second effect).
 */
import {
  ErrorCode,
  type FieldDef,
  type Locale,
  type ResourceDef,
  type TransitionBody,
  type TransitionDef,
} from '@payops/contracts';
import { and, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { clientOf, NamedStatement, sqlQuery } from '../../db/named-statement.ts';
import type { BoundResource, Row } from '../crud/index.ts';
import { scopeCondition } from '../crud/query.ts';
import { AppError, fieldError, fieldsError } from '../errors.ts';
import { sha256 } from '../hashing.ts';
import type { Tx } from '../ledger/accounts.ts';
import { stateLabel } from '../state-label.ts';
import type { Actor, TransitionHooks, TransitionOutcome } from './hooks.ts';
import { statusHistory } from './schema.ts';
import {
  beforeAndAfter,
  changeWith,
  guardedUpdate,
  rowsWithChange,
  setOf,
  statusColumn,
  withHistory,
} from './statements.ts';

const text = {
  noLonger: {
    'zh-CN': (from: string, now: string) => `已不是「${from}」状态（当前：${now}），请刷新后重试`,
    'en-US': (from: string, now: string) => `is no longer ${from} (now: ${now}); refresh and try again`,
  },
  maker: {
    'zh-CN': '发起人不能复核自己的申请',
    'en-US': 'the maker cannot approve or reject their own request',
  },
} as const;

export async function runTransition<R>(
  tx: Tx,
  r: BoundResource,
  transition: TransitionDef,
  id: unknown,
  body: TransitionBody,
  actor: Actor,
  now: Date,
  hooks: TransitionHooks<R> = {},
  /** The caller's audit row of the outcome, written before the effect's `last` work. */
  audit?: (o: TransitionOutcome<R>) => Promise<void>,
): Promise<TransitionOutcome<R>> {
  const { def } = r;
  const lifecycle = def.lifecycle!;
  const keyCol = r.columns[def.key]!;
  const maker = transition.makerChecker?.requesterField;
  const history = {
    resource: def.name,
    recordId: String(id),
    transition: transition.name,
    toStatus: transition.to,
    operatorId: actor.operatorId,
    operatorName: actor.username,
    reason: body.reason ?? '',
    at: now,
  };
  const fast = (!hooks.check || hooks.checkWhere) && !hooks.set && !maker && !transition.back;
  // The history row is known before the change (no effect, or one whose extra is said in SQL): the
  // change's statement writes it.
  const historyExtra = hooks.effect ? hooks.historyExtra : {};
  const values = hooks.values?.({ body, actor, now }) ?? {};
  const withChange = rowsWithChange(hooks.rowsWithChange ?? [], { id, body, actor, now });
  const changed = fast
    ? await lockAndUpdate(
        tx,
        r,
        transition,
        id,
        now,
        historyExtra ? { values: history, extra: historyExtra } : null,
        values,
        hooks.checkWhere,
        withChange,
      )
    : null;
  const { before, after } =
    changed ??
    (await checkAndUpdate(
      tx,
      r,
      transition,
      id,
      and(scopeCondition(r), eq(keyCol, id)),
      actor,
      now,
      hooks.values ? { ...hooks, set: (step) => ({ ...values, ...hooks.set?.(step) }) } : hooks,
      body,
    ));
  const current = String(before[lifecycle.field]);
  const step = { transition, before, body, actor, now };
  const rowsWritten = changed !== null && (hooks.rowsWithChange?.length ?? 0) > 0;
  const outcome = (await hooks.effect?.({ ...step, tx, after, rowsWritten })) ?? {};
  const extra = { ...outcome.extra };
  if (!changed || !historyExtra) {
    await historyInsert(tx).arrays(clientOf(tx), {
      ...history,
      toStatus: String(after[lifecycle.field]),
      fromStatus: current,
      extra: Object.keys(extra).length ? extra : null,
    });
  }
  const done = { before, after, result: outcome.result ?? null, extra };
  await audit?.(done);
  await outcome.last?.();
  return done;
}

type HistoryValues = Omit<typeof statusHistory.$inferInsert, 'id' | 'fromStatus' | 'extra' | 'xid'>;

/**
 * The hot statements of a transition, built once and prepared by name on each connection (issue 9,
 * "Scale": building them through the query builder per call cost more than running them).
 */
let history: NamedStatement | undefined;
const lockStatements = new WeakMap<BoundResource, Map<string, NamedStatement>>();

/** The status-history row's INSERT, every value a placeholder of its column. */
function historyInsert(tx: Tx): NamedStatement {
  if (history) return history;
  const columns = getTableColumns(statusHistory);
  const values = Object.fromEntries(
    Object.keys(columns)
      // The writer's xid is the column default's (platform/xid.ts).
      .filter((k) => k !== 'id' && k !== 'xid')
      .map((k) => [k, sql.placeholder(k)]),
  );
  history = new NamedStatement('payops_status_history', tx.insert(statusHistory).values(values as never));
  return history;
}

/**
 * The lock, the state check and the change in ONE statement, for transitions with nothing to decide
 * on the row first (no set hook, no maker, a check only as `checkWhere`): the row is locked in a subquery that also returns
 * its state before, and the UPDATE applies only from an allowed state. The row before is the row after
 * with the state (and updatedAt) it had: nothing else is changed. Null when nothing was updated; the
 * caller then reads the row to say why (not found, or no longer in state X).
 */
async function lockAndUpdate(
  tx: Tx,
  r: BoundResource,
  transition: TransitionDef,
  id: unknown,
  now: Date,
  /**
   * The status-history row, written by the same statement (its from status is the row's before, its
   * extra from the row after).
   */
  history: { values: HistoryValues; extra: Record<string, SQL> } | null,
  /** More columns to set (hooks.values): each a placeholder, or SQL written into the statement. */
  values: Row = {},
  /** The check as a condition (hooks.checkWhere), fixed per transition. */
  where: SQL | undefined,
  /** Rows written with the change (hooks.rowsWithChange). */
  rows: ReturnType<typeof rowsWithChange>,
): Promise<{ before: Row; after: Row } | null> {
  const byName = lockStatements.get(r) ?? new Map<string, NamedStatement>();
  lockStatements.set(r, byName);
  const { set, shape, params: setParams } = setOf(values);
  const rowShape = rows.keys.map((k) => k.join(',')).join(';');
  const historyShape = history ? `history(${Object.keys(history.extra).join(',')})` : '';
  const key = `${transition.name}:${historyShape}:${shape}:${where ? 'checked' : ''}:${rowShape}`;
  let statement = byName.get(key);
  if (!statement) {
    const { update, fields } = guardedUpdate(tx, r, transition, { set, where });
    const name = `transition_${sha256(`${r.def.name}:${key}`).slice(0, 24)}`;
    const ctes = rows.ctes();
    const query = history
      ? withHistory(update, ctes.length ? sql.join(ctes, sql`, `) : undefined, undefined, history.extra)
      : ctes.length
        ? sqlQuery(changeWith(update, ctes))
        : update;
    statement = new NamedStatement(name, query, fields as never);
    byName.set(key, statement);
  }
  const params: Record<string, unknown> = { ...history?.values, ...rows.values, id, now, ...setParams };
  const [row] = await statement.rows(clientOf(tx), params);
  return row ? beforeAndAfter(r, row) : null;
}

const lockSelects = new WeakMap<BoundResource, NamedStatement>();

/**
 * The row by its key within the resource's scope, locked FOR UPDATE: built once per resource and
 * prepared by name (every checked transition runs it first).
 */
async function lockRow(tx: Tx, r: BoundResource, id: unknown): Promise<Row | undefined> {
  let statement = lockSelects.get(r);
  if (!statement) {
    const query = tx
      .select(r.tableColumns)
      .from(r.table as never)
      .where(and(scopeCondition(r), eq(r.columns[r.def.key]!, sql.placeholder('id'))))
      .for('update');
    statement = new NamedStatement(`lock_${sha256(r.def.name).slice(0, 24)}`, query, r.tableColumns);
    lockSelects.set(r, statement);
  }
  const [row] = await statement.rows(clientOf(tx), { id });
  return row;
}

/** Lock the row, refuse what the lifecycle and hooks refuse, then the guarded UPDATE. */
async function checkAndUpdate<R>(
  tx: Tx,
  r: BoundResource,
  transition: TransitionDef,
  id: unknown,
  where: SQL | undefined,
  actor: Actor,
  now: Date,
  hooks: TransitionHooks<R>,
  body: TransitionBody,
): Promise<{ before: Row; after: Row }> {
  const { def } = r;
  const lifecycle = def.lifecycle!;
  const before = await lockRow(tx, r, id);
  if (!before) throw new AppError(ErrorCode.notFound);
  const current = String(before[lifecycle.field]);
  if (!transition.from.includes(current)) {
    const from = (l: Locale) => transition.from.map((s) => stateLabel(def, s, l)).join(' / ');
    throw fieldsError(
      (l) => [{ field: lifecycle.field, message: text.noLonger[l](from(l), stateLabel(def, current, l)) }],
      actor.locale,
      { status: current },
      ErrorCode.conflict,
    );
  }
  const maker = transition.makerChecker?.requesterField;
  if (maker && actor.operatorId !== null && before[maker] === actor.operatorId) {
    throw fieldError(def.key, text.maker[actor.locale]);
  }
  const step = { transition, before, body, actor, now };
  await hooks.check?.({ ...step, tx });
  const values: Row = { ...hooks.set?.(step), [lifecycle.field]: targetOf(transition, before) };
  if (r.tableColumns.updatedAt && !('updatedAt' in values)) values.updatedAt = now;
  // Guarded even under the row lock: the status in the WHERE is the rule, the lock only orders waiters.
  const [after] = (await tx
    .update(r.table)
    .set(values as never)
    .where(and(where, inArray(statusColumn(r), [...transition.from])))
    .returning()) as Row[];
  if (!after) throw new AppError(ErrorCode.conflict, { status: current });
  return { before, after };
}

/**
 * The state a transition moves a row to: its `to`, or for a transition that goes `back`, the state
 * the row's field names (when that is one of the lifecycle's states the row could be in).
 */
export function targetOf(transition: TransitionDef, before: Row): string {
  const back = transition.back ? before[transition.back] : null;
  return typeof back === 'string' && back !== '' ? back : transition.to;
}

/** The key field's schema type, for the answer's `id`. */
export function keyIsString(def: ResourceDef): boolean {
  return (def.fields as Record<string, FieldDef>)[def.key]?.type === 'string';
}
