/**
 * A transition with nothing to decide (no hooks, no maker-checker, no `back`, ONE from-state) called
 * without an Idempotency-Key, as ONE statement outside a transaction: the guarded UPDATE (row locked
 * in its subquery, changed only from the from-state), its status-history row and its operation-log row
 * (the shard's head moved in the same statement) are data-modifying CTEs of one statement, which
 * PostgreSQL runs atomically on its own. No BEGIN and COMMIT round trips (issue 9, "Scale": audited
 * state changes). The same rows, the same guards, the same chain as the transaction's path
 * (register.ts); the row lock is taken before the shard's head, as there.
 *
 * The audit row's before/after are known before the statement runs because there is one from-state.
 * When nothing was updated (not found, no longer in that state) nothing is written and the caller takes
 * the transaction's path, which answers why.
 */
import { ErrorCode, type ResourceDef, type TransitionBody, type TransitionDef } from '@payops/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { clientOf, NamedStatement } from '../../db/named-statement.ts';
import { chainAppendSql, chainAppendValues, chainRowKeys } from '../audit.ts';
import { operationRowOf } from '../audit-request.ts';
import type { AppContext, AuditNote } from '../context.ts';
import type { BoundResource } from '../crud/index.ts';
import { sha256 } from '../hashing.ts';
import { beforeAndAfter, guardedUpdate, type TransitionOutcome, withHistory } from './run.ts';

const statements = new WeakMap<BoundResource, Map<string, NamedStatement>>();

/** Whether a transition can run as one statement (the request's Idempotency-Key is checked apart). */
export function fitsOneStatement(
  t: TransitionDef,
  hooks: { check?: unknown; set?: unknown; effect?: unknown },
) {
  return !hooks.check && !hooks.set && !hooks.effect && !t.makerChecker && !t.back && t.from.length === 1;
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
  body: TransitionBody,
  request: FastifyRequest,
  noteOf: (def: ResourceDef, t: TransitionDef, o: TransitionOutcome, body: TransitionBody) => AuditNote,
): Promise<OneStatementAnswer | undefined> {
  const { def } = r;
  const field = def.lifecycle!.field;
  const id = body[def.key];
  const now = ctx.clock.now();
  // The outcome as it will be when the guarded UPDATE applies: from the one from-state to `to`.
  const expected: TransitionOutcome = {
    before: { [def.key]: id, [field]: t.from[0] },
    after: { [def.key]: id, [field]: t.to },
    result: null,
    extra: {},
  };
  const note = noteOf(def, t, expected, body);
  const row = { ...operationRowOf(request, ErrorCode.ok, note), at: now } as Record<string, unknown>;
  const history = {
    resource: def.name,
    recordId: String(id),
    transition: t.name,
    toStatus: t.to,
    operatorId: request.auth?.operatorId ?? null,
    operatorName: request.auth?.username ?? '-',
    reason: body.reason ?? '',
    at: now,
  };
  const statement = statementFor(ctx, r, t, chainRowKeys(row));
  const [changed] = await statement.rows(clientOf(ctx.db), {
    ...chainAppendValues('operation_log', row),
    ...history,
    id,
    now,
  });
  if (!changed) return undefined;
  const { before, after } = beforeAndAfter(r, changed);
  request.auditNote = note;
  request.auditWritten = true;
  return { id: after[def.key], from: String(before[field]), to: String(after[field]), effect: null };
}

/** The statement per resource, transition and audit row shape, built once and prepared by name. */
function statementFor(ctx: AppContext, r: BoundResource, t: TransitionDef, keys: string[]): NamedStatement {
  const byKey = statements.get(r) ?? new Map<string, NamedStatement>();
  statements.set(r, byKey);
  const key = `${t.name}:${keys.join(',')}`;
  const hit = byKey.get(key);
  if (hit) return hit;
  const { update, fields } = guardedUpdate(ctx.db, r, t);
  const { head, insert } = chainAppendSql('operation_log', keys, 'upd');
  const combined = withHistory(update, sql`head AS (${head}), log AS (${insert})`);
  const made = new NamedStatement(
    `transition_audit_${sha256(`${r.def.name}:${key}`).slice(0, 24)}`,
    combined,
    fields as never,
  );
  byKey.set(key, made);
  return made;
}
