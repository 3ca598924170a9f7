/**
 * Deny by default (ASVS 8.2.1): every API route names its access, or the server refuses to start.
 * On each request: the IP lists, the session, the permission and, where the resource list says so,
 * an authenticator code (admission.ts); a route whose statement carries the session check leaves it
 * to its handler (carried-auth.ts). After each state-changing call (and each refusal) an
 * operation-log row, unless the handler already wrote it inside its own transaction.
 */
import { ErrorCode, isStaffOnly } from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import { admit } from './admission.ts';
import { appendOperationLog } from './audit.ts';
import { operationRowOf } from './audit-request.ts';
import type { AppContext } from './context.ts';
import { AppError, answerInstead, auditFailed, sendError } from './errors.ts';
import { IpFilter } from './ip-filter.ts';
import { clientIp, describeAccess } from './request-info.ts';
import { authenticate, tokenOf } from './sessions.ts';
import { consumeCode } from './totp.ts';

/** Path prefixes served by the API; everything else is the single-page app's static files. */
export const API_PREFIXES = ['/api', '/mockTrade', '/mock', '/openapi', '/sandbox'];
const UNFILTERED = new Set(['/api/health']);

export interface RouteAccess {
  method: string;
  url: string;
  access: string;
  /** Only the named cashier staff pass, whatever their roles (staff-only.ts). */
  staffOnly: boolean;
}

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`));
}

export { clientIp, describeAccess } from './request-info.ts';

/** Registers the hooks and returns the route -> access registry (for the snapshot test). */
export function installGuard(
  app: FastifyInstance,
  ctx: AppContext,
): { routes: RouteAccess[]; ipFilter: IpFilter } {
  const routes: RouteAccess[] = [];
  const ipFilter = new IpFilter(ctx);

  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return;
    const access = route.config?.access;
    if (!access)
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access (deny by default)`);
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const staffOnly = typeof access === 'object' && isStaffOnly(access.permission);
      routes.push({ method: String(method), url: route.url, access: describeAccess(access), staffOnly });
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    try {
      // The merchant API checks each merchant's own white list instead of the back-office lists.
      const filtered =
        !UNFILTERED.has(request.routeOptions.url ?? '') && !request.routeOptions.config.ownIpCheck;
      if (filtered && !(await ipFilter.allowed(clientIp(request)))) {
        throw new AppError(ErrorCode.ipDenied);
      }
      if (access === 'public') return;
      const permission = access === 'session' ? undefined : access.permission;
      if (permission && request.routeOptions.config.carriesAuth) {
        tokenOf(request); // no token: refused here, before anything else
        request.pendingAuth = permission;
        return;
      }
      await admit(ctx, request, permission, await authenticate(ctx, request, permission), 'later');
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      return sendError(request, reply, e.code, e.data);
    }
  });

  // The code is checked and spent only after the body passed validation: a typo in a field must not
  // cost the operator a fresh code (issue 18, section 4).
  app.addHook('preHandler', async (request, reply) => {
    if (!request.codeNeeded || !request.auth) return;
    try {
      const code = request.headers.googlecode;
      await consumeCode(ctx, request.auth.operatorId, typeof code === 'string' ? code : undefined);
      request.codeVerified = true;
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      return sendError(request, reply, e.code, e.data);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const config = request.routeOptions.config;
    const access = config?.access;
    if (!access) return payload;
    // Deny by default: a handler that was to carry the session check and answered without it never
    // lets its answer out.
    if (request.pendingAuth !== undefined && reply.statusCode < 400) {
      request.log.error({ requestId: request.id }, 'answer held back: its session check was never made');
      return answerInstead(request, reply, ErrorCode.internal);
    }
    const code = request.resultCode ?? (reply.statusCode < 400 ? ErrorCode.ok : ErrorCode.internal);
    const refused = code === ErrorCode.forbidden || code === ErrorCode.ipDenied;
    // Read-only POSTs (lists, counts) opt out with audit: false.
    const changes = request.method !== 'GET' && access !== 'public' && config.audit !== false;
    if (!refused && !changes && !config.audit) return payload;
    // The handler's own row committed with its change (audit-request.ts): nothing more to write.
    if (request.auditWritten && code === ErrorCode.ok) return payload;
    try {
      await appendOperationLog(ctx.db, operationRowOf(request, code, request.auditNote));
    } catch (e) {
      // The audit row could not be written (the database went away): answer a clean failure, never
      // the framework's fallback, which would quote the failing statement.
      return auditFailed(request, reply, e);
    }
    return payload;
  });

  return { routes, ipFilter };
}
