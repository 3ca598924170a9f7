/**
 * Deny by default (ASVS 8.2.1): every API route names its access, or the server refuses to start.
 * On each request: the IP lists, the session, the permission and, where the resource list says so,
 * an authenticator code. After each state-changing call (and each refusal) an operation-log row.
 */
import { ErrorCode } from '@payops/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appendOperationLog } from './audit.ts';
import type { Access, AppContext } from './context.ts';
import { AppError, sendError } from './errors.ts';
import { IpFilter } from './ip-filter.ts';
import { authenticate } from './sessions.ts';
import { consumeCode } from './totp.ts';

/** Path prefixes served by the API; everything else is the single-page app's static files. */
export const API_PREFIXES = ['/api', '/mockTrade', '/mock'];
const UNFILTERED = new Set(['/api/health']);

export interface RouteAccess {
  method: string;
  url: string;
  access: string;
}

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`));
}

export function clientIp(request: FastifyRequest): string {
  return request.ip.startsWith('::ffff:') ? request.ip.slice(7) : request.ip;
}

export function describeAccess(access: Access): string {
  return typeof access === 'string' ? access : access.permission;
}

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
      routes.push({ method: String(method), url: route.url, access: describeAccess(access) });
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    try {
      if (!UNFILTERED.has(request.routeOptions.url ?? '') && !(await ipFilter.allowed(clientIp(request)))) {
        throw new AppError(ErrorCode.ipDenied);
      }
      if (access === 'public') return;
      const permission = access === 'session' ? undefined : access.permission;
      const { auth, held } = await authenticate(ctx, request, permission);
      request.auth = auth;
      if (!permission) return;
      if (!held) throw new AppError(ErrorCode.forbidden);
      if (held.needsCode) {
        const code = request.headers.googlecode;
        await consumeCode(ctx, request.auth.operatorId, typeof code === 'string' ? code : undefined);
        request.codeVerified = true;
      }
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      return sendError(request, reply, e.code, e.data);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const config = request.routeOptions.config;
    const access = config?.access;
    if (!access) return payload;
    const code = request.resultCode ?? (reply.statusCode < 400 ? ErrorCode.ok : ErrorCode.internal);
    const refused = code === ErrorCode.forbidden || code === ErrorCode.ipDenied;
    // Read-only POSTs (lists, counts) opt out with audit: false.
    const changes = request.method !== 'GET' && access !== 'public' && config.audit !== false;
    if (!refused && !changes && !config.audit) return payload;
    const note = request.auditNote;
    await appendOperationLog(ctx.db, {
      at: ctx.clock.now(),
      operatorId: request.auth?.operatorId ?? null,
      operatorName: request.auth?.username ?? '-',
      action:
        describeAccess(access) === 'session'
          ? (request.routeOptions.url ?? request.url)
          : describeAccess(access),
      method: request.method,
      path: request.routeOptions.url ?? request.url.split('?')[0] ?? '',
      objectType: note?.objectType ?? null,
      objectId: note?.objectId === undefined ? null : String(note.objectId),
      result: code === ErrorCode.ok ? 'success' : 'failure',
      code,
      ip: clientIp(request),
      detail:
        note && (note.before !== undefined || note.after !== undefined || note.extra)
          ? { before: note.before, after: note.after, ...note.extra }
          : null,
    });
    return payload;
  });

  return { routes, ipFilter };
}
