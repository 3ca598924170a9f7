/** sys/role (roles and their permission tree) and sys/resource (the permission catalogue). */
import { id4, queryId4, resource, role } from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerCrud } from '../../platform/crud/index.ts';
import { localeOf, ok } from '../../platform/errors.ts';
import { envelope } from '../../platform/route-schemas.ts';
import { heldForApproval, needsCodeWeakens, requestChange } from './pending-change.service.ts';
import { beforeRoleRemove, grantedResourceIds, permissionTree, saveRoleResources } from './role.service.ts';
import { resources, roles } from './schema.ts';

const treeAction = z.object({ resourceId: z.number(), permission: z.string(), needsCode: z.boolean() });
const treePage = z.object({
  page: z.string(),
  titleKey: z.string(),
  resourceId: z.number().nullable(),
  permission: z.string().nullable(),
  actions: z.array(treeAction),
});

export async function roleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = fastify;

  // A role's code is read-only on edit (the definition), so the built-in codes cannot be renamed.
  registerCrud(fastify, role, {
    table: roles,
    beforeRemove: (rows, { tx, request }) => beforeRoleRemove(ctx, rows, tx, localeOf(request)),
  });
  // Editing a resource changes only its needs-a-code flag; the guard reads it on the next call.
  // Clearing it on a money action waits for a second administrator (pending-change.service.ts).
  registerCrud(fastify, resource, {
    table: resources,
    beforeWrite: async (values, { before, tx, request }) => {
      if (!before || values.needsCode !== false) return;
      if (!needsCodeWeakens(String(before.permission), Boolean(before.needsCode), false)) return;
      delete values.needsCode;
      const id = await requestChange(
        ctx,
        tx as unknown as typeof ctx.db,
        'needsCode',
        String(before.permission),
        true,
        false,
        request.auth!.operatorId,
      );
      return heldForApproval(id, localeOf(request));
    },
  });

  app.get(
    `${role.api}/permissionTree`,
    {
      config: { access: { permission: role.actions.list!.permission } },
      schema: {
        tags: ['sys'],
        summary: 'Every resource grouped by page (with needs-code flags), and the ones a role holds',
        querystring: z.strictObject({ roleId: queryId4() }),
        response: { 200: envelope(z.object({ tree: z.array(treePage), granted: z.array(z.number()) })) },
      },
    },
    async (request) =>
      ok({ tree: await permissionTree(ctx), granted: await grantedResourceIds(ctx, request.query.roleId) }),
  );

  const save = role.actions.saveResources!;
  app.post(
    save.path,
    {
      config: { access: { permission: save.permission } },
      schema: {
        tags: ['sys'],
        summary: "Replace a role's resources; its operators' sessions end",
        body: z.strictObject({
          roleId: id4(),
          resourceIds: z.array(id4()).max(5000),
        }),
        response: { 200: envelope(z.object({ endedOperators: z.number() })) },
      },
    },
    async (request) => {
      const { roleId, resourceIds } = request.body;
      request.auditNote = { objectType: 'role', objectId: roleId };
      const result = await saveRoleResources(ctx, roleId, resourceIds, localeOf(request));
      request.auditNote = { ...request.auditNote, before: result.before, after: result.after };
      return ok({ endedOperators: result.operators.length });
    },
  );
}
