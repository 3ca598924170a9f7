/**
 * The security headers of @fastify/helmet, computed once at start and set on every answer. The
 * plugin builds helmet's middleware anew on every request (its directives parsed each time): on the
 * list route that cost more than the permission check (issue 9, "Scale"). The headers depend only on
 * the options, so they are taken from one answer of a probe app with the plugin, configured alike.
 */
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** What the probe's answer carries without helmet: not security headers. */
const FRAMEWORK_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

export async function installSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions) {
  const probe = Fastify();
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (!FRAMEWORK_HEADERS.has(name) && typeof value === 'string') headers[name] = value;
  }
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
