/**
 * A scope of merchant API routes (the normal, USDT and matched orders' calls): each call is verified
 * (signature, timestamp, nonce, white list, merchant state, rate) and logged on the placement log, and
 * `route` gives a signed endpoint's options: its access, its verifier and its documented schemas, and
 * for a call that places an order the platform switches that stop it (`switches`): a verified call
 * while one of them is off is refused `serviceClosed`, naming the switch, before its handler runs.
 */
import type { DatacenterSwitch } from '@payops/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { envelope } from '../../platform/route-schemas.ts';
import { closedSwitch } from '../payManage/switches.ts';
import { refuseClosed } from './answer.ts';
import { SIGNING_DESCRIPTION } from './doc-example.ts';
import type { Endpoint } from './place-log.ts';
import { installPlacementLog } from './place-log-hooks.ts';
import { merchantVerifier } from './verify.ts';

export type MerchantRoute = <B extends z.ZodType, A extends z.ZodType>(
  endpoint: Endpoint,
  summary: string,
  body: B,
  answer: A,
  switches?: (body: z.infer<B>) => readonly DatacenterSwitch[],
) => {
  config: { access: 'public'; ownIpCheck: true; merchantApi: Endpoint };
  preHandler: preHandlerAsyncHookHandler[];
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
    const route: MerchantRoute = (endpoint, summary, body, answer, switches) => ({
      config: { access: 'public', ownIpCheck: true, merchantApi: endpoint },
      preHandler: switches
        ? [
            verify,
            async (request: FastifyRequest, reply: FastifyReply) => {
              const closed = await closedSwitch(ctx, switches(request.body as z.infer<typeof body>));
              if (closed) return refuseClosed(request, reply, closed);
            },
          ]
        : [verify],
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
