/**
 * /mockTrade: the simulator's calls at the spec's paths, each a thin route over the market's services
 * (modules/trade) inside the sandbox pool, as the operator acting for a sandbox trader. An ad or order
 * outside the sandbox pool (a real one) is a 400 on its id before any service runs; the services'
 * own refusals (wrong state 409, bad amount 400...) pass through; each step is audited by the
 * service's transition or audit row in its own transaction.
 */
import { type FindByPageBody, findByPageBodySchema, MockPermission, tradeMockSon } from '@payops/contracts';
import { eq as eqId } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listPage, presenter, registerCrud } from '../../platform/crud/index.ts';
import { fieldError, localeOf, ok } from '../../platform/errors.ts';
import { heldPermission } from '../../platform/permissions.ts';
import { envelope } from '../../platform/route-schemas.ts';
import { VOUCHER_ROUTE } from '../match/voucher.ts';
import {
  cancelAd,
  cancelOrder,
  confirmOrder,
  createAd,
  markPaid,
  openDispute,
  resolveDispute,
  takeAd,
  tradeAds,
  tradeOrders,
} from '../trade/index.ts';
import type { TraderSide } from './sandbox.schema.ts';
import {
  advertiserRole,
  ensureSandboxMarket,
  operatorActor,
  partyOf,
  pickTrader,
  SANDBOX_POOL_ID,
  sandboxAd,
  sandboxOrder,
} from './sandbox-market.ts';
import { faucet } from './sandbox-traders.ts';
import { tradeDetail, tradeInfo } from './trade-mock-info.ts';
import { tradeAdList } from './trade-mock-lists.ts';

const coin = z.string().trim().min(1).max(32);
const account = z.string().trim().min(1).max(64);
const payType = z.enum(['bank_card', 'alipay', 'wechat']);
const reason = z.string().trim().min(2).max(200);
const id = z.number().int().positive();

const adBody = z.strictObject({
  amount: coin,
  minTake: coin.optional(),
  maxTake: coin.optional(),
  payTypes: z
    .string()
    .regex(/^(bank_card|alipay|wechat)(,(bank_card|alipay|wechat))*$/)
    .optional(),
  remark: z.string().max(200).optional(),
  trader: account
    .optional()
    .describe("A sandbox trader's account (sbx-buyer-NN / sbx-seller-NN); default the first"),
});
const takeBody = z.strictObject({ adId: id, amount: coin, payType, trader: account.optional() });
const idBody = z.strictObject({ id });
const reasonBody = z.strictObject({ id, reason });
const voucherBody = z.strictObject({
  id,
  voucher: z.string().min(1).describe('The payment voucher, base64 of a PNG, JPEG or PDF of at most 1 MB'),
});
const statusBody = z.strictObject({ id, status: z.enum(['disputed', 'completed', 'cancelled']), reason });

const text = {
  side: { 'zh-CN': '方向不符', 'en-US': 'is an ad of the other side' },
  resolve: {
    'zh-CN': '裁决争议需要“裁决模拟争议”权限',
    'en-US': "resolving a dispute needs the permission to resolve the sandbox's disputes",
  },
} as const;

const orderRow = z.object({
  id: z.number(),
  orderNo: z.string(),
  adId: z.number(),
  adNo: z.string(),
  side: z.string(),
  buyerCode: z.string(),
  sellerCode: z.string(),
  amount: z.string(),
  price: z.string(),
  fiatAmount: z.string(),
  payType: z.string(),
  status: z.string(),
  voucherType: z.string().nullable(),
  reason: z.string().nullable(),
});
const adRow = z.object({
  id: z.number(),
  adNo: z.string(),
  side: z.string(),
  ownerCode: z.string(),
  amount: z.string(),
  remaining: z.string(),
  minTake: z.string(),
  maxTake: z.string(),
  payTypes: z.string(),
  status: z.string(),
});

export async function tradeMockRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = fastify;
  const trade = { access: { permission: MockPermission.trade } };
  const read = { access: { permission: 'tradeMock.tradeMockSon' as const }, audit: false };
  const actor = (r: FastifyRequest) => operatorActor(r, localeOf(r));
  // The service wrote the operation-log row with the change: the guard writes no second one.
  const audited = <T>(r: FastifyRequest, value: T) => {
    r.auditWritten = true;
    return value;
  };
  const orderAfter = async (orderId: number) => {
    const [o] = await ctx.db.select().from(tradeOrders).where(eqId(tradeOrders.id, orderId));
    return ok(o!);
  };

  // The sandbox's orders, as the page's view lists them (scoped to the sandbox pool by the server).
  const orders = registerCrud(fastify, tradeMockSon, {
    table: tradeOrders,
    scope: { poolId: SANDBOX_POOL_ID },
  });
  const present = presenter(orders);
  const listRoute = (path: string, summary: string, bound: typeof orders, def: typeof tradeMockSon) =>
    app.post(
      path,
      { config: read, schema: { tags: ['mockTrade'], summary, body: findByPageBodySchema(def) } },
      async (request) => {
        const page = await listPage(
          ctx.db,
          ctx.keys.secretKey,
          bound,
          request.body as FindByPageBody,
          localeOf(request),
        );
        return ok({ list: await present(request, page.rows), pager: page.pager });
      },
    );
  listRoute('/mockTrade/orderPage', "The sandbox's trade orders (a page)", orders, tradeMockSon);

  for (const side of ['buy', 'sell'] as const) {
    const def = tradeAdList(side);
    const ads = registerCrud(fastify, def, { table: tradeAds, scope: { poolId: SANDBOX_POOL_ID } });
    const presentAds = presenter(ads);
    app.post(
      `/mockTrade/${side}Page`,
      {
        config: read,
        schema: {
          tags: ['mockTrade'],
          summary: `The sandbox's ${side} ads (a page)`,
          body: findByPageBodySchema(def),
        },
      },
      async (request) => {
        const page = await listPage(
          ctx.db,
          ctx.keys.secretKey,
          ads,
          request.body as FindByPageBody,
          localeOf(request),
        );
        return ok({ list: await presentAds(request, page.rows), pager: page.pager });
      },
    );
  }

  // Post an ad as a sandbox trader (a seller's coins come from the sandbox faucet first).
  const postAd = (side: TraderSide) =>
    app.post(
      `/mockTrade/${side}`,
      {
        config: trade,
        schema: {
          tags: ['mockTrade'],
          summary: `Post a ${side} ad as a sandbox trader`,
          body: adBody,
          response: { 200: envelope(adRow) },
        },
      },
      async (request) => {
        const { trader, ...input } = request.body;
        const { merchant } = await ensureSandboxMarket(ctx);
        const who = await pickTrader(ctx.db, merchant, side, trader, localeOf(request));
        if (side === 'sell') await ctx.db.transaction((tx) => faucet(ctx, tx, who));
        const ad = await createAd(
          ctx,
          { ...input, trader: who, poolId: SANDBOX_POOL_ID, side },
          actor(request),
        );
        return audited(request, ok(ad));
      },
    );
  postAd('buy');
  postAd('sell');

  // Take an ad of the other side, whole or in part (a child order), as a sandbox trader.
  const take = (path: string, adSide: TraderSide, takerSide: TraderSide) =>
    app.post(
      path,
      {
        config: trade,
        schema: {
          tags: ['mockTrade'],
          summary: `Take a ${adSide} ad as a sandbox ${takerSide === 'buy' ? 'buyer' : 'seller'}`,
          body: takeBody,
          response: { 200: envelope(orderRow) },
        },
      },
      async (request) => {
        const { trader, ...input } = request.body;
        const locale = localeOf(request);
        const { merchant } = await ensureSandboxMarket(ctx);
        const ad = await sandboxAd(ctx.db, input.adId, 'adId', locale);
        if (ad.side !== adSide) throw fieldError('adId', text.side[locale]);
        const who = await pickTrader(ctx.db, merchant, takerSide, trader, locale);
        if (takerSide === 'sell') await ctx.db.transaction((tx) => faucet(ctx, tx, who));
        const o = await takeAd(ctx, { ...input, taker: who }, actor(request));
        return audited(request, ok(o));
      },
    );
  take('/mockTrade/buyFromSellList', 'sell', 'buy');
  take('/mockTrade/sellFromBuyList', 'buy', 'sell');

  // One step on an order, by the party the step belongs to (derived from the order, never named).
  const step = <B extends z.ZodObject>(
    path: string,
    summary: string,
    body: B,
    run: (
      request: FastifyRequest,
      b: z.infer<B> & { id: number },
      o: Awaited<ReturnType<typeof sandboxOrder>>,
    ) => Promise<unknown>,
  ) =>
    app.post(
      path,
      {
        // A step may carry the buyer's voucher (uploadTradeVoucherFile).
        config: { ...trade, stringMax: VOUCHER_ROUTE.stringMax },
        bodyLimit: VOUCHER_ROUTE.bodyLimit,
        schema: { tags: ['mockTrade'], summary, body, response: { 200: envelope(orderRow) } },
      },
      async (request) => {
        const b = request.body as z.infer<B> & { id: number };
        const o = await sandboxOrder(ctx.db, b.id, 'id', localeOf(request));
        await run(request, b, o);
        return audited(request, await orderAfter(o.id));
      },
    );

  step('/mockTrade/confirmBuyOrder', 'The buyer has paid (no voucher)', idBody, (r, _b, o) =>
    markPaid(ctx, o.id, { by: partyOf(o, 'buyer') }, actor(r)),
  );
  step(
    '/mockTrade/uploadTradeVoucherFile',
    'The buyer pays with a voucher (PNG/JPEG/PDF, 1 MB)',
    voucherBody,
    (r, b, o) => markPaid(ctx, o.id, { by: partyOf(o, 'buyer'), voucher: b.voucher as string }, actor(r)),
  );
  step(
    '/mockTrade/confirmSellOrder',
    'The seller confirms the payment: the coins go to the buyer',
    idBody,
    (r, _b, o) => confirmOrder(ctx, o.id, { by: partyOf(o, 'seller') }, actor(r)),
  );
  step(
    '/mockTrade/adConfirmOrder',
    "The advertiser's step: a buy ad's owner pays, a sell ad's owner confirms",
    idBody,
    (r, _b, o) =>
      advertiserRole(o) === 'buyer'
        ? markPaid(ctx, o.id, { by: partyOf(o, 'buyer') }, actor(r))
        : confirmOrder(ctx, o.id, { by: partyOf(o, 'seller') }, actor(r)),
  );
  step(
    '/mockTrade/adCancelOrder',
    "The advertiser cancels an unpaid order (a buy ad's owner: the buyer)",
    reasonBody,
    (r, b, o) =>
      cancelOrder(ctx, o.id, { reason: b.reason as string, by: partyOf(o, advertiserRole(o)) }, actor(r)),
  );
  step('/mockTrade/buyChildCancel', 'The buyer cancels an unpaid (child) order', reasonBody, (r, b, o) =>
    cancelOrder(ctx, o.id, { reason: b.reason as string, by: partyOf(o, 'buyer') }, actor(r)),
  );
  // Dispute as the buyer or the seller; completed/cancelled is the operator's ruling on a dispute.
  for (const side of ['buy', 'sell'] as const)
    step(
      `/mockTrade/${side}UpdateStatus`,
      `Dispute as the ${side === 'buy' ? 'buyer' : 'seller'}, or resolve a dispute`,
      statusBody,
      async (r, b, o) => {
        const status = b.status as 'disputed' | 'completed' | 'cancelled';
        if (status === 'disputed')
          return openDispute(
            ctx,
            o.id,
            { reason: b.reason as string, by: partyOf(o, side === 'buy' ? 'buyer' : 'seller') },
            actor(r),
          );
        if (!(await heldPermission(ctx, r.auth!.operatorId, MockPermission.resolve)))
          throw fieldError('status', text.resolve[localeOf(r)]);
        return resolveDispute(ctx, o.id, status, b.reason as string, actor(r));
      },
    );

  // Cancel an ad (what is left of it): its owner, through the market.
  for (const side of ['buy', 'sell'] as const)
    app.post(
      `/mockTrade/${side}Cancel`,
      {
        config: trade,
        schema: {
          tags: ['mockTrade'],
          summary: `Cancel a sandbox ${side} ad`,
          body: reasonBody,
          response: { 200: envelope(adRow) },
        },
      },
      async (request) => {
        const locale = localeOf(request);
        const ad = await sandboxAd(ctx.db, request.body.id, 'id', locale);
        if (ad.side !== side) throw fieldError('id', text.side[locale]);
        await cancelAd(ctx, ad.id, request.body.reason, actor(request));
        const [after] = await ctx.db.select().from(tradeAds).where(eqId(tradeAds.id, ad.id));
        return audited(request, ok(after!));
      },
    );

  app.post(
    '/mockTrade/getTradeDetail',
    {
      config: read,
      schema: {
        tags: ['mockTrade'],
        summary: 'A sandbox order with its ad and its status history',
        body: idBody,
      },
    },
    async (request) => {
      const o = await sandboxOrder(ctx.db, request.body.id, 'id', localeOf(request));
      return ok(await tradeDetail(ctx, o));
    },
  );

  app.get(
    '/mockTrade/tradeInfo',
    {
      config: { access: { permission: 'tradeMock.tradeMockSon' } },
      schema: { tags: ['mockTrade'], summary: 'The sandbox market at a glance' },
    },
    async () => ok(await tradeInfo(ctx)),
  );
}
