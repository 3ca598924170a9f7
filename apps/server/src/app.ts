/**
 * Builds the Fastify app: external plugins, the platform (errors, guard, audit), then the modules,
 * then the single-page app's static files. No listening here: server.ts and the tests do that.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { ErrorCode } from '@payops/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { cashierModule } from './modules/cashier/index.ts';
import { chainModule } from './modules/chain/index.ts';
import { dashboardModule } from './modules/dashboard/index.ts';
import { emailModule } from './modules/email/index.ts';
import { matchModule } from './modules/match/index.ts';
import { mchModule } from './modules/mch/index.ts';
import { memberModule } from './modules/member/index.ts';
import { mockModule } from './modules/mock/index.ts';
import { mockTradeModule } from './modules/mockTrade/index.ts';
import { notifyModule } from './modules/notify/index.ts';
import { openapiModule } from './modules/openapi/index.ts';
import { opsReportsModule } from './modules/opsReports/index.ts';
import { orderModule } from './modules/order/index.ts';
import { payManageModule } from './modules/payManage/index.ts';
import { reportsModule } from './modules/reports/index.ts';
import { riskModule } from './modules/risk/index.ts';
import { riskLevelsModule } from './modules/risk/risk-levels.module.ts';
import { sysModule } from './modules/sys/index.ts';
import { tradeModule } from './modules/trade/index.ts';
import { tradeReportsModule } from './modules/tradeReports/index.ts';
import { upstreamModule } from './modules/upstream/index.ts';
import { walletModule } from './modules/wallet/index.ts';
import { settlePendingAuth } from './platform/admission.ts';
import { Clock } from './platform/clock.ts';
import type { AppContext } from './platform/context.ts';
import { installErrorHandler, ok, sendError } from './platform/errors.ts';
import { installGuard, isApiPath, type RouteAccess } from './platform/guard.ts';
import { installInputGuard } from './platform/input-guard.ts';
import type { IpFilter } from './platform/ip-filter.ts';
import { type Keys, loadKeys } from './platform/keys.ts';
import { envelope } from './platform/route-schemas.ts';
import { installSecurityHeaders } from './platform/security-headers.ts';

export interface BuildOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  keys?: Keys;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  routes: RouteAccess[];
  ipFilter: IpFilter;
}

const BODY_LIMIT = 1024 * 1024;

export async function buildApp(opts: BuildOptions): Promise<BuiltApp> {
  const { config, database } = opts;
  const ctx: AppContext = {
    config,
    db: database.db,
    pool: database.pool,
    clock: opts.clock ?? new Clock(),
    keys: opts.keys ?? loadKeys(config.dataDir, config.rsaPrivateKey, config.secretKey),
  };

  const app = Fastify({
    // Credentials never reach a log line; bodies are not logged at all (filters may hold personal data).
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.access_token', 'req.headers.cookie', 'req.headers.googlecode'],
          },
    // A request id an operator can quote from an error answer, found in the server's log.
    genReqId: () => randomUUID(),
    // Only the pinned proxies' X-Forwarded-For is believed; never `trustProxy: true` (ASVS 4.1.3).
    trustProxy: config.trustedProxies.length ? config.trustedProxies : false,
    bodyLimit: BODY_LIMIT,
    requestTimeout: 60_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  installErrorHandler(app, (request) => settlePendingAuth(ctx, request, 'skip'));
  installInputGuard(app);

  await app.register(cookie);
  await installSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its CSS-in-JS into style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    // DENY agrees with frame-ancestors 'none' (SAMEORIGIN contradicted it).
    frameguard: { action: 'deny' },
    // HSTS only where the console is served over HTTPS; over plain HTTP it is meaningless.
    strictTransportSecurity: config.cookieSecure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  // Every API answer is no-store, refusals and 404s included: set as the request comes in, before the
  // guard's hook (which may answer a refusal itself); a route may still ask for more (private).
  app.addHook('onRequest', (request, reply, done) => {
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
    done();
  });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: { info: { title: 'PayOps console API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });

  const { routes, ipFilter } = installGuard(app, ctx);
  // Modules that change the IP lists or the white-list switch clear its cache through this.
  app.decorate('ipFilter', ipFilter);

  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: { tags: ['platform'], response: { 200: envelope(z.object({ status: z.literal('ok') })) } },
    },
    async () => {
      await ctx.pool.query('SELECT 1');
      return ok({ status: 'ok' as const });
    },
  );
  app.get('/api/docs', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());

  await app.register(sysModule);
  await app.register(dashboardModule);
  await app.register(mchModule);
  await app.register(payManageModule);
  await app.register(memberModule);
  await app.register(orderModule);
  await app.register(matchModule);
  await app.register(notifyModule);
  await app.register(openapiModule);
  await app.register(upstreamModule);
  await app.register(chainModule);
  await app.register(riskModule);
  await app.register(mockTradeModule);
  await app.register(emailModule);
  await app.register(riskLevelsModule);
  await app.register(walletModule);
  await app.register(cashierModule);
  await app.register(opsReportsModule);
  await app.register(reportsModule);
  await app.register(tradeModule);
  await app.register(tradeReportsModule);
  if (config.mockApi) await app.register(mockModule);

  await serveWebApp(app, config.webDist);
  return { app, ctx, routes, ipFilter };
}

/** The built single-page app; unknown non-API paths get index.html so the client router decides. */
async function serveWebApp(app: FastifyInstance, dist: string): Promise<void> {
  const index = path.join(dist, 'index.html');
  const hasWeb = fs.existsSync(index);
  if (hasWeb) await app.register(fastifyStatic, { root: dist, wildcard: false, index: false });
  app.setNotFoundHandler((request, reply) => {
    if (!isApiPath(request.url) && request.method === 'GET' && hasWeb) {
      return reply.type('text/html').header('cache-control', 'no-cache').send(fs.createReadStream(index));
    }
    return sendError(request, reply, ErrorCode.notFound);
  });
}
