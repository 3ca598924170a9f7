/**
 * Hostile input refused before any route's own schema runs (issue 18, section 1): a NUL or a lone
 * surrogate in any string or key, a string past STRING_HARD_MAX, nesting past BODY_MAX_DEPTH. Every
 * route, present and future, gets this without a line of its own; the field is named in the
 * operator's language.
 */
import { findHostile } from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import { fieldError, localeOf } from './errors.ts';
import { describeRule } from './validation-messages.ts';

export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.config?.access) return;
    const found = findHostile(request.body) ?? findHostile(request.query) ?? findHostile(request.params);
    if (found) throw fieldError(found.path || 'body', describeRule(found.rule, localeOf(request)));
  });
}
