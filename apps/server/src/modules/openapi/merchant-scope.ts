/**
 * A scope of merchant API routes (the normal, USDT and matched orders' calls): each call is verified
 * (signature, timestamp, nonce, white list, merchant state, rate) and logged on the placement log, and
 * `route` gives a signed endpoint's options: its access, its verifier and its documented schemas.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { envelope } from '../../platform/route-schemas.ts';
import { SIGNING_DESCRIPTION } from './doc-example.ts';
import type { Endpoint } from './place-log.ts';
import { installPlacementLog } from './place-log-hooks.ts';
import { merchantVerifier } from './verify.ts';

export type MerchantRoute = <B extends z.ZodType, A extends z.ZodType>(
  endpoint: Endpoint,
  summary: string,
  body: B,
  answer: A,
) => {
  config: { access: 'public'; ownIpCheck: true; merchantApi: Endpoint };
  preHandler: ReturnType<typeof merchantVerifier>;
  schema: {
    tags: string[];
    summary: string;
    description: string;
    body: B;
    response: { 200: ReturnType<typeof envelope<A>> };
  };
};

const typed = (scope: FastifyInstance) => scope.withTypeProvider<ZodTypeProvider>();
export type MerchantApp = ReturnType<typeof typed>;

export async function merchantApiScope(
  parent: FastifyInstance,
  routes: (app: MerchantApp, route: MerchantRoute) => void,
): Promise<void> {
  const ctx = parent.ctx;
  await parent.register(async (scope) => {
    installPlacementLog(scope, ctx);
    const verify = merchantVerifier(ctx);
    const route: MerchantRoute = (endpoint, summary, body, answer) => ({
      config: { access: 'public', ownIpCheck: true, merchantApi: endpoint },
      preHandler: verify,
      schema: {
        tags: ['merchant API'],
        summary,
        description: SIGNING_DESCRIPTION,
        body,
        response: { 200: envelope(answer) },
      },
    });
    routes(typed(scope), route);
  });
}
