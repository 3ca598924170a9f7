/**
 * Hostile input refused before any route's own schema runs (issue 18, section 1): a NUL or a lone
 * surrogate in any string or key, a string past STRING_HARD_MAX, nesting past BODY_MAX_DEPTH. Every
 * route, present and future, gets this without a line of its own; the field is named in the
 * operator's language.
 */
import { findHostile } from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import { localeOf, ruleError } from './errors.ts';

export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.config?.access) return;
    const body = findHostile(request.body, request.routeOptions.config.stringMax);
    const found = body ?? findHostile(request.query) ?? findHostile(request.params);
    if (found) throw ruleError(found.path || 'body', found.rule, localeOf(request));
  });
}
