/** sys/user: the operator list (registrar) and its actions, each behind its own permission. */
import { addBodySchema, id4, rowSchema, user } from '@payops/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presenter, type Row, registerCrud } from '../../platform/crud/index.ts';
import { localeOf, ok } from '../../platform/errors.ts';
import { emptyEnvelope, encryptedPassword, envelope } from '../../platform/route-schemas.ts';
import { endOperatorSessions } from '../../platform/sessions.ts';
import { registerTransitions } from '../../platform/transitions/index.ts';
import { operators } from './schema.ts';
import {
  assignRoles,
  createOperator,
  endSessions,
  enrichOperators,
  refuseSelf,
  resetAuthenticator,
  resetPassword,
  roleChoices,
} from './user.service.ts';

const id = id4();
const idBody = z.strictObject({ id });

export async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = fastify;

  // Creating an operator takes an encrypted password, so `add` is served below, not by the registrar.
  const enrich = (rows: Row[]) => enrichOperators(ctx, rows);
  const present = presenter(registerCrud(fastify, user, { table: operators, own: ['add'], enrich }), enrich);

  const add = user.actions.add!;
  app.post(
    add.path,
    {
      config: { access: { permission: add.permission } },
      schema: {
        tags: ['sys'],
        summary: 'Create an operator (password RSA-OAEP encrypted)',
        body: addBodySchema(user),
        response: { 200: envelope(rowSchema(user)) },
      },
    },
    async (request) => {
      const body = request.body as { username: string; displayName?: string; password: string };
      const op = await createOperator(ctx, body, localeOf(request));
      const [shown] = await present(request, [op]);
      request.auditNote = {
        objectType: 'operator',
        objectId: op.id,
        after: { ...op, displayName: shown!.displayName },
      };
      return ok(shown!);
    },
  );

  /** One row action: its path and permission come from the definition. */
  function rowAction<S extends z.ZodObject>(
    name: string,
    summary: string,
    body: S,
    run: (request: FastifyRequest, body: z.infer<S>) => Promise<unknown>,
  ) {
    const action = user.actions[name]!;
    app.post(
      action.path,
      {
        config: { access: { permission: action.permission } },
        schema: { tags: ['sys'], summary, body, response: { 200: emptyEnvelope } },
      },
      async (request) => {
        const b = request.body as z.infer<S> & { id: number };
        request.auditNote = { objectType: 'operator', objectId: b.id };
        const result = await run(request, b);
        request.auditNote = { ...request.auditNote, extra: { change: name, ...(result as object) } };
        return ok(null);
      },
    );
  }

  const actor = (request: FastifyRequest) => request.auth!.operatorId;
  // Enable and disable are the lifecycle's transitions; disabling ends the operator's sessions.
  registerTransitions(fastify, user, {
    table: operators,
    hooks: {
      disable: {
        check: (s) => refuseSelf(s.actor.operatorId ?? 0, Number(s.before.id), s.actor.locale),
        effect: async (s) => ({
          extra: { ended: await endOperatorSessions(ctx, Number(s.before.id), 'disabled', s.tx) },
        }),
      },
    },
  });
  rowAction(
    'resetPassword',
    "Set an operator's password (encrypted); their sessions end",
    z.strictObject({ id, password: encryptedPassword }),
    async (r, b) => ({ ended: await resetPassword(ctx, b.id, b.password, localeOf(r)) }),
  );
  // The assign-roles dialog's choices behind its own permission: the role page's list needs that
  // page (and a 403 signs the operator out). Every role, and the ids this operator holds now.
  const assign = user.actions.assignRoles!;
  app.get(
    `${user.api}/roleChoices`,
    {
      config: { access: { permission: assign.permission } },
      schema: {
        tags: ['sys'],
        summary: "The roles to choose from when assigning an operator's roles, and the ones they hold",
        querystring: z.strictObject({ id: z.coerce.number().pipe(id) }),
        response: {
          200: envelope(
            z.object({
              roles: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
              held: z.array(z.number()),
            }),
          ),
        },
      },
    },
    async (request) => ok(await roleChoices(ctx, request.query.id)),
  );
  rowAction(
    'assignRoles',
    "Replace an operator's roles; their sessions end",
    z.strictObject({ id, roleIds: z.array(id).max(100) }),
    (r, b) => {
      refuseSelf(actor(r), b.id, localeOf(r));
      return assignRoles(ctx, b.id, b.roleIds, localeOf(r));
    },
  );
  rowAction(
    'resetGoogle',
    "Clear an operator's authenticator so they bind a new one",
    idBody,
    async (r, b) => {
      refuseSelf(actor(r), b.id, localeOf(r));
      await resetAuthenticator(ctx, b.id);
      return {};
    },
  );
  rowAction('endSessions', "End all of an operator's sessions", idBody, async (_r, b) => ({
    ended: await endSessions(ctx, b.id),
  }));
}
