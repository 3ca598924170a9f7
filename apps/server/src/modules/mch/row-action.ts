/**
 * One custom action of a resource that is not a lifecycle transition (a balance adjustment request, a
 * secret reset, a flag switch) as a POST route: its path and permission come from the definition (so
 * the guard, the role editor and the web agree), its body is a strict zod schema, its answer a typed
 * schema, and its work runs in one transaction that also writes its operation-log row, so the change
 * and its audit row commit together or not at all. `idempotent` requires an Idempotency-Key (money).
 */
import { id4, type ResourceDef } from '@payops/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { auditInTx } from '../../platform/audit-request.ts';
import type { AuditNote } from '../../platform/context.ts';
import { ok } from '../../platform/errors.ts';
import { withIdempotency } from '../../platform/idempotency.ts';
import type { Tx } from '../../platform/ledger/index.ts';
import { envelope } from '../../platform/route-schemas.ts';
import { requireIdempotencyKey } from '../../platform/transitions/index.ts';

export const idBody = z.strictObject({ id: id4() });

export interface ActionResult<T> {
  data: T;
  audit?: AuditNote;
}

export interface RowActionSpec<S extends z.ZodObject, R extends z.ZodType, P = undefined> {
  name: string;
  summary: string;
  body: S;
  response: R;
  /** An Idempotency-Key is required (money-moving calls). */
  idempotent?: boolean;
  /**
   * Reads done before the transaction opens (settings): a read on another connection inside it
   * could starve the pool while parallel requests wait on this one's locks.
   */
  prepare?: (request: FastifyRequest) => Promise<P>;
  run: (request: FastifyRequest, body: z.infer<S>, tx: Tx, prepared: P) => Promise<ActionResult<z.infer<R>>>;
}

export function rowAction<S extends z.ZodObject, R extends z.ZodType, P = undefined>(
  fastify: FastifyInstance,
  def: ResourceDef,
  spec: RowActionSpec<S, R, P>,
): void {
  const action = def.actions[spec.name];
  if (!action) throw new Error(`${def.name} has no action ${spec.name}`);
  const { db } = fastify.ctx;
  // Not the zod type provider: its reply type cannot follow a generic response schema; the schemas
  // still validate the body and serialise the answer.
  fastify.post(
    action.path,
    {
      config: { access: { permission: action.permission } },
      ...(spec.idempotent ? { preValidation: requireIdempotencyKey } : {}),
      schema: {
        tags: [def.group],
        summary: spec.summary,
        body: spec.body,
        response: { 200: envelope(spec.response) },
      },
    },
    async (request) => {
      const b = request.body as z.infer<S> & { id?: number };
      const extra = { action: spec.name };
      request.auditNote = { objectType: def.name, objectId: b.id, extra };
      const prepared = (await spec.prepare?.(request)) as P;
      const { data } = await withIdempotency(db, request, async (tx) => {
        const result = await spec.run(request, b, tx, prepared);
        const note = result.audit;
        await auditInTx(tx, request, {
          objectType: def.name,
          objectId: b.id,
          ...note,
          extra: { ...extra, ...note?.extra },
        });
        return result.data;
      });
      return ok(data);
    },
  );
}
