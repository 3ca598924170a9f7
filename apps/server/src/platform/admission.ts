/**
 * What lets a request in once its session row is read: the binding rule, the permission, the
 * staff-only pages and the authenticator code. The guard admits most requests before their handler;
 * a route whose statement carries the session check (carried-auth.ts) is admitted from its handler,
 * or by `settlePendingAuth` wherever it must be known first (an error answer, a restricted list).
 */
import { ErrorCode, isStaffOnly } from '@payops/contracts';
import type { FastifyRequest } from 'fastify';
import { refuseBeforePasswordChange } from '../modules/sys/first-password.ts';
import type { AppContext } from './context.ts';
import { AppError } from './errors.ts';
import { refuseUnbound } from './require-binding.ts';
import { type Admission, type AuthRow, authenticate, checkSession } from './sessions.ts';
import { isCashierStaff } from './staff-only.ts';
import { consumeCode } from './totp.ts';

/**
 * The code: `later` leaves it to the guard's preHandler (after the body's validation), `now` checks it
 * here (a handler admitting its own request runs after that hook), `skip` only answers who the caller
 * is (an invalid body must not cost the operator a code).
 */
type CodeCheck = 'later' | 'now' | 'skip';

export async function admit(
  ctx: AppContext,
  request: FastifyRequest,
  permission: string | undefined,
  found: Admission,
  code: CodeCheck,
): Promise<void> {
  request.auth = found.auth;
  await refuseUnbound(ctx, request);
  if (permission) {
    if (!found.held) throw new AppError(ErrorCode.forbidden);
    // A staff-only page's routes: named staff only, whatever the roles hold (staff-only.ts).
    if (isStaffOnly(permission) && !(await isCashierStaff(ctx, found.auth.username))) {
      throw new AppError(ErrorCode.forbidden);
    }
  }
  refuseBeforePasswordChange(request, found.mustChangePassword);
  const { held } = found;
  if (!held) return;
  if (code === 'later') request.codeNeeded = held.needsCode;
  else if (code === 'now' && held.needsCode) {
    const given = request.headers.googlecode;
    await consumeCode(ctx, found.auth.operatorId, typeof given === 'string' ? given : undefined);
    request.codeVerified = true;
  }
}

/** A pending session check made on its own (one round trip), and the request admitted on it. */
export async function settlePendingAuth(
  ctx: AppContext,
  request: FastifyRequest,
  code: CodeCheck = 'now',
): Promise<void> {
  const permission = request.pendingAuth;
  if (permission === undefined) return;
  request.pendingAuth = undefined;
  await admit(ctx, request, permission, await authenticate(ctx, request, permission), code);
}

/** The request admitted on the session row its handler's statement read. */
export async function admitCarried(
  ctx: AppContext,
  request: FastifyRequest,
  row: AuthRow | undefined,
): Promise<void> {
  const permission = request.pendingAuth;
  if (permission === undefined) throw new Error('admitCarried: no session check pending');
  request.pendingAuth = undefined;
  await admit(ctx, request, permission, await checkSession(ctx, request, row), 'now');
}
