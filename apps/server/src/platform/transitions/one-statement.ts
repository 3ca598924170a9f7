/**
 * A transition with nothing to decide (no hooks, no maker-checker, no `back`) called
 * without an Idempotency-Key, as ONE statement outside a transaction: the guarded UPDATE (row locked
 * in its subquery, changed only from the from-state), its status-history row and its operation-log row
 * (the shard's head moved in the same statement) are data-modifying CTEs of one statement, which
 * PostgreSQL runs atomically on its own. No BEGIN and COMMIT round trips (issue 9, "Scale": audited
 * state changes). The same rows, the same guards, the same chain as the transaction's path
 * (register.ts); the row lock is taken before the shard's head, as there.
 *
 * The audit row depends on the state before (its `before` and so its hash): it is made for each
 * from-state beforehand, and the statement picks the one of the state it found (CASE on old_status).
 * When nothing was updated (not found, no longer in that state) nothing is written and the caller takes
 * the transaction's path, which answers why.
 */
import { ErrorCode, type ResourceDef, type TransitionBody, type TransitionDef } from '@payops/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { clientOf, NamedStatement } from '../../db/named-statement.ts';
import { chainAppendSql, chainAppendValues, chainRowKeys } from '../audit.ts';
import { operationRowOf } from '../audit-request.ts';
import type { AppContext, AuditNote } from '../context.ts';
import type { BoundResource, Row } from '../crud/index.ts';
import { sha256 } from '../hashing.ts';
import type { Actor, StatementPart, TransitionHooks, TransitionOutcome } from './hooks.ts';
import {
  beforeAndAfter,
  guardedUpdate,
  rowsWithChange,
  setOf,
  stateOfChange,
  withHistory,
} from './statements.ts';

const statements = new WeakMap<BoundResource, Map<string, NamedStatement>>();

/**
 * Whether a transition can run as one statement (the request's Idempotency-Key is checked apart): no
 * gate, `set`, maker-checker or `back`, and a check and effect only when `statement` says them in SQL.
 */
export function fitsOneStatement(t: TransitionDef, hooks: TransitionHooks<unknown>) {
  const said = hooks.statement !== undefined;
  return (
    (!hooks.check || said) &&
    (!hooks.effect || said) &&
    !hooks.set &&
    !hooks.gate &&
    !t.makerChecker &&
    !t.back
  );
}

export interface OneStatementAnswer {
  id: unknown;
  from: string;
  to: string;
  effect: null;
}

/**
 * Runs the transition as one statement; answers as the route does, or undefined when nothing was
 * updated (the caller then runs the transaction's path). `noteOf` is the route's audit note.
 */
export async function transitionInOneStatement(
  ctx: AppContext,
  r: BoundResource,
  t: TransitionDef,
  call: { body: TransitionBody; request: FastifyRequest; actor: Actor; hooks: TransitionHooks<unknown> },
  noteOf: (def: ResourceDef, t: TransitionDef, o: TransitionOutcome, body: TransitionBody) => AuditNote,
): Promise<OneStatementAnswer | undefined> {
  const { body, request, actor, hooks } = call;
  const { def } = r;
  const field = def.lifecycle!.field;
  const id = body[def.key];
  const now = ctx.clock.now();
  // The audit row for each state the record may be in before (the statement picks the one it was in).
  const notes = t.from.map((from) =>
    noteOf(
      def,
      t,
      {
        before: { [def.key]: id, [field]: from },
        after: { [def.key]: id, [field]: t.to },
        result: null,
        extra: {},
      },
      body,
    ),
  );
  const rows = notes.map(
    (note) => ({ ...operationRowOf(request, ErrorCode.ok, note), at: now }) as Record<string, unknown>,
  );
  const changed = await changeInOneStatement(ctx, r, t, { id, body, actor, now }, rows, hooks, 'state');
  if (!changed) return undefined;
  const { before, after } = beforeAndAfter(r, changed);
  request.auditNote = notes[t.from.indexOf(String(before[field]))];
  request.auditWritten = true;
  return { id: after[def.key], from: String(before[field]), to: String(after[field]), effect: null };
}

interface Call {
  id: unknown;
  body: TransitionBody;
  actor: Actor;
  now: Date;
}

/**
 * What a one statement answers: the whole row changed (a system transition's outcome, which its
 * caller reads), or its key and states only (stateOfChange: a route's answer).
 */
type Answer = 'row' | 'state';

/**
 * The guarded UPDATE (with `hooks.values`' columns and `hooks.statement`'s condition), its
 * status-history row, the statement part's rows and the audit row of the state found (`rows`: one per
 * from-state) as ONE statement on the pool; the row changed (as `answer` says), or undefined.
 */
async function changeInOneStatement(
  ctx: AppContext,
  r: BoundResource,
  t: TransitionDef,
  call: Call,
  rows: Record<string, unknown>[],
  hooks: TransitionHooks<unknown>,
  answer: Answer,
): Promise<Row | undefined> {
  const { id, body, actor, now } = call;
  const { set, shape, params } = setOf(hooks.values?.(call) ?? {});
  const part = hooks.statement;
  const written = rowsWithChange(part?.rows ?? [], call);
  const keys = chainRowKeys(rows[0]!);
  // Each from-state's audit row: its content (and so its hash) differs; the rest, the shard among it,
  // is the same in all of them and taken from the first.
  const appended = rows.map((row) => chainAppendValues('operation_log', row));
  const values: Record<string, unknown> = {
    ...appended[0]!,
    resource: r.def.name,
    recordId: String(id),
    transition: t.name,
    toStatus: t.to,
    operatorId: actor.operatorId,
    operatorName: actor.username,
    reason: body.reason ?? '',
    at: now,
    id,
    now,
    ...params,
  };
  appended.forEach((v, i) => {
    for (const k of [...VARYING, 'content']) values[`${k}__${i}`] = v[k];
    values[`case__${i}`] = t.from[i];
  });
  Object.assign(values, written.values);
  const shapes = { audit: keys, set, shape, partKeys: written.keys, answer };
  const statement = statementFor(ctx, r, t, shapes, part, written.ctes);
  const [changed] = await statement.rows(clientOf(ctx.db), values);
  return changed;
}

/**
 * runSystemTransition's transition that fits one statement (fitsOneStatement) outside a caller's
 * transaction, as ONE statement: its change, status-history row, its statement part's rows and its
 * `JOB` audit row (the row `auditRow` makes for each from-state). Undefined when nothing was updated
 * (the caller's transaction path then says why).
 */
export async function systemTransitionInOneStatement(
  ctx: AppContext,
  r: BoundResource,
  t: TransitionDef,
  call: Omit<Call, 'now'>,
  hooks: TransitionHooks<unknown>,
  auditRow: (o: TransitionOutcome, now: Date) => Record<string, unknown>,
): Promise<TransitionOutcome | undefined> {
  const field = r.def.lifecycle!.field;
  const now = ctx.clock.now();
  const { id } = call;
  const rows = t.from.map((from) =>
    auditRow(
      {
        before: { [r.def.key]: id, [field]: from },
        after: { [r.def.key]: id, [field]: t.to },
        result: null,
        extra: {},
      },
      now,
    ),
  );
  const changed = await changeInOneStatement(ctx, r, t, { ...call, now }, rows, hooks, 'row');
  if (!changed) return undefined;
  return { ...beforeAndAfter(r, changed), result: null, extra: {} };
}

/** The audit row's columns that depend on the state before (the rest is the same for every one). */
const VARYING = ['detail'];

/** The statement per resource, transition and row shapes, built once and prepared by name. */
function statementFor(
  ctx: AppContext,
  r: BoundResource,
  t: TransitionDef,
  shapes: { audit: string[]; set: Row; shape: string; partKeys: string[][]; answer: Answer },
  part: StatementPart | undefined,
  partCtes: () => SQL[],
): NamedStatement {
  const byKey = statements.get(r) ?? new Map<string, NamedStatement>();
  statements.set(r, byKey);
  const key = `${t.name}:${shapes.answer}:${shapes.audit.join(',')}:${shapes.shape}:${shapes.partKeys.map((k) => k.join(',')).join(';')}`;
  const hit = byKey.get(key);
  if (hit) return hit;
  const { update, fields } = guardedUpdate(ctx.db, r, t, { set: shapes.set, where: part?.where });
  const choice = { by: sql`(SELECT old_status FROM upd)`, cases: t.from, keys: VARYING };
  const { head, insert } = chainAppendSql('operation_log', shapes.audit, 'upd', choice);
  const state = shapes.answer === 'state' ? stateOfChange(r) : undefined;
  const combined = withHistory(
    update,
    sql.join([...partCtes(), sql`head AS (${head})`, sql`log AS (${insert})`], sql`, `),
    state?.select,
  );
  const made = new NamedStatement(
    `transition_audit_${sha256(`${r.def.name}:${key}`).slice(0, 24)}`,
    combined,
    (state?.fields ?? fields) as never,
  );
  byKey.set(key, made);
  return made;
}
