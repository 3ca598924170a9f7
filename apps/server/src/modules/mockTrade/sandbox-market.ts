/**
 * The sandbox's corner of the trade market (modules/trade): its own pool (no fee, priced by the rate
 * table, where the sandbox's mock rates win), one rule that admits only the sandbox merchant's
 * members, and its windows. A real member finds no rule in this pool, and every mock call checks
 * that the ad or order it names lies in it, so sandbox coins never meet a real merchant's.
 */
import type { Locale } from '@payops/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { fieldError } from '../../platform/errors.ts';
import type { Executor } from '../../platform/ledger/index.ts';
import type { Actor } from '../../platform/transitions/index.ts';
import type { Merchant } from '../mch/merchant.service.ts';
import {
  adById,
  orderById,
  type TradeAd,
  type TradeOrder,
  tradePools,
  tradeRules,
  tradeTimeouts,
} from '../trade/index.ts';
import type { TraderSide } from './sandbox.schema.ts';
import { ensureSandboxMerchant } from './sandbox-merchant.ts';
import { type SandboxTrader, sandboxTraders } from './sandbox-traders.ts';

/** A fixed id, far above the serial's reach for a handful of pools, so list views scope by it. */
export const SANDBOX_POOL_ID = 990_001;
export const SANDBOX_POOL_CODE = 'SANDBOX';

const text = {
  foreign: {
    'zh-CN': '不是模拟交易池的记录：模拟操作不能触及真实交易',
    'en-US': "is not the sandbox pool's: mock calls never touch a real trade",
  },
  trader: {
    'zh-CN': (s: string) => `须为模拟商户的${s === 'buy' ? '买家' : '卖家'}账号（sbx-...）`,
    'en-US': (s: string) =>
      `must be one of the sandbox merchant's ${s === 'buy' ? 'buyers' : 'sellers'} (sbx-...)`,
  },
} as const;

export interface SandboxMarket {
  merchant: Merchant;
  poolId: number;
}

/** The sandbox merchant, its pool, rule and windows (made once; an advisory lock for the first). */
export async function ensureSandboxMarket(ctx: AppContext): Promise<SandboxMarket> {
  const merchant = await ensureSandboxMerchant(ctx);
  const [has] = await ctx.db
    .select({ id: tradePools.id })
    .from(tradePools)
    .where(sql`${tradePools.id} = ${SANDBOX_POOL_ID}`);
  if (has) return { merchant, poolId: SANDBOX_POOL_ID };
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('sandbox-market'))`);
    const inserted = await tx
      .insert(tradePools)
      .values({
        id: SANDBOX_POOL_ID,
        code: SANDBOX_POOL_CODE,
        name: '沙箱交易池 Sandbox pool',
        currency: 'USDT',
        fiat: 'CNY',
        priceSource: 'rate',
        spread: '0',
        feeRate: '0',
      })
      .onConflictDoNothing()
      .returning({ id: tradePools.id });
    if (inserted.length === 0) return;
    await tx.insert(tradeRules).values({
      name: 'sandbox',
      poolId: SANDBOX_POOL_ID,
      traderType: 'member',
      merchantId: merchant.id,
      minAmount: '1',
      maxAmount: '100000',
      largeAdAmount: '1000000',
      payTypes: 'bank_card,alipay,wechat',
      maxOpenOrders: 50,
      requireAdvertiser: false,
    });
    await tx
      .insert(tradeTimeouts)
      .values({ poolId: SANDBOX_POOL_ID, payMinutes: 5, confirmMinutes: 5, adHours: 24 });
  });
  return { merchant, poolId: SANDBOX_POOL_ID };
}

/** The ad, when it lies in the sandbox pool; a 400 naming `field` otherwise (a real one, or none). */
export async function sandboxAd(db: Executor, id: number, field: string, locale: Locale): Promise<TradeAd> {
  const ad = await adById(db, id);
  if (!ad || ad.poolId !== SANDBOX_POOL_ID) throw fieldError(field, text.foreign[locale]);
  return ad;
}

export async function sandboxOrder(
  db: Executor,
  id: number,
  field: string,
  locale: Locale,
): Promise<TradeOrder> {
  const o = await orderById(db, id);
  if (!o || o.poolId !== SANDBOX_POOL_ID) throw fieldError(field, text.foreign[locale]);
  return o;
}

/**
 * The sandbox trader of a side the operator named (its account), or the first one; a name that is
 * not one of the sandbox's traders of that side is a 400 on `trader`.
 */
export async function pickTrader(
  db: Executor,
  m: Merchant,
  side: TraderSide,
  account: string | undefined,
  locale: Locale,
): Promise<SandboxTrader> {
  const all = await sandboxTraders(db, m, side);
  const found = account === undefined ? all[0] : all.find((t) => t.code === account);
  if (!found) throw fieldError('trader', text.trader[locale](side));
  return found;
}

export const partyOf = (o: TradeOrder, role: 'buyer' | 'seller') =>
  role === 'buyer'
    ? { ownerType: o.buyerType, ownerId: o.buyerId }
    : { ownerType: o.sellerType, ownerId: o.sellerId };

/** The advertiser of an order's ad: the buyer of a buy ad, the seller of a sell ad. */
export const advertiserRole = (o: TradeOrder): 'buyer' | 'seller' => (o.side === 'buy' ? 'buyer' : 'seller');

export const operatorActor = (
  request: {
    auth?: { operatorId: number; username: string } | null;
    headers: Record<string, unknown>;
  },
  locale: Locale,
): Actor => ({
  operatorId: request.auth?.operatorId ?? null,
  username: request.auth?.username ?? '-',
  locale,
});
