/**
 * Third-party P2P markets, as the upstream providers are (modules/upstream/adapter.ts): a market is a
 * third party (payManage) whose interface type picks its adapter. The built-in `sandbox-market` speaks
 * the sandbox protocol (signed flat JSON over real HTTP, upstream/sandbox-adapter.ts `post`) to the
 * sandbox market on this server (market-sandbox.routes.ts); a real market is one more entry in
 * `adapters` behind the same three calls. Adapters never touch the database.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { thirdParties } from '../mch/passage.schema.ts';
import { accessOf } from '../upstream/adapter.ts';
import { platformOrigin } from '../upstream/origin.ts';
import { post } from '../upstream/sandbox-adapter.ts';
import type { Params } from '../upstream/signing.ts';
import { type ThirdPartyAccess, UpstreamError } from '../upstream/types.ts';

export type RemoteState = 'open' | 'filled' | 'cancelled';

export interface PushRequest {
  /** Our push no.: the market keeps one order per reference, however often it is sent. */
  ref: string;
  orderNo: string;
  side: string;
  amount: string;
  price: string;
  currency: string;
  fiat: string;
  payType: string;
}

export interface RemoteOrder {
  ref: string;
  remoteNo: string;
  status: RemoteState;
  amount: string;
}

export interface MarketAdapter {
  /** Places the order; an UpstreamError says why not (`refused`: the market said no). */
  push(m: ThirdPartyAccess, req: PushRequest, now: Date): Promise<{ remoteNo: string }>;
  query(m: ThirdPartyAccess, ref: string, now: Date): Promise<RemoteOrder>;
  /** The market's orders placed on a business day (YYYY-MM-DD, the platform's time zone). */
  statement(m: ThirdPartyAccess, day: string, now: Date): Promise<RemoteOrder[]>;
}

export const MARKET_SANDBOX_ROOT = '/sandbox/market';
export const MARKET_PATHS = {
  push: '/order/push',
  query: '/order/query',
  statement: '/statement',
  control: '/control',
  fill: '/order/settle',
} as const;

const STATES: readonly RemoteState[] = ['open', 'filled', 'cancelled'];

function remoteOf(p: Params | Record<string, unknown>): RemoteOrder {
  const [ref, remoteNo, status, amount] = [p.ref, p.remoteNo, p.status, p.amount].map((v) =>
    typeof v === 'string' ? v : '',
  );
  if (!ref || !remoteNo || !STATES.includes(status as RemoteState) || !/^\d{1,20}(\.\d{1,8})?$/.test(amount!))
    throw new UpstreamError('bad_answer', 'market answer malformed');
  return { ref: ref!, remoteNo: remoteNo!, status: status as RemoteState, amount: amount! };
}

const sandboxMarket: MarketAdapter = {
  async push(m, req, now) {
    const a = await post(m, MARKET_PATHS.push, { ...req }, now);
    return { remoteNo: remoteOf(a).remoteNo };
  },
  async query(m, ref, now) {
    return remoteOf(await post(m, MARKET_PATHS.query, { ref }, now));
  },
  async statement(m, day, now) {
    const a = await post(m, MARKET_PATHS.statement, { day }, now, { timeoutMs: 60_000 });
    const lines = typeof a.lines === 'string' && a.lines ? (JSON.parse(a.lines) as unknown[]) : [];
    return lines.map((l) => remoteOf(l as Record<string, unknown>));
  },
};

const adapters: Record<string, MarketAdapter> = { 'sandbox-market': sandboxMarket };

export type MarketRow = typeof thirdParties.$inferSelect;

export async function marketById(ctx: AppContext, id: number): Promise<MarketRow | undefined> {
  const [m] = await ctx.db.select().from(thirdParties).where(eq(thirdParties.id, id));
  return m;
}

/** The adapter and access of a market; the sandbox market's base URL is this server's when blank. */
export function marketClient(
  ctx: AppContext,
  m: MarketRow,
): { adapter: MarketAdapter; access: ThirdPartyAccess } {
  const adapter = adapters[m.interfaceType];
  if (!adapter) throw new UpstreamError('refused', `${m.code}: not a P2P market (${m.interfaceType})`);
  const access = accessOf(ctx, m);
  const own = platformOrigin(ctx);
  if (m.interfaceType === 'sandbox-market' && !m.baseUrl && own)
    return { adapter, access: { ...access, baseUrl: `${own}${MARKET_SANDBOX_ROOT}` } };
  return { adapter, access };
}

export const isMarket = (interfaceType: string) => interfaceType in adapters;
