/**
 * One custom action of a resource as a POST route: its path and permission come from the definition
 * (so the guard, the role editor and the web agree), its body is a strict zod schema, and the audit
 * row names the object it touched. Shared by the /mch and /member modules.
 */
import { id4, type ResourceDef } from '@payops/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuditNote } from '../../platform/context.ts';
import { ok } from '../../platform/errors.ts';
import { envelope } from '../../platform/route-schemas.ts';

export const idBody = z.strictObject({ id: id4() });

export interface ActionResult<T> {
  data: T;
  audit?: AuditNote;
}

export function rowAction<S extends z.ZodObject, T>(
  fastify: FastifyInstance,
  def: ResourceDef,
  name: string,
  summary: string,
  body: S,
  run: (request: FastifyRequest, body: z.infer<S>) => Promise<ActionResult<T>>,
  /** What the action answers in `data` (declared, so the OpenAPI document has no `unknown`). */
  answer: z.ZodType = z.null(),
): void {
  const action = def.actions[name];
  if (!action) throw new Error(`${def.name} has no action ${name}`);
  fastify.withTypeProvider<ZodTypeProvider>().post(
    action.path,
    {
      config: { access: { permission: action.permission } },
      schema: { tags: [def.group], summary, body, response: { 200: envelope(answer) } },
    },
    async (request) => {
      const b = request.body as z.infer<S> & { id?: number };
      request.auditNote = { objectType: def.name, objectId: b.id, extra: { action: name } };
      const result = await run(request, b);
      request.auditNote = {
        ...request.auditNote,
        ...result.audit,
        extra: { action: name, ...result.audit?.extra },
      };
      return ok(result.data);
    },
  );
}
