/**
 * The upstream adapters, chosen by the third party's `interface_type`. The built-in `sandbox` speaks
 * the sandbox protocol over real HTTP; a real provider is one more entry in `adapters` behind the same
 * calls (types.ts). Adapters never touch the database: placement, payouts and the callback
 * endpoint decide what an answer means for an order.
 */
import type { AppContext } from '../../platform/context.ts';
import { allowedOrigins } from '../../platform/outbound.ts';
import { open } from '../../platform/secret-box.ts';
import type { thirdParties } from '../mch/passage.schema.ts';
import { platformOrigin } from './origin.ts';
import { sandboxAdapter } from './sandbox-adapter.ts';
import type { ThirdPartyAccess, UpstreamAdapter, UpstreamEndpoints } from './types.ts';

const adapters: Record<string, UpstreamAdapter> = { sandbox: sandboxAdapter };

export function adapterFor(interfaceType: string): UpstreamAdapter | undefined {
  return adapters[interfaceType];
}

type ThirdPartyRow = Pick<
  typeof thirdParties.$inferSelect,
  'id' | 'code' | 'interfaceType' | 'baseUrl' | 'upstreamMchNo' | 'secretEnc'
>;

/** Where the built-in sandbox provider answers on this server. */
export const SANDBOX_ROOT = '/sandbox/upstream';

const LOOPBACK = /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(?=\/|$)/;

/** The base URL is this server's sandbox (so its loopback address is not the provider's to choose). */
export function servedBySandbox(tp: Pick<ThirdPartyRow, 'interfaceType' | 'baseUrl'>): boolean {
  return tp.interfaceType === 'sandbox' && (!tp.baseUrl || LOOPBACK.test(tp.baseUrl));
}

/**
 * The API root of a third party. The sandbox lives in this server: an empty base URL, or one on a
 * loopback address (seeded with whatever port the server had then), is this server's own origin +
 * /sandbox/upstream, so the demo and tests reach it on the port the server listens on now.
 */
export function baseUrlOf(ctx: AppContext, tp: Pick<ThirdPartyRow, 'interfaceType' | 'baseUrl'>): string {
  const base = tp.baseUrl.replace(/\/+$/, '');
  if (tp.interfaceType !== 'sandbox') return base;
  const own = platformOrigin(ctx);
  if (!own) return base;
  if (!base) return `${own}${SANDBOX_ROOT}`;
  return onThisServer(ctx, tp, base);
}

/** A sandbox party's URL on a loopback address is this server's, on the port it listens on now. */
function onThisServer(ctx: AppContext, tp: Pick<ThirdPartyRow, 'interfaceType'>, url: string): string {
  const own = platformOrigin(ctx);
  return tp.interfaceType === 'sandbox' && own ? url.replace(LOOPBACK, own) : url;
}

/** `endpoints`: the party's interface config URLs (endpoints.ts), for the calls that use them. */
export function accessOf(
  ctx: AppContext,
  tp: ThirdPartyRow,
  endpoints: UpstreamEndpoints = {},
): ThirdPartyAccess {
  const rebased: UpstreamEndpoints = {};
  for (const [call, url] of Object.entries(endpoints) as [keyof UpstreamEndpoints, string | undefined][])
    if (url) rebased[call] = onThisServer(ctx, tp, url);
  return {
    id: tp.id,
    code: tp.code,
    interfaceType: tp.interfaceType,
    baseUrl: baseUrlOf(ctx, tp),
    mchNo: tp.upstreamMchNo,
    secret: tp.secretEnc ? open(ctx.keys.secretKey, tp.secretEnc) : '',
    timeoutMs: ctx.config.upstreamTimeoutMs,
    allowedOrigins: allowedOrigins(ctx),
    endpoints: rebased,
  };
}

/** The platform's callback endpoint for a third party, as the provider is told to call it. */
export function callbackUrl(ctx: AppContext, thirdPartyCode: string): string {
  return `${platformOrigin(ctx) ?? ''}/openapi/v1/upstream/${encodeURIComponent(thirdPartyCode)}/notify`;
}
