/**
 * The simulator's routes that need no market: the sandbox merchant's card, the mock exchange rates,
 * the automatic traders' start/stop, and mockOrderTest's test orders. Each declares its permission;
 * every change writes its operation-log row in the transaction that makes it (auditInTx).
 */
import { ErrorCode, localText, MockPermission, mockOrderTestSon, tradeMockTraders } from '@payops/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditInTx } from '../../platform/audit-request.ts';
import { registerCrud } from '../../platform/crud/index.ts';
import { AppError, fieldError, localeOf, ok } from '../../platform/errors.ts';
import { balancesOf } from '../../platform/ledger/index.ts';
import { envelope } from '../../platform/route-schemas.ts';
import { deleteMockRate, listMockRates, setMockRate } from './mock-rates.ts';
import { orderTestComputed, placeTestBody, placeTestOrder } from './order-test.ts';
import { mockOrderTests, mockTraders, type TraderSide } from './sandbox.schema.ts';
import { ensureSandboxMerchant } from './sandbox-merchant.ts';
import { runTraderTick, ticksHere } from './trader-job.ts';
import { listTraders, type StartQuery, startQuery, stopTraders, traderRow, tuneTraders } from './traders.ts';

const pair = z.strictObject({
  currency: z.string().regex(/^[A-Z]{3,5}$/),
  exchangeCurrency: z.string().regex(/^[A-Z]{3,5}$/),
  type: z.enum(['BUY', 'SELL']),
});
const rateValue = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,8})?$/, 'a rate above 0, at most 8 decimals')
  .refine((v) => Number(v) > 0, 'positive:');

const mockRateRow = z.object({
  currency: z.string(),
  exchangeCurrency: z.string(),
  type: z.enum(['BUY', 'SELL']),
  exchangeRate: z.string(),
  realRate: z.string().nullable(),
  updatedAt: z.date(),
});

const text = {
  noRate: { 'zh-CN': '该币种对没有模拟汇率', 'en-US': 'has no mock rate for this pair' },
  sameCurrency: { 'zh-CN': '两种币种不能相同', 'en-US': 'must differ from currency' },
  badRange: {
    'zh-CN': '与当前设置合并后，金额范围或比例不成立',
    'en-US': 'with the current settings, the amount range or the shares do not hold',
  },
  noOrigin: {
    'zh-CN': '服务器尚未监听，无法调用商户接口',
    'en-US': 'the server is not listening yet: the merchant API cannot be called',
  },
} as const;

const who = (request: FastifyRequest) => request.auth?.operatorId ?? null;

export async function sandboxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = fastify;

  registerCrud(fastify, mockOrderTestSon, { table: mockOrderTests, computed: orderTestComputed });
  registerCrud(fastify, tradeMockTraders, { table: mockTraders });

  // The sandbox merchant as both pages show it: flagged sandbox, its own ledger balances; each page
  // reads it under its own page permission.
  for (const [path, permission] of [
    ['/mockTrade/sandboxMerchant', 'tradeMock.tradeMockSon'],
    ['/api/mockOrderTest/sandboxMerchant', 'mockOrderTest.mockOrderTestSon'],
  ] as const) {
    app.get(
      path,
      {
        config: { access: { permission } },
        schema: {
          tags: ['mockTrade'],
          summary: 'The sandbox merchant and its balances (made on first use)',
          response: {
            200: envelope(
              z.object({
                id: z.number(),
                mchNo: z.string(),
                name: z.string(),
                sandbox: z.literal(true),
                available: z.string(),
                frozen: z.string(),
              }),
            ),
          },
        },
      },
      async () => {
        const m = await ensureSandboxMerchant(ctx);
        const b = (await balancesOf(ctx.db, 'merchant', [m.id])).get(m.id);
        return ok({
          id: m.id,
          mchNo: m.mchNo,
          name: m.name,
          sandbox: true as const,
          available: b?.available ?? '0',
          frozen: b?.frozen ?? '0',
        });
      },
    );
  }

  app.post(
    '/mockTrade/getMockExchangeRate',
    {
      config: { access: { permission: 'tradeMock.tradeMockSon' }, audit: false },
      schema: {
        tags: ['mockTrade'],
        summary: "The sandbox's mock exchange rates, with the real rate of each pair",
        response: { 200: envelope(z.array(mockRateRow)) },
      },
    },
    async () => ok(await listMockRates(ctx.db)),
  );

  app.post(
    '/mockTrade/setMockExchangeRate',
    {
      config: { access: { permission: MockPermission.rate } },
      schema: {
        tags: ['mockTrade'],
        summary: 'Set a mock exchange rate (overrides the real rate for the sandbox merchant only)',
        body: pair.extend({ exchangeRate: rateValue }),
        response: { 200: envelope(mockRateRow) },
      },
    },
    async (request) => {
      const { exchangeRate, ...p } = request.body;
      if (p.currency === p.exchangeCurrency)
        throw fieldError('exchangeCurrency', text.sameCurrency[localeOf(request)]);
      await ctx.db.transaction(async (tx) => {
        const change = await setMockRate(tx, p, exchangeRate, ctx.clock.now());
        await auditInTx(tx, request, {
          objectType: 'mockExchangeRate',
          objectId: `${p.currency}/${p.exchangeCurrency}/${p.type}`,
          before: change.before,
          after: change.after,
        });
      });
      const rows = await listMockRates(ctx.db);
      return ok(
        rows.find(
          (r) => r.currency === p.currency && r.exchangeCurrency === p.exchangeCurrency && r.type === p.type,
        )!,
      );
    },
  );

  app.post(
    '/mockTrade/delMockExchangeRate',
    {
      config: { access: { permission: MockPermission.rate } },
      schema: {
        tags: ['mockTrade'],
        summary: 'Delete a mock exchange rate (the sandbox gets the real rate back)',
        body: pair,
        response: { 200: envelope(z.object({ deleted: z.string() })) },
      },
    },
    async (request) => {
      const p = request.body;
      const deleted = await ctx.db.transaction(async (tx) => {
        const gone = await deleteMockRate(tx, p);
        if (gone === null) throw fieldError('currency', text.noRate[localeOf(request)]);
        await auditInTx(tx, request, {
          objectType: 'mockExchangeRate',
          objectId: `${p.currency}/${p.exchangeCurrency}/${p.type}`,
          before: gone,
          after: null,
        });
        return gone;
      });
      return ok({ deleted });
    },
  );

  // The automatic traders: GET at the spec's paths (start, stop), yet state changes, so each is
  // audited; POST buyUpdate/sellUpdate re-tune a side without starting or stopping it.
  const tune = async (request: FastifyRequest, side: TraderSide, q: StartQuery, start: boolean) => {
    await ensureSandboxMerchant(ctx);
    const after = await ctx.db.transaction(async (tx) => {
      const r = await tuneTraders(tx, side, q, ctx.clock.now(), who(request), start);
      if ('field' in r) throw fieldError(r.field, text.badRange[localeOf(request)]);
      await auditInTx(tx, request, {
        objectType: 'mockTrader',
        objectId: side,
        before: r.before,
        after: r.after,
      });
      return r.after;
    });
    // The first tick at once, not at the next minute: the page shows orders moving right away.
    if (start && ticksHere(ctx))
      setImmediate(
        () => void runTraderTick(ctx).catch((err) => fastify.log.warn({ err }, 'mock trader tick')),
      );
    return ok(after);
  };
  const startRoute = (side: TraderSide, path: string) =>
    app.get(
      path,
      {
        config: { access: { permission: MockPermission.traders }, audit: true },
        schema: {
          tags: ['mockTrade'],
          summary: `Start (or re-tune) the automatic ${side === 'buy' ? 'buyers' : 'sellers'}`,
          querystring: startQuery,
          response: { 200: envelope(traderRow) },
        },
      },
      (request) => tune(request, side, request.query, true),
    );
  const updateRoute = (side: TraderSide, path: string) =>
    app.post(
      path,
      {
        config: { access: { permission: MockPermission.traders } },
        schema: {
          tags: ['mockTrade'],
          summary: `Re-tune the automatic ${side === 'buy' ? 'buyers' : 'sellers'} (running or not)`,
          body: startQuery,
          response: { 200: envelope(traderRow) },
        },
      },
      (request) => tune(request, side, request.body, false),
    );
  const stopRoute = (side: TraderSide, path: string) =>
    app.get(
      path,
      {
        config: { access: { permission: MockPermission.traders }, audit: true },
        schema: {
          tags: ['mockTrade'],
          summary: `Stop the automatic ${side === 'buy' ? 'buyers' : 'sellers'}`,
          response: { 200: envelope(traderRow) },
        },
      },
      async (request) => {
        const after = await ctx.db.transaction(async (tx) => {
          const r = await stopTraders(tx, side, ctx.clock.now(), who(request));
          await auditInTx(tx, request, {
            objectType: 'mockTrader',
            objectId: side,
            before: r.before,
            after: r.after,
          });
          return r.after;
        });
        return ok(after);
      },
    );
  startRoute('buy', '/mockTrade/buyStart');
  stopRoute('buy', '/mockTrade/buyStop');
  startRoute('sell', '/mockTrade/sellStart');
  stopRoute('sell', '/mockTrade/sellStop');
  updateRoute('buy', '/mockTrade/buyUpdate');
  updateRoute('sell', '/mockTrade/sellUpdate');

  app.post(
    '/api/mockOrderTest/place',
    {
      config: { access: { permission: MockPermission.placeTest } },
      schema: {
        tags: ['mockOrderTest'],
        summary: 'Place a test deposit or withdrawal through the merchant API as the sandbox merchant',
        body: placeTestBody,
        response: {
          200: envelope(
            z.object({
              id: z.number(),
              orderNo: z.string().nullable(),
              httpStatus: z.number(),
              answerCode: z.number(),
              answerMessage: z.string(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const placed = await placeTestOrder(ctx, request.body, who(request), localeOf(request));
      if (placed === 'noOrigin')
        throw new AppError(ErrorCode.unavailable, null, text.noOrigin[localeOf(request)]);
      const row = await ctx.db.transaction(async (tx) => {
        const [r] = await tx.insert(mockOrderTests).values(placed.values).returning();
        await auditInTx(tx, request, {
          objectType: 'mockOrderTestSon',
          objectId: r!.id,
          after: { ...placed.values, createdAt: undefined },
        });
        return r!;
      });
      return ok({
        id: row.id,
        orderNo: row.orderNo,
        httpStatus: row.httpStatus,
        answerCode: row.answerCode,
        answerMessage: localText(row.answerMessage, localeOf(request)),
      });
    },
  );

  // The list of traders reads rows that exist: make both sides on start.
  fastify.addHook('onReady', async () => {
    await listTraders(ctx.db).catch(() => undefined);
  });
}
