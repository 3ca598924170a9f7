import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/errors.ts';
import { envelope } from '../../platform/route-schemas.ts';
import { latestExchangeRates } from './exchange-rates.ts';
import { sandboxRoutes } from './sandbox.routes.ts';
import { tradeMockRoutes } from './trade-mock.routes.ts';

export const exchangeRateRow = z.object({
  currency: z.string(),
  exchangeCurrency: z.string(),
  type: z.enum(['BUY', 'SELL']),
  exchangeRate: z.string(),
  updatedAt: z.date(),
});

export async function mockTradeModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = fastify;
  app.get(
    '/mockTrade/getLatestExchangeRate',
    {
      config: { access: 'session' },
      schema: {
        tags: ['mockTrade'],
        summary: 'Latest exchange rates',
        response: { 200: envelope(z.array(exchangeRateRow)) },
      },
    },
    async () => ok(await latestExchangeRates(ctx)),
  );
  await sandboxRoutes(fastify);
  await tradeMockRoutes(fastify);
}
