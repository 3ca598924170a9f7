/**
 * The upstream callback endpoint: POST /openapi/v1/upstream/:thirdPartyCode/notify. Public, but only
 * a body the third party's adapter verifies (its signature, its fields), from an address its interface
 * config lists (when it lists any), is believed; anything else is a 4xx that changes nothing. Every
 * callback is kept in upstream_callbacks with what became of it.
 * A duplicate is answered like the first one (the provider stops retrying); its effect happened once.
 */
import { depositCallbacks, ErrorCode, localText, withdrawCallbacks } from '@payops/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { registerCrud } from '../../platform/crud/index.ts';
import { StartsWith } from '../../platform/crud/query.ts';
import { AppError, fieldError, localeOf, ok } from '../../platform/errors.ts';
import { clientIp } from '../../platform/guard.ts';
import { ipAllowed } from '../../platform/ip-allow.ts';
import { envelope } from '../../platform/route-schemas.ts';
import { thirdParties } from '../mch/passage.schema.ts';
import { thirdInterfaces } from '../payManage/schema.ts';
import { accessOf, adapterFor } from './adapter.ts';
import { applyUpstreamState } from './apply.ts';
import { upstreamCallbacks } from './schema.ts';
import { CallbackRefused } from './types.ts';

export const CALLBACK_PATH = '/openapi/v1/upstream/:thirdPartyCode/notify';

/**
 * The third party a callback names and the addresses its interface config lists (payManage/
 * third_interfacet_list, one a line, CIDR ranges too), read in one statement.
 */
async function calledBy(ctx: AppContext, code: string) {
  const [row] = await ctx.db
    .select({ tp: thirdParties, callbackIps: thirdInterfaces.callbackIps })
    .from(thirdParties)
    .leftJoin(thirdInterfaces, eq(thirdInterfaces.thirdPartyId, thirdParties.id))
    .where(eq(thirdParties.code, code))
    .limit(1);
  return row ?? null;
}

/**
 * None listed: any address. A signature still has to hold: the list is a second lock, for a secret
 * that leaked.
 */
function callbackIpAllowed(listed: string | null, ip: string): boolean {
  return !listed?.trim() || ipAllowed(listed, ip);
}

export async function callbackRoutes(fastify: FastifyInstance) {
  // The raw callbacks as tabs of the orders' detail drawers, each behind its order list's permission.
  registerCrud(fastify, depositCallbacks, {
    table: upstreamCallbacks,
    scope: { orderNo: new StartsWith('D') },
  });
  registerCrud(fastify, withdrawCallbacks, {
    table: upstreamCallbacks,
    scope: { orderNo: new StartsWith('W') },
  });
  const app = fastify.withTypeProvider<import('fastify-type-provider-zod').ZodTypeProvider>();
  const { ctx } = fastify;
  app.post(
    CALLBACK_PATH,
    {
      config: { access: 'public' },
      schema: {
        tags: ['upstream'],
        summary: 'Upstream provider callback (signed by the third party)',
        params: z.object({ thirdPartyCode: z.string().min(1).max(64) }),
        response: { 200: envelope(z.object({ result: z.enum(['applied', 'duplicate', 'pending']) })) },
      },
    },
    async (request) => {
      const code = request.params.thirdPartyCode;
      const raw = JSON.stringify(request.body ?? null).slice(0, 4000);
      const keep = (result: 'applied' | 'duplicate' | 'refused', orderNo: string | null, reason?: string) =>
        ctx.db.insert(upstreamCallbacks).values({
          thirdPartyCode: code.slice(0, 64),
          orderNo,
          result,
          reason: reason ?? null,
          body: raw,
          ip: clientIp(request),
          at: ctx.clock.now(),
        });
      const orderNo =
        request.body &&
        typeof request.body === 'object' &&
        typeof (request.body as { orderNo?: unknown }).orderNo === 'string'
          ? String((request.body as { orderNo: string }).orderNo).slice(0, 64)
          : null;
      const caller = await calledBy(ctx, code);
      const tp = caller?.tp;
      const adapter = tp && adapterFor(tp.interfaceType);
      if (!tp || !adapter) {
        await keep('refused', orderNo, new CallbackRefused('unknownThirdParty').stored);
        throw new AppError(ErrorCode.notFound);
      }
      const ip = clientIp(request);
      if (!callbackIpAllowed(caller.callbackIps, ip)) {
        await keep('refused', orderNo, new CallbackRefused('ipNotListed', ip).stored);
        request.log.warn({ thirdParty: code, orderNo, ip }, 'upstream callback from an address not listed');
        throw new AppError(ErrorCode.forbidden);
      }
      try {
        const state = adapter.parseCallback(accessOf(ctx, tp), request.body);
        const result = await applyUpstreamState(ctx, tp.id, state);
        if (result !== 'pending') await keep(result, state.orderNo);
        return ok({ result });
      } catch (e) {
        if (!(e instanceof CallbackRefused)) throw e;
        await keep('refused', orderNo, e.stored);
        request.log.warn({ thirdParty: code, orderNo, reason: e.message }, 'upstream callback refused');
        throw fieldError('sign', localText(e.stored, localeOf(request)));
      }
    },
  );
}
