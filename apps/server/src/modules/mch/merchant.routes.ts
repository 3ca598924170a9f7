/**
 * mch/mchList: the merchant list (registrar), creation with a secret shown once, status actions,
 * secret reset, and balance adjustments (Idempotency-Key; approval above the threshold), plus the
 * approval list (mchAdjust) with approve and reject.
 */
import { addBodySchema, id4, mchAdjust, mchList, rowSchema } from '@payops/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presenter, type Row, registerCrud } from '../../platform/crud/index.ts';
import { localeOf, ok } from '../../platform/errors.ts';
import { withIdempotency } from '../../platform/idempotency.ts';
import { envelope } from '../../platform/route-schemas.ts';
import { getSetting } from '../../platform/settings.ts';
import {
  type Actor,
  type AdjustOutcome,
  approveAdjustment,
  rejectAdjustment,
  requestAdjustment,
} from './adjust.service.ts';
import { decimalAmount } from './amount.ts';
import {
  checkMerchantValues,
  createMerchant,
  enrichMerchants,
  resetSecret,
  setMerchantStatus,
} from './merchant.service.ts';
import { idBody, rowAction } from './row-action.ts';
import { ADJUST_TYPES, merchantAdjustments, merchants } from './schema.ts';

const actorOf = (request: FastifyRequest): Actor => ({
  operatorId: request.auth!.operatorId,
  username: request.auth!.username,
  locale: localeOf(request),
});

const adjustBody = z.strictObject({
  id: id4(),
  type: z.enum(ADJUST_TYPES),
  amount: decimalAmount,
  reason: z.string().trim().min(2).max(200),
});

const adjustAnswerSchema = z.object({
  adjustmentId: z.number(),
  status: z.string(),
  entryId: z.number().nullable(),
  mchNo: z.string(),
  type: z.string(),
  amount: z.string(),
  available: z.string(),
  frozen: z.string(),
});

/** What an adjustment answers (and what a replay with the same Idempotency-Key answers again). */
function adjustAnswer(outcome: AdjustOutcome) {
  const a = outcome.adjustment;
  return {
    adjustmentId: a.id,
    status: a.status,
    entryId: a.entryId,
    mchNo: a.mchNo,
    type: a.type,
    amount: a.amount,
    available: outcome.balances.available,
    frozen: outcome.balances.frozen,
  };
}

/** The answer and the balances before, as one value the Idempotency-Key can store and replay. */
const settled = (outcome: AdjustOutcome) => ({ answer: adjustAnswer(outcome), before: outcome.before });

/** The audit row of a money move: the merchant, its balances before and after, and what moved. */
function withAudit(data: ReturnType<typeof settled>, extra: Record<string, unknown>) {
  const a = data.answer;
  return {
    data: a,
    audit: {
      objectType: 'merchant',
      objectId: a.mchNo,
      before: data.before,
      after: { available: a.available, frozen: a.frozen },
      extra: { ...extra, adjustmentId: a.adjustmentId, type: a.type, amount: a.amount, status: a.status },
    },
  };
}

export async function merchantRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = fastify;
  const enrich = (rows: Row[]) => enrichMerchants(ctx, rows);
  const bound = registerCrud(fastify, mchList, {
    table: merchants,
    own: ['add'],
    enrich,
    beforeWrite: async (values, info) => {
      const checked = await checkMerchantValues(
        info.tx,
        values,
        localeOf(info.request),
        info.before?.id as number,
      );
      Object.assign(values, checked);
    },
  });
  const present = presenter(bound, enrich);

  const add = mchList.actions.add!;
  app.post(
    add.path,
    {
      config: { access: { permission: add.permission } },
      schema: {
        tags: ['mch'],
        summary: 'Create a merchant: number and signing secret generated; the secret is answered once',
        body: addBodySchema(mchList),
        // Declared fields only: the sealed secret column never leaves (issue 18, section 3).
        response: { 200: envelope(rowSchema(mchList).extend({ signSecret: z.string() })) },
      },
    },
    async (request) => {
      const { merchant, secret } = await ctx.db.transaction(async (tx) => {
        const values = await checkMerchantValues(tx, request.body as Row, localeOf(request));
        return createMerchant(ctx, tx, values, request.auth!.operatorId);
      });
      const [shown] = await present(request, [merchant as unknown as Row]);
      const { secretEnc: _s, ...after } = merchant;
      request.auditNote = { objectType: 'merchant', objectId: merchant.mchNo, after };
      return ok({ ...shown!, signSecret: secret });
    },
  );

  rowAction(fastify, mchList, 'enable', 'Enable a merchant', idBody, async (_r, b) => {
    const change = await setMerchantStatus(ctx, b.id, ['disabled', 'frozen'], 'enabled');
    return { data: null, audit: { objectId: change.mchNo, before: change.before, after: change.after } };
  });
  rowAction(fastify, mchList, 'disable', 'Disable a merchant', idBody, async (_r, b) => {
    const change = await setMerchantStatus(ctx, b.id, ['enabled', 'frozen'], 'disabled');
    return { data: null, audit: { objectId: change.mchNo, before: change.before, after: change.after } };
  });
  rowAction(fastify, mchList, 'freeze', 'Freeze a merchant (no pay-outs)', idBody, async (_r, b) => {
    const change = await setMerchantStatus(ctx, b.id, ['enabled', 'disabled'], 'frozen');
    return { data: null, audit: { objectId: change.mchNo, before: change.before, after: change.after } };
  });
  rowAction(
    fastify,
    mchList,
    'resetSecret',
    'New signing secret, answered once',
    idBody,
    async (_r, b) => {
      const { mchNo, secret } = await resetSecret(ctx, b.id);
      return { data: { signSecret: secret }, audit: { objectId: mchNo, extra: { secret: 'reset' } } };
    },
    z.object({ signSecret: z.string() }),
  );
  rowAction(
    fastify,
    mchList,
    'adjust',
    'Credit, debit, freeze or unfreeze a balance, with a reason (Idempotency-Key accepted)',
    adjustBody,
    async (request, b) => {
      // A value written as a bare JSON number still reads as a decimal string.
      const threshold = String(await getSetting(ctx, 'adjustApprovalThreshold'));
      const outcome = await withIdempotency(ctx.db, request, async (tx) =>
        settled(await requestAdjustment(ctx, tx, b, actorOf(request), threshold)),
      );
      return withAudit(outcome.data, { reason: b.reason });
    },
    adjustAnswerSchema,
  );

  registerCrud(fastify, mchAdjust, { table: merchantAdjustments });
  rowAction(
    fastify,
    mchAdjust,
    'approve',
    'Approve a pending adjustment (not by its maker)',
    idBody,
    async (request, b) => {
      const outcome = await withIdempotency(ctx.db, request, async (tx) =>
        settled(await approveAdjustment(ctx, tx, b.id, actorOf(request))),
      );
      return withAudit(outcome.data, { approved: true });
    },
    adjustAnswerSchema,
  );
  rowAction(fastify, mchAdjust, 'reject', 'Reject a pending adjustment', idBody, async (request, b) => {
    const row = await ctx.db.transaction((tx) => rejectAdjustment(ctx, tx, b.id, actorOf(request)));
    return {
      data: null,
      audit: { objectType: 'merchantAdjustment', objectId: row.id, after: { status: row.status } },
    };
  });
}
