/**
 * Pushing an open ad to its pool's third-party market (contracts trade-push.ts). A push is made in the
 * caller's transaction (the ad's forcePush transition, or the job): what is left of the ad is taken by
 * the market (a trader of type `market`, under the pool's rule for markets) as a child order, and the
 * push record names it. The call to the market happens after that commits (`sendPending`), never
 * inside a transaction; its answer is a system transition of the push (push-hooks.ts: a refusal
 * cancels the child order, a fill completes it, both through the order's own transitions).
 * Idempotent by reference: the push no. is the market's key, and one live push per ad is a unique index.
 */
import {
  ErrorCode,
  type Locale,
  systemText,
  TRADE_PAY_TYPES,
  type TradePayType,
  trade_push_rec_page,
} from '@payops/contracts';
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { dec, ensureAccount, type Tx } from '../../platform/ledger/index.ts';
import { type Actor, runSystemTransition } from '../../platform/transitions/index.ts';
import { newRecordNo } from '../match/match-engine.ts';
import { thirdParties } from '../mch/passage.schema.ts';
import { UpstreamError } from '../upstream/types.ts';
import { lockAd } from './ads.service.ts';
import { isMarket, marketById, marketClient } from './market-adapter.ts';
import { takeAd } from './orders.service.ts';
import { type TradeAd, tradeAds, tradeTimeouts } from './trade.schema.ts';
import { auditStep, conflict, SYSTEM_ACTOR } from './trade-common.ts';
import { tradePushes } from './trade-push.schema.ts';
import { registerTraderResolver } from './traders.ts';

export type Push = typeof tradePushes.$inferSelect;

/** Sends before a failed push stays failed (the job retries it under the same reference). */
export const MAX_PUSH_ATTEMPTS = 5;

const text = {
  noMarket: {
    'zh-CN': '该交易池未配置三方交易市场（交易超时配置）',
    'en-US': "has no third-party market (set it in the pool's timeout settings)",
  },
  live: {
    'zh-CN': (no: string) => `已有进行中的推送（${no}），不会重复推送`,
    'en-US': (no: string) => `already has a live push (${no}); it is never pushed twice`,
  },
  nothingLeft: { 'zh-CN': '广告已无剩余数量', 'en-US': 'the ad has nothing left' },
} as const;

// A market takes ads as a trader of its own: its code, no merchant, trading while the third party is on.
registerTraderResolver('market', async (db, ownerId) => {
  const [m] = await db.select().from(thirdParties).where(eq(thirdParties.id, ownerId));
  if (!m || !isMarket(m.interfaceType)) return undefined;
  return {
    ownerType: 'market',
    ownerId: m.id,
    code: m.code,
    merchantId: null,
    status: m.status === 'on' ? 'normal' : 'frozen',
  };
});

export async function livePushOf(db: Tx | AppContext['db'], adId: number): Promise<Push | undefined> {
  const [p] = await db
    .select()
    .from(tradePushes)
    .where(and(eq(tradePushes.adId, adId), inArray(tradePushes.status, ['pending', 'accepted', 'failed'])));
  return p;
}

/** The refusals of a push of this ad, before anything is written (the forcePush check). */
export async function checkPushable(tx: Tx, ad: TradeAd, locale: Locale): Promise<number> {
  const live = await livePushOf(tx, ad.id);
  if (live) throw conflict('id', text.live[locale](live.pushNo));
  if (Number(ad.remaining) <= 0) throw conflict('id', text.nothingLeft[locale]);
  const [t] = await tx.select().from(tradeTimeouts).where(eq(tradeTimeouts.poolId, ad.poolId));
  if (!t?.marketId) throw fieldError('id', text.noMarket[locale]);
  return t.marketId;
}

/** What a push takes: all that is left, at most the ad's max per take (the rest stays for a later push). */
const pushable = (ad: TradeAd) => (dec(ad.remaining).gt(dec(ad.maxTake)) ? ad.maxTake : ad.remaining);

/** Takes what is left of the ad for the market and records the push (pending), in `tx`. */
export async function pushAd(
  ctx: AppContext,
  tx: Tx,
  ad: TradeAd,
  push: { forced: boolean; reason?: string; actor: Actor },
): Promise<Push> {
  const marketId = await checkPushable(tx, ad, push.actor.locale);
  const [m] = await tx.select().from(thirdParties).where(eq(thirdParties.id, marketId));
  const now = ctx.clock.now();
  // The market settles with us outside the platform: its coin account may run below zero when it sells.
  await ensureAccount(
    tx,
    { ownerType: 'market', ownerId: marketId, ownerCode: m?.code ?? '', merchantId: null, currency: 'USDT' },
    true,
  );
  const payType = (ad.payTypes.split(',').find((p) => (TRADE_PAY_TYPES as readonly string[]).includes(p)) ??
    'bank_card') as TradePayType;
  const order = await takeAd(
    ctx,
    { adId: ad.id, taker: { ownerType: 'market', ownerId: marketId }, amount: pushable(ad), payType },
    push.actor,
    tx,
  );
  const [row] = await tx
    .insert(tradePushes)
    .values({
      pushNo: newRecordNo('TP', now),
      adId: ad.id,
      adNo: ad.adNo,
      orderId: order.id,
      orderNo: order.orderNo,
      poolId: ad.poolId,
      marketId,
      side: ad.side,
      amount: order.amount,
      forced: push.forced,
      reason: push.reason ?? null,
      createdBy: push.actor.operatorId,
      createdAt: now,
    })
    .returning();
  await auditStep(tx, push.actor, now, {
    def: trade_push_rec_page,
    name: 'push',
    objectId: row!.id,
    detail: { pushNo: row!.pushNo, adNo: ad.adNo, orderNo: order.orderNo, forced: push.forced },
  });
  return row!;
}

const step = (
  ctx: AppContext,
  name: string,
  id: number,
  values: Record<string, unknown> = {},
  reason?: string,
) =>
  runSystemTransition(ctx, trade_push_rec_page, name, id, {
    actor: SYSTEM_ACTOR,
    values,
    ...(reason ? { reason } : {}),
  }).catch((e: unknown) => {
    // Another sender or poller decided this push first: its answer stands.
    if (e instanceof AppError && e.code === ErrorCode.conflict) return null;
    throw e;
  });

/** Sends one pending push and records the market's answer. */
export async function sendPush(ctx: AppContext, p: Push): Promise<void> {
  const m = await marketById(ctx, p.marketId);
  const [{ orderNo, price, currency, fiat, payType }] = (
    await ctx.pool.query(
      'SELECT order_no AS "orderNo", price::text, currency, fiat, pay_type AS "payType" FROM trade_orders WHERE id = $1',
      [p.orderId],
    )
  ).rows;
  const now = ctx.clock.now();
  const tried = { attempts: p.attempts + 1, sentAt: now };
  try {
    if (!m) throw new UpstreamError('refused', `market ${p.marketId} is gone`);
    const { adapter, access } = marketClient(ctx, m);
    const req = { ref: p.pushNo, orderNo, side: p.side, amount: p.amount, price, currency, fiat, payType };
    const { remoteNo } = await adapter.push(access, req, now);
    await step(ctx, 'accept', p.id, { ...tried, remoteNo, lastError: null });
  } catch (e) {
    if (!(e instanceof UpstreamError)) throw e;
    const name = e.kind === 'refused' ? 'reject' : 'fail';
    await step(ctx, name, p.id, { ...tried, lastError: e.message.slice(0, 500) }, e.message.slice(0, 200));
  }
}

/** Every pending push, oldest first (after a force push, a retry, and each minute). */
export async function sendPending(ctx: AppContext, limit = 50): Promise<number> {
  const due = await ctx.db
    .select()
    .from(tradePushes)
    .where(eq(tradePushes.status, 'pending'))
    .orderBy(asc(tradePushes.createdAt))
    .limit(limit);
  for (const p of due) await sendPush(ctx, p);
  return due.length;
}

/** Failed pushes with tries left go back to pending (the same reference: one order at the market). */
export async function retryFailed(ctx: AppContext, limit = 50): Promise<number> {
  const due = await ctx.db
    .select({ id: tradePushes.id })
    .from(tradePushes)
    .where(and(eq(tradePushes.status, 'failed'), lt(tradePushes.attempts, MAX_PUSH_ATTEMPTS)))
    .orderBy(asc(tradePushes.createdAt))
    .limit(limit);
  for (const p of due) await step(ctx, 'retry', p.id);
  return due.length;
}

/** Asks the market about each accepted push; a fill or a cancel there decides the push and its order. */
export async function pollAccepted(ctx: AppContext, limit = 200): Promise<number> {
  const live = await ctx.db
    .select()
    .from(tradePushes)
    .where(eq(tradePushes.status, 'accepted'))
    .orderBy(asc(tradePushes.createdAt))
    .limit(limit);
  let decided = 0;
  for (const p of live) {
    const m = await marketById(ctx, p.marketId);
    if (!m) continue;
    const { adapter, access } = marketClient(ctx, m);
    let remote: Awaited<ReturnType<typeof adapter.query>>;
    try {
      remote = await adapter.query(access, p.pushNo, ctx.clock.now());
    } catch (e) {
      if (!(e instanceof UpstreamError)) throw e;
      await ctx.db
        .update(tradePushes)
        .set({ lastError: e.message.slice(0, 500) })
        .where(eq(tradePushes.id, p.id));
      continue;
    }
    if (remote.status === 'open') continue;
    const name = remote.status === 'filled' ? 'fill' : 'cancel';
    try {
      await step(
        ctx,
        name,
        p.id,
        { settledAt: ctx.clock.now(), lastError: null },
        systemText(remote.status === 'filled' ? 'marketFilled' : 'marketCancelled'),
      );
      decided++;
    } catch (e) {
      // The local order moved on meanwhile (cancelled, timed out): the push stays, reconciliation shows it.
      const message = e instanceof Error ? e.message : String(e);
      await ctx.db
        .update(tradePushes)
        .set({ lastError: `market ${remote.status}: ${message}`.slice(0, 500) })
        .where(eq(tradePushes.id, p.id));
    }
  }
  return decided;
}

/** How long the push job leaves an ad the market may not take before it tries that ad again. */
export const PUSH_RETRY_MINUTES = 30;

/**
 * Open ads nobody took within their pool's pushMinutes, pushed (one transaction each). An ad the
 * market may not take is marked (push_refused_at) and passed over for PUSH_RETRY_MINUTES: the oldest
 * ads refused again and again would otherwise fill every run's `limit` and no newer ad would be pushed.
 */
export async function pushDueAds(ctx: AppContext, limit = 50): Promise<number> {
  const now = ctx.clock.now();
  const { rows } = await ctx.pool.query<{ id: string }>(
    `SELECT a.id FROM trade_ads a JOIN trade_timeouts t ON t.pool_id = a.pool_id
      WHERE a.status = 'open' AND a.remaining > 0 AND t.push_minutes IS NOT NULL AND t.market_id IS NOT NULL
        AND a.created_at <= $1::timestamptz - make_interval(mins => t.push_minutes)
        AND (a.push_refused_at IS NULL OR a.push_refused_at <= $1::timestamptz - make_interval(mins => $3))
        AND NOT EXISTS (SELECT 1 FROM trade_pushes p WHERE p.ad_id = a.id)
        AND NOT EXISTS (SELECT 1 FROM trade_orders o WHERE o.ad_id = a.id)
      ORDER BY a.push_refused_at NULLS FIRST, a.created_at LIMIT $2`,
    [now, limit, PUSH_RETRY_MINUTES],
  );
  let pushed = 0;
  for (const { id } of rows) {
    try {
      await ctx.db.transaction(async (tx) => {
        const ad = await lockAd(tx, Number(id));
        if (ad.status !== 'open') return;
        await pushAd(ctx, tx, ad, { forced: false, actor: SYSTEM_ACTOR });
        pushed++;
      });
    } catch (e) {
      // An ad the market may not take (no rule for markets, over its limits) stays on the local market,
      // marked so that the next runs take the ads behind it first.
      if (!(e instanceof AppError)) throw e;
      await ctx.db
        .update(tradeAds)
        .set({ pushRefusedAt: now })
        .where(eq(tradeAds.id, Number(id)));
    }
  }
  return pushed;
}
