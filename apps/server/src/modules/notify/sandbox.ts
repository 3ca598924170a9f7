/**
 * The sandbox merchant: a merchant's notify endpoint built into the server, so tests and the demo
 * drive the real HTTP path of callbacks. It checks the signature with the merchant's secret, keeps
 * what it received, and answers `success`, unless told to fail its next N deliveries (HTTP 500), or
 * the signature is wrong (HTTP 400: a real merchant must refuse an unsigned callback too). Served only
 * with config SANDBOX; telling it to fail needs the sandboxControl permission.
 */
import { Permission } from '@payops/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { ok } from '../../platform/errors.ts';
import { envelope } from '../../platform/route-schemas.ts';
import { open } from '../../platform/secret-box.ts';
import { signatureMatches } from '../../platform/signing.ts';
import { merchants } from '../mch/schema.ts';
import { sandboxMerchantControls, sandboxMerchantReceipts } from './schema.ts';

export const SANDBOX_NOTIFY_PATH = '/api/sandbox/merchant/notify';
/** The control row that applies to every merchant. */
const ANY_MERCHANT = '';

/** Uses up one told failure: the merchant's own count first, then the one for any merchant. */
async function useToldFailure(db: Db, mchNo: string): Promise<boolean> {
  const res = await db.execute(sql`
    UPDATE sandbox_merchant_controls SET fail_next = fail_next - 1
    WHERE fail_next > 0 AND mch_no = (
      SELECT mch_no FROM sandbox_merchant_controls
      WHERE mch_no IN (${mchNo}, ${ANY_MERCHANT}) AND fail_next > 0
      ORDER BY mch_no DESC LIMIT 1 FOR UPDATE)
    RETURNING mch_no`);
  return res.rows.length > 0;
}

const callbackBody = z.record(z.string().max(64), z.string().max(2000));

export async function sandboxMerchantRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = fastify;

  app.post(
    SANDBOX_NOTIFY_PATH,
    {
      config: { access: 'public' },
      schema: {
        tags: ['sandbox'],
        summary: "The sandbox merchant's notify endpoint: verifies the signature, answers `success`",
        body: callbackBody,
      },
    },
    async (request, reply) => {
      const body = request.body;
      const mchNo = body.mchNo ?? '';
      const [m] = mchNo
        ? await ctx.db
            .select({ secretEnc: merchants.secretEnc })
            .from(merchants)
            .where(eq(merchants.mchNo, mchNo))
        : [];
      const valid = !!m && signatureMatches(open(ctx.keys.secretKey, m.secretEnc), body, body.sign ?? '');
      // One told failure is used up per delivery: the merchant's own count first, then the general one.
      const failing = valid ? await useToldFailure(ctx.db, mchNo) : false;
      const status = !valid ? 400 : failing ? 500 : 200;
      await ctx.db.insert(sandboxMerchantReceipts).values({
        mchNo,
        orderNo: body.orderNo ?? '',
        body,
        signatureValid: valid,
        answeredStatus: status,
        at: ctx.clock.now(),
      });
      const text = status === 200 ? 'success' : status === 400 ? 'bad signature' : 'sandbox told to fail';
      return reply.code(status).type('text/plain').send(text);
    },
  );

  app.post(
    '/api/sandbox/merchant/control',
    {
      // A permission of its own (admin holds it): a sandbox told to fail holds up real-looking callbacks.
      config: { access: { permission: Permission.sandboxControl } },
      schema: {
        tags: ['sandbox'],
        summary: 'Tells the sandbox merchant to fail its next N deliveries (one merchant, or any)',
        body: z.strictObject({
          mchNo: z.string().max(32).default(ANY_MERCHANT),
          failNext: z.number().int().min(0).max(100),
        }),
        response: { 200: envelope(z.object({ mchNo: z.string(), failNext: z.number() })) },
      },
    },
    async (request) => {
      const { mchNo, failNext } = request.body;
      await ctx.db
        .insert(sandboxMerchantControls)
        .values({ mchNo, failNext })
        .onConflictDoUpdate({ target: sandboxMerchantControls.mchNo, set: { failNext } });
      request.auditNote = { objectType: 'sandboxMerchant', objectId: mchNo || '*', after: { failNext } };
      return ok({ mchNo, failNext });
    },
  );
}
