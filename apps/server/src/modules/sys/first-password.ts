/**
 * An operator whose password an administrator chose (created or reset) changes it before anything
 * else: every API call of such a session except the password change, sign-out and the session's own
 * information answers `passwordChangeRequired`, and the web client opens the password dialog.
 *
 * The flag is read with the session row itself (sessions.ts), so the rule holds wherever a request is
 * admitted: by the guard, or by a list page whose statement carries the session check.
 */
import { ErrorCode } from '@payops/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';

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

export function refuseBeforePasswordChange(request: FastifyRequest, mustChangePassword: boolean): void {
  if (mustChangePassword && !FIRST_PASSWORD_ROUTES.has(request.routeOptions.url ?? '')) {
    throw new AppError(ErrorCode.passwordChangeRequired);
  }
}
