/**
 * Where this server can be reached over HTTP, for the two calls it makes to itself: the platform
 * calling the built-in sandbox provider, and the sandbox calling the platform's callback endpoint.
 * `PUBLIC_ORIGIN` (config) when set (production, behind a proxy: what providers call back);
 * otherwise the address the server is listening on, known once it listens (`app.listen({ port: 0 })`
 * in the API tests). Before that there is no origin, and an upstream call fails like a network error.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';

const listening = new WeakMap<AppContext, string>();

export function rememberOrigin(app: FastifyInstance): void {
  app.server.on('listening', () => {
    const address = app.server.address() as AddressInfo | string | null;
    if (!address || typeof address === 'string') return;
    const host =
      address.address === '0.0.0.0' || address.address === '::'
        ? '127.0.0.1'
        : address.family === 'IPv6'
          ? `[${address.address}]`
          : address.address;
    listening.set(app.ctx, `http://${host}:${address.port}`);
  });
}

export function platformOrigin(ctx: AppContext): string | null {
  return ctx.config.publicOrigin || listening.get(ctx) || null;
}
