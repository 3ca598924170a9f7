/**
 * mch/mchList: the merchant list (registrar), creation with a secret shown once, the lifecycle's
 * transitions (enable, disable, freeze), secret reset, and balance adjustments (Idempotency-Key
 * required; above the threshold a second operator decides), plus the approval list (mchAdjust) whose
 * approve and reject are its lifecycle's transitions.
 */
import { ADJUST_CURRENCY, addBodySchema, id4, mchAdjust, mchList, rowSchema } from '@payops/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditInTx } from '../../platform/audit-request.ts';
import { auditView, presenter, type Row, registerCrud } from '../../platform/crud/index.ts';
import { localeOf, ok } from '../../platform/errors.ts';
import { checkOutboundUrl } from '../../platform/outbound.ts';
import { envelope } from '../../platform/route-schemas.ts';
import { getSetting } from '../../platform/settings.ts';
import { registerTransitions } from '../../platform/transitions/index.ts';
import { type AdjustOutcome, adjustHooks, requestAdjustment } from './adjust.service.ts';
import { decimalAmount } from './amount.ts';
import { checkMerchantValues, createMerchant, enrichMerchants, resetSecret } from './merchant.service.ts';
import { idBody, rowAction } from './row-action.ts';
import { ADJUST_TYPES, merchantAdjustments, merchants } from './schema.ts';

const actorOf = (request: FastifyRequest) => ({
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

const adjustAnswer = z.object({
  adjustmentId: z.number(),
  status: z.string(),
  entryId: z.number().nullable(),
  mchNo: z.string(),
  type: z.string(),
  amount: z.string(),
  available: z.string(),
  frozen: z.string(),
});

const decisionResult = z.object({
  mchNo: z.string(),
  entryId: z.number().nullable(),
  available: z.string(),
  frozen: z.string(),
});

/** What an adjustment answers (and what a replay with the same Idempotency-Key answers again). */
function answerOf(outcome: AdjustOutcome): z.infer<typeof adjustAnswer> {
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

export async function merchantRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = fastify;
  const enrich = (rows: Row[]) => enrichMerchants(ctx, rows);
  const bound = registerCrud(fastify, mchList, {
    table: merchants,
    own: ['add'],
    enrich,
    beforeWrite: async (values, info) => {
      // An address kept from before is not re-judged (an edit of the name must not fail on it).
      if (values.notifyUrl !== info.before?.notifyUrl)
        checkOutboundUrl(ctx, 'notifyUrl', String(values.notifyUrl ?? ''), localeOf(info.request));
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
      checkOutboundUrl(ctx, 'notifyUrl', String((request.body as Row).notifyUrl ?? ''), localeOf(request));
      const { merchant, secret } = await ctx.db.transaction(async (tx) => {
        const values = await checkMerchantValues(tx, request.body as Row, localeOf(request));
        const created = await createMerchant(ctx, tx, values, request.auth!.operatorId);
        const m = created.merchant as unknown as Row;
        await auditInTx(tx, request, {
          objectType: mchList.name,
          objectId: String(m.id),
          after: auditView(bound, m),
        });
        return created;
      });
      const [shown] = await present(request, [merchant as unknown as Row]);
      return ok({ ...shown!, signSecret: secret });
    },
  );

  registerTransitions(fastify, mchList, { table: merchants });

  rowAction(fastify, mchList, {
    name: 'resetSecret',
    summary: 'New signing secret, answered once',
    body: idBody,
    response: z.object({ signSecret: z.string() }),
    run: async (_r, b, tx) => {
      const { mchNo, secret } = await resetSecret(ctx, tx, b.id);
      return { data: { signSecret: secret }, audit: { extra: { mchNo, secret: 'reset' } } };
    },
  });

  // Whether an adjustment of an amount will wait for a second operator: shown before submitting.
  // Behind the list permission: the adjust permission needs a code, and reading a rule must not.
  app.get(
    `${mchList.api}/adjustRules`,
    {
      config: { access: { permission: mchList.actions.list!.permission } },
      schema: {
        tags: ['mch'],
        summary: 'The approval threshold and the currency of balance adjustments',
        response: { 200: envelope(z.object({ approvalThreshold: z.string(), currency: z.string() })) },
      },
    },
    async () =>
      ok({
        approvalThreshold: await getSetting(ctx, 'adjustApprovalThreshold'),
        currency: ADJUST_CURRENCY,
      }),
  );

  rowAction(fastify, mchList, {
    name: 'adjust',
    summary:
      'Credit, debit, freeze or unfreeze a balance, with a reason (Idempotency-Key required); above the ' +
      'approval threshold it waits for a second operator, a debit or freeze holding its amount meanwhile',
    body: adjustBody,
    response: adjustAnswer,
    idempotent: true,
    prepare: () => getSetting(ctx, 'adjustApprovalThreshold'),
    run: async (request, b, tx, threshold) => {
      const outcome = await requestAdjustment(ctx, tx, b, actorOf(request), threshold);
      const data = answerOf(outcome);
      return {
        data,
        audit: {
          before: outcome.before,
          after: { available: data.available, frozen: data.frozen },
          extra: { reason: b.reason, ...data },
        },
      };
    },
  });

  registerCrud(fastify, mchAdjust, {
    table: merchantAdjustments,
    // The request is audited on the merchant (its balance moves or is held): its history shows it too.
    historyAlso: { objectType: mchList.name, via: 'merchantId', extraKey: 'adjustmentId' },
  });
  registerTransitions(fastify, mchAdjust, {
    table: merchantAdjustments,
    hooks: adjustHooks(ctx),
    results: { approve: decisionResult, reject: decisionResult },
  });
}
