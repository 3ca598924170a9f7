/**
 * The transition registrar: a definition's lifecycle becomes one POST route per transition, at the
 * action's path and behind its permission (ids unchanged, so grants and the route snapshot hold).
 * Each route validates a strict body built from the transition's input spec, requires an
 * Idempotency-Key when the transition moves money, and runs in ONE transaction: the guarded status
 * change, the module's effect, the status-history row and the operation-log row (last).
 *
 * Transitions marked `system` get no route; jobs run them with `runSystemTransition`.
 */
import {
  ErrorCode,
  type ErrorCodeValue,
  type Locale,
  pickLocale,
  type ResourceDef,
  systemText,
  type TransitionBody,
  type TransitionDef,
  transitionBodySchema,
} from '@payops/contracts';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientOf, insertRow } from '../../db/named-statement.ts';
import { appendOperationLog, type OperationRow } from '../audit.ts';
import { auditInTx, operationRowOf } from '../audit-request.ts';
import type { AppContext, AuditNote } from '../context.ts';
import { type BoundResource, bindResource, type Row } from '../crud/index.ts';
import { AppError, fieldError, localeOf, ok } from '../errors.ts';
import { IDEMPOTENCY_HEADER, idempotencyKeyOf, keptAnswerPart, withIdempotency } from '../idempotency.ts';
import type { Tx } from '../ledger/accounts.ts';
import { envelope } from '../route-schemas.ts';
import type { Actor, TransitionHooks, TransitionOutcome, TransitionStep } from './hooks.ts';
import {
  fitsOneStatement,
  systemTransitionInOneStatement,
  transitionInOneStatement,
} from './one-statement.ts';
import { fitsReadThenChange, readThenChange } from './read-then-change.ts';
import { keyIsString, runTransition } from './run.ts';

export interface TransitionOptions {
  table: PgTable;
  /** Values every query filters on (several resources over one table). */
  scope?: Row;
  /** Per transition: extra columns, checks and the effect. */
  hooks?: Record<string, TransitionHooks<never> | TransitionHooks<unknown>>;
  /** The schema of each transition's `effect` in the answer (default null). */
  results?: Record<string, z.ZodType>;
}

interface Binding {
  r: BoundResource;
  options: TransitionOptions;
}

/**
 * Per app (its context), by definition name: a binding's hooks close over the app that registered
 * them, so a process with two apps (the scale-out and job tests) runs each app's system transitions
 * with that app's own hooks, not those of the app registered last.
 */
const bindings = new WeakMap<AppContext, Map<string, Binding>>();

function bindingsOf(ctx: AppContext): Map<string, Binding> {
  const own = bindings.get(ctx) ?? new Map<string, Binding>();
  bindings.set(ctx, own);
  return own;
}

/** Definition name -> its table binding: static (the table and scope), the same in every app. */
const resources = new Map<string, BoundResource>();

/** A transition route's answer (kept for its Idempotency-Key), or a gate's refusal to answer instead. */
type Answered =
  | { id: unknown; from: string; to: string; effect: unknown }
  | { refused: { code: ErrorCodeValue; data: unknown } };

const keyRequired: Record<Locale, string> = {
  'zh-CN': '资金操作必须携带幂等键（Idempotency-Key 请求头）',
  'en-US': 'is required for a money-moving action (send an Idempotency-Key header)',
};

/** A route's preValidation hook: a money-moving call without its key is refused before anything runs. */
export async function requireIdempotencyKey(request: FastifyRequest): Promise<void> {
  if (request.headers[IDEMPOTENCY_HEADER] === undefined)
    throw fieldError('Idempotency-Key', keyRequired[localeOf(request)]);
}

function auditNote(def: ResourceDef, t: TransitionDef, o: TransitionOutcome, body: TransitionBody) {
  const field = def.lifecycle!.field;
  return {
    objectType: def.name,
    objectId: String(o.after[def.key]),
    before: { [field]: o.before[field] },
    after: { [field]: o.after[field] },
    extra: {
      transition: t.name,
      ...(body.reason ? { reason: body.reason } : {}),
      ...(body.amount ? { amount: body.amount } : {}),
      ...o.extra,
    },
  } satisfies AuditNote;
}

export function registerTransitions(fastify: FastifyInstance, def: ResourceDef, options: TransitionOptions) {
  const lifecycle = def.lifecycle;
  if (!lifecycle) throw new Error(`${def.name} has no lifecycle`);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = fastify;
  const binding: Binding = { r: bindResource(def, options.table, options.scope), options };
  bindingsOf(ctx).set(def.name, binding);
  resources.set(def.name, binding.r);
  const idSchema = keyIsString(def) ? z.string() : z.number();

  for (const t of Object.values(lifecycle.transitions)) {
    if (t.system) continue;
    const action = def.actions[t.name]!;
    const hooks = (options.hooks?.[t.name] ?? {}) as TransitionHooks<unknown>;
    const oneStatement = fitsOneStatement(t, hooks);
    const readThenChanges = fitsReadThenChange(t, hooks);
    app.post(
      action.path,
      {
        config: { access: { permission: action.permission } },
        ...(t.idempotent ? { preValidation: requireIdempotencyKey } : {}),
        schema: {
          tags: [def.group],
          summary: `${def.name}: ${t.from.join('|')} -> ${t.back ? `<${t.back}>` : t.to}${t.idempotent ? ' (Idempotency-Key required)' : ''}`,
          body: transitionBodySchema(def, t),
          response: {
            200: envelope(
              z.object({
                id: idSchema,
                from: z.string(),
                to: z.string(),
                effect: options.results?.[t.name] ?? z.null(),
              }),
            ),
          },
        },
      },
      async (request) => {
        const body = request.body as TransitionBody;
        const id = body[def.key];
        request.auditNote = { objectType: def.name, objectId: String(id), extra: { transition: t.name } };
        // The answer of a committed change, after starting the hooks' `committed` work.
        const changed = (answer: unknown) => {
          hooks
            .committed?.(ctx, id)
            .catch((e) => request.log.error(e, `${def.name}.${t.name}: after commit`));
          return ok(answer as never);
        };
        if (oneStatement && !idempotencyKeyOf(request)) {
          const call = { body, request, actor: actorOf(request), hooks };
          const done = await transitionInOneStatement(ctx, binding.r, t, call, auditNote);
          if (done) return changed(done);
        }
        if (readThenChanges) {
          const done = await routeReadThenChange(ctx, binding.r, t, request, hooks);
          if (done) return changed(done);
        }
        const actor = actorOf(request);
        const answer = await withIdempotency<Answered>(ctx.db, request, async (tx, respond) => {
          const now = ctx.clock.now();
          const refused = await hooks.gate?.({ tx, id, body, actor, now });
          if (refused) return { refused: { code: refused.code, data: refused.data } };
          let answered: Answered | undefined;
          // The audit row and the kept answer before the effect's last writes (run.ts EffectOutcome.last).
          await runTransition(tx, binding.r, t, id, body, actor, now, hooks, async (o) => {
            await auditInTx(tx, request, auditNote(def, t, o, body));
            answered = {
              id: o.after[def.key],
              from: String(o.before[lifecycle.field]),
              to: String(o.after[lifecycle.field]),
              effect: o.result,
            };
            await respond(answered);
          });
          return answered!;
        });
        if (answer.replayed) request.auditNote = { ...request.auditNote, extra: { replayed: true } };
        // The gate's refusal committed its trace; the guard's onSend writes the refusal's audit row.
        const data = answer.data;
        if ('refused' in data) throw new AppError(data.refused.code, data.refused.data);
        return answer.replayed ? ok(answer.data as never) : changed(answer.data);
      },
    );
  }
}

/**
 * A route's money transition as a read and ONE statement (read-then-change.ts), its Idempotency-Key
 * kept with its answer by that statement; the answer, or undefined when nothing was written (a key
 * used before, the record moved on, a leg refused): the transaction's path then replays or says why.
 */
async function routeReadThenChange(
  ctx: AppContext,
  r: BoundResource,
  t: TransitionDef,
  request: FastifyRequest,
  hooks: TransitionHooks<unknown>,
) {
  const { def } = r;
  const body = request.body as TransitionBody;
  const answerOf = (o: TransitionOutcome) => ({
    id: o.after[def.key],
    from: String(o.before[def.lifecycle!.field]),
    to: String(o.after[def.lifecycle!.field]),
    effect: null,
  });
  const auditRow = (o: TransitionOutcome, now: Date) => ({
    ...operationRowOf(request, ErrorCode.ok, auditNote(def, t, o, body)),
    at: now,
  });
  const call = { id: body[def.key], body, actor: actorOf(request) };
  const done = await readThenChange(ctx, r, t, call, hooks, auditRow, (o) =>
    keptAnswerPart(request, answerOf(o)),
  );
  if (!done) return undefined;
  request.auditNote = auditNote(def, t, done, body);
  request.auditWritten = true;
  return answerOf(done);
}

export function actorOf(request: FastifyRequest): Actor {
  return {
    operatorId: request.auth?.operatorId ?? null,
    username: request.auth?.username ?? '-',
    locale: localeOf(request),
  };
}

export interface SystemTransitionOptions {
  /** Kept in the status history and the audit row (why the platform did it). */
  reason?: string;
  /** More columns the guarded UPDATE sets (the upstream's order number, a pay URL). */
  values?: Row;
  /** The caller's transaction, when the transition is one step of a larger unit (a callback). */
  tx?: Tx;
  /**
   * An operator's decision taken by a script rather than a route (the demo's day of operations):
   * recorded under that operator. Default: the platform (`system`).
   */
  actor?: Actor;
  /** The transition's other inputs, as an operator would type them (the demo's one-time code). */
  input?: Row;
  /**
   * Rows written with the change and only with it (a routing decision): by the change's own statement
   * where it is one (one round trip and one commit fewer than writing them apart), else in its
   * transaction.
   */
  rows?: { table: PgTable; values: Row }[];
}

/**
 * The hooks with the caller's rows written with the change: in the one statement, or in the
 * transaction path's lock-and-update statement, else (a locking read changed the row) by the effect.
 */
function withRows(hooks: TransitionHooks<unknown>, rows: SystemTransitionOptions['rows']) {
  if (!rows?.length) return hooks;
  const parts = rows.map((row) => ({ table: row.table, values: () => row.values }));
  const said = hooks.statement ?? (hooks.check || hooks.effect ? undefined : { rows: [] });
  const effect = hooks.effect;
  return {
    ...hooks,
    ...(said ? { statement: { ...said, rows: [...said.rows, ...parts] } } : {}),
    rowsWithChange: [...(hooks.rowsWithChange ?? []), ...parts],
    // The rows add nothing to the history's extra: said in SQL where it was before.
    historyExtra: effect ? hooks.historyExtra : {},
    effect: async (step: TransitionStep) => {
      if (!step.rowsWritten)
        for (const row of rows) await insertRow(clientOf(step.tx), row.table, row.values);
      return effect?.(step);
    },
  } satisfies TransitionHooks<unknown>;
}

/**
 * Runs a `system` transition (a job, an upstream callback) with its status-history row and an
 * operation-log row by `system`: in its own transaction, or in the caller's (`options.tx`).
 * Refusals throw (e.g. the record was decided meanwhile).
 */
export async function runSystemTransition(
  ctx: AppContext,
  def: ResourceDef,
  name: string,
  id: unknown,
  options: SystemTransitionOptions = {},
): Promise<TransitionOutcome> {
  const b = bindingsOf(ctx).get(def.name);
  const t = def.lifecycle?.transitions[name];
  if (!b || !t) throw new Error(`${def.name}.${name} is not a registered transition`);
  const actor: Actor = options.actor ?? systemActor();
  const { reason, values } = options;
  const body = { ...options.input, [def.key]: id, ...(reason ? { reason } : {}) } as TransitionBody;
  const own = (b.options.hooks?.[name] ?? {}) as TransitionHooks<unknown>;
  // The caller's values need not the row before: without a `set` hook they keep the one-statement
  // lock-and-update (run.ts).
  const valued: TransitionHooks<unknown> = !values
    ? own
    : own.set
      ? { ...own, set: (step) => ({ ...own.set?.(step), ...values }) }
      : { ...own, values: (step) => ({ ...own.values?.(step), ...values }) };
  const hooks = withRows(valued, options.rows);
  const auditRow = (o: TransitionOutcome, now: Date) => systemAuditRow(def, t, o, body, actor, now);
  // Nothing to decide and no caller's transaction: the change, its history and audit rows are ONE
  // statement (one-statement.ts); nothing updated -> the transaction's path says why.
  if (!options.tx && fitsOneStatement(t, hooks)) {
    const done = await systemTransitionInOneStatement(ctx, b.r, t, { id, body, actor }, hooks, auditRow);
    if (done) return done;
  }
  // A money effect made from the row read: the read and ONE statement (read-then-change.ts).
  if (!options.tx && fitsReadThenChange(t, hooks)) {
    const done = await readThenChange(ctx, b.r, t, { id, body, actor }, hooks, auditRow);
    if (done) return done;
  }
  const run = async (tx: Tx) => {
    const now = ctx.clock.now();
    // A script's refusal is thrown: its trace rolls back with it (the gate's counting is for operators).
    const refused = await own.gate?.({ tx, id, body, actor, now });
    if (refused) throw refused;
    return runTransition(tx, b.r, t, id, body, actor, now, hooks, (done) =>
      appendOperationLog(tx, auditRow(done, now)),
    );
  };
  return options.tx ? run(options.tx) : ctx.db.transaction(run);
}

/** The platform as the actor of a transition (a job: operatorId null). */
export const systemActor = (): Actor => ({
  operatorId: null,
  username: systemText('system'),
  locale: pickLocale(undefined),
});

/** The operation-log row of a system transition (a script's, a job's): the same for every path. */
export function systemAuditRow(
  def: ResourceDef,
  t: TransitionDef,
  o: TransitionOutcome,
  body: TransitionBody,
  actor: Actor,
  now: Date,
): OperationRow {
  const note = auditNote(def, t, o, body);
  return {
    at: now,
    operatorId: actor.operatorId,
    operatorName: actor.username,
    action: `${def.group}.${def.page}.${t.name}`,
    method: 'JOB',
    path: '',
    objectType: note.objectType,
    objectId: note.objectId,
    result: 'success',
    code: 0,
    ip: '',
    detail: { before: note.before, after: note.after, ...note.extra },
  };
}

/** A registered lifecycle's resource as its routes bound it (a module writing a transition in its own statement). */
export function registeredResource(def: ResourceDef): BoundResource {
  const r = resources.get(def.name);
  if (!r) throw new Error(`${def.name} has no registered transitions`);
  return r;
}
