/**
 * The upstream adapters, chosen by the third party's `interface_type`. The built-in `sandbox` speaks
 * the sandbox protocol over real HTTP; a real provider is one more entry in `adapters` behind the same
 * four calls (types.ts). Adapters never touch the database: placement, payouts and the callback
 * endpoint decide what an answer means for an order.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { open } from '../../platform/secret-box.ts';
import { thirdParties } from '../mch/passage.schema.ts';
import { platformOrigin } from './origin.ts';
import { sandboxAdapter } from './sandbox-adapter.ts';
import type { ThirdPartyAccess, UpstreamAdapter } from './types.ts';

const adapters: Record<string, UpstreamAdapter> = { sandbox: sandboxAdapter };

export function adapterFor(interfaceType: string): UpstreamAdapter | undefined {
  return adapters[interfaceType];
}

type ThirdPartyRow = Pick<
  typeof thirdParties.$inferSelect,
  'id' | 'code' | 'interfaceType' | 'baseUrl' | 'upstreamMchNo' | 'secretEnc'
>;

/**
 * The access of a third party. The sandbox lives in this server: an empty base URL means "here"
 * (the listening origin), so the demo and tests reach it on whatever port the server got.
 */
export function accessOf(ctx: AppContext, tp: ThirdPartyRow): ThirdPartyAccess {
  const base = tp.baseUrl || (tp.interfaceType === 'sandbox' ? (platformOrigin(ctx) ?? '') : '');
  return {
    id: tp.id,
    code: tp.code,
    interfaceType: tp.interfaceType,
    baseUrl: base.replace(/\/+$/, ''),
    mchNo: tp.upstreamMchNo,
    secret: tp.secretEnc ? open(ctx.keys.secretKey, tp.secretEnc) : '',
    timeoutMs: ctx.config.upstreamTimeoutMs,
  };
}

export async function thirdPartyByCode(ctx: AppContext, code: string) {
  const [tp] = await ctx.db.select().from(thirdParties).where(eq(thirdParties.code, code)).limit(1);
  return tp ?? null;
}

/** The platform's callback endpoint for a third party, as the provider is told to call it. */
export function callbackUrl(ctx: AppContext, thirdPartyCode: string): string {
  return `${platformOrigin(ctx) ?? ''}/openapi/v1/upstream/${encodeURIComponent(thirdPartyCode)}/notify`;
}
