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
  hooks: { check?: unknown; set?: unknown; values?: unknown; effect?: unknown; gate?: unknown },
) {
  return (
    !hooks.check && !hooks.set && !hooks.values && !hooks.effect && !hooks.gate && !t.makerChecker && !t.back
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
  body: TransitionBody,
  request: FastifyRequest,
  noteOf: (def: ResourceDef, t: TransitionDef, o: TransitionOutcome, body: TransitionBody) => AuditNote,
): Promise<OneStatementAnswer | undefined> {
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
  const keys = chainRowKeys(rows[0]!);
  const values: Record<string, unknown> = {
    ...chainAppendValues('operation_log', rows[0]!),
    resource: def.name,
    recordId: String(id),
    transition: t.name,
    toStatus: t.to,
    operatorId: request.auth?.operatorId ?? null,
    operatorName: request.auth?.username ?? '-',
    reason: body.reason ?? '',
    at: now,
    id,
    now,
  };
  rows.forEach((row, i) => {
    const v = chainAppendValues('operation_log', row);
    for (const k of [...VARYING, 'content']) values[`${k}__${i}`] = v[k];
    values[`case__${i}`] = t.from[i];
  });
  const [changed] = await statementFor(ctx, r, t, keys).rows(clientOf(ctx.db), values);
  if (!changed) return undefined;
  const { before, after } = beforeAndAfter(r, changed);
  request.auditNote = notes[t.from.indexOf(String(before[field]))];
  request.auditWritten = true;
  return { id: after[def.key], from: String(before[field]), to: String(after[field]), effect: null };
}

/** The audit row's columns that depend on the state before (the rest is the same for every one). */
const VARYING = ['detail'];

/** The statement per resource, transition and audit row shape, built once and prepared by name. */
function statementFor(ctx: AppContext, r: BoundResource, t: TransitionDef, keys: string[]): NamedStatement {
  const byKey = statements.get(r) ?? new Map<string, NamedStatement>();
  statements.set(r, byKey);
  const key = `${t.name}:${keys.join(',')}`;
  const hit = byKey.get(key);
  if (hit) return hit;
  const { update, fields } = guardedUpdate(ctx.db, r, t);
  const choice = { by: sql`(SELECT old_status FROM upd)`, cases: t.from, keys: VARYING };
  const { head, insert } = chainAppendSql('operation_log', keys, 'upd', choice);
  const combined = withHistory(update, sql`head AS (${head}), log AS (${insert})`);
  const made = new NamedStatement(
    `transition_audit_${sha256(`${r.def.name}:${key}`).slice(0, 24)}`,
    combined,
    fields as never,
  );
  byKey.set(key, made);
  return made;
}
