/**
 * An operator whose password an administrator chose (created or reset) changes it before anything
 * else: every API call of such a session except the password change, sign-out and the session's own
 * information answers `passwordChangeRequired`, and the web client opens the password dialog.
 *
 * The flag is set only together with ending the operator's sessions (reset) or before they have any
 * (create), and cleared by the password change, which ends them too: within one session it never
 * changes, so it is read once per session and remembered by session id.
 */
import { ErrorCode } from '@payops/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { sendError } from '../../platform/errors.ts';
import { operators } from './schema.ts';

/** What such a session may still reach (binding the authenticator may be needed for the change's code). */
export const FIRST_PASSWORD_ROUTES: ReadonlySet<string> = new Set([
  '/api/sys/user/updatePassword',
  '/api/getGoogleQR',
  '/api/getGoogleSecret',
  '/api/bindGoogle',
  '/api/logout',
  '/api/current',
  '/api/resource',
  '/api/menu',
  '/api/passwordPolicy',
]);

const REMEMBERED_MAX = 10_000;

export async function mustChangePassword(ctx: AppContext, operatorId: number): Promise<boolean> {
  const [op] = await ctx.db
    .select({ must: operators.mustChangePassword })
    .from(operators)
    .where(eq(operators.id, operatorId));
  return op?.must ?? false;
}

/** Registered right after the guard (app.ts), so `request.auth` is known when it runs. */
export function installFirstPasswordGate(app: FastifyInstance, ctx: AppContext): void {
  const bySession = new Map<number, boolean>();
  app.addHook('onRequest', async (request, reply) => {
    const auth = request.auth;
    if (!auth || reply.sent || FIRST_PASSWORD_ROUTES.has(request.routeOptions.url ?? '')) return;
    let must = bySession.get(auth.sessionId);
    if (must === undefined) {
      must = await mustChangePassword(ctx, auth.operatorId);
      // Plain bound on memory: forgetting costs one indexed read on the session's next call.
      if (bySession.size >= REMEMBERED_MAX) bySession.clear();
      bySession.set(auth.sessionId, must);
    }
    if (must) return sendError(request, reply, ErrorCode.passwordChangeRequired);
  });
}
