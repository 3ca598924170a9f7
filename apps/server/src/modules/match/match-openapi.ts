/**
 * The merchant API of matched (P2P) orders, under /openapi/v1/match, verified and logged like every
 * merchant call (verify.ts, place-log-hooks.ts):
 * - deposit: a member's deposit, matched at once when the pool can cover it (the answer lists the
 *   payee accounts to pay and how much each);
 * - withdraw: a member's withdrawal into the pool (amount + fee frozen, reviewed like any withdrawal);
 * - voucher: the payer's voucher for one piece, base64 in the signed JSON body (so the signature
 *   covers the file: a multipart part would sit outside it), PNG/JPEG/PDF by its bytes, 1 MB at most;
 * - confirm: the receiving member says the money arrived (settles both sides).
 */

import {
  amountIssue,
  checkAmount,
  findTransferMatchByPage,
  ORDER_FAMILIES,
  systemText,
} from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { localeOf } from '../../platform/errors.ts';
import { dec } from '../../platform/ledger/index.ts';
import { clientIp } from '../../platform/request-info.ts';
import { runSystemTransition } from '../../platform/transitions/index.ts';
import { accept, refuse } from '../openapi/answer.ts';
import { id, notifyUrl, orderAnswer, signedFields } from '../openapi/bodies.ts';
import { merchantApiScope } from '../openapi/merchant-scope.ts';
import { answerOf, createWithdrawal, outsideLimits } from '../openapi/orders.ts';
import { OPENAPI_PREFIX } from '../openapi/routes.ts';
import { payParameterProblem } from '../payManage/pay-parameters.ts';
import { blockFields, createUnlessBlocked } from '../risk/hooks.ts';
import type { Match } from './match.schema.ts';
import { merchantMatchConfig } from './match-engine.ts';
import { activeMember, createMatchedDeposit, matchOfMerchant, uploadVoucher } from './match-service.ts';
import { VOUCHER_ROUTE } from './voucher.ts';

const orderId = id(64);
const cny = z
  .string()
  .trim()
  .max(64)
  .superRefine((v, c) => {
    const problem = checkAmount(v, 'CNY');
    if (problem) c.addIssue({ code: 'custom', message: amountIssue(problem), input: v });
  });

const depositBody = z.strictObject({
  ...signedFields,
  mchOrderNo: orderId,
  amount: cny,
  memberAccount: z.string().min(1).max(64).describe('The paying member (must not be frozen)'),
  payerName: z.string().max(64).optional().describe("The payer's name (default: the member's real name)"),
  notifyUrl,
  remark: z.string().max(200).optional(),
});

const withdrawBody = z.strictObject({
  ...signedFields,
  mchOrderNo: orderId,
  amount: cny,
  memberAccount: z.string().min(1).max(64).describe('The withdrawing member (must not be frozen)'),
  bankName: z.string().min(1).max(64),
  accountName: z.string().min(1).max(64),
  accountNo: z.string().regex(/^\d{6,32}$/),
  notifyUrl,
  remark: z.string().max(200).optional(),
});

const voucherBody = z.strictObject({
  ...signedFields,
  matchNo: orderId,
  voucher: z
    .string()
    .max(VOUCHER_ROUTE.stringMax)
    .describe('The voucher file, base64: PNG, JPEG or PDF, at most 1 MB'),
});
const confirmBody = z.strictObject({ ...signedFields, matchNo: orderId });

const pieceAnswer = z.object({
  matchNo: z.string(),
  status: z.string(),
  amount: z.string(),
  depositOrderNo: z.string(),
  withdrawOrderNo: z.string(),
  payeeBank: z.string(),
  payeeName: z.string(),
  payeeAccountNo: z.string(),
  deadline: z.string().nullable(),
  confirmedBy: z.string().nullable(),
});
const depositAnswer = orderAnswer.extend({ family: z.enum(ORDER_FAMILIES), pieces: z.array(pieceAnswer) });

/** What the depositing merchant needs to have its member pay (the payee's account, in clear). */
const pieceOf = (m: Match) => ({
  matchNo: m.matchNo,
  status: m.status,
  amount: dec(m.amount).toFixed(2),
  depositOrderNo: m.depositOrderNo,
  withdrawOrderNo: m.withdrawOrderNo,
  payeeBank: m.payeeBank,
  payeeName: m.payeeName,
  payeeAccountNo: m.payeeAccountNo,
  deadline: m.deadline?.toISOString() ?? null,
  confirmedBy: m.confirmedBy,
});

const text = {
  overPool: { 'zh-CN': '超过撮合池单笔上限', 'en-US': 'is above the match pool limit of this merchant' },
} as const;

export async function matchOpenapiRoutes(parent: FastifyInstance) {
  const ctx = parent.ctx;
  await merchantApiScope(parent, (app, route) => {
    app.post(
      `${OPENAPI_PREFIX}/match/deposit`,
      route('matchDeposit', 'Create a matched (P2P) deposit', depositBody, depositAnswer, () => [
        'DEPOSIT',
        'MATCH',
      ]),
      async (request, reply) => {
        const { mchNo: _m, timestamp: _t, nonce: _n, sign: _s, ...body } = request.body;
        const m = request.merchant!;
        if (outsideLimits(m, body.amount)) return refuse(request, reply, 'amountOutOfLimits');
        const outside = await payParameterProblem(ctx, ['deposit'], body.amount);
        if (outside) return refuse(request, reply, 'amountOutOfLimits', (l) => [outside(l)]);
        // Risk lists and freezes (issue 13) run inside the creation's transaction; a block is logged.
        const where = { source: 'match', direction: 'match', merchantId: m.id } as const;
        const made = await createUnlessBlocked(ctx, { ...where, mchOrderNo: body.mchOrderNo }, () =>
          createMatchedDeposit(
            ctx,
            { ...body, merchantId: m.id, clientIp: clientIp(request) },
            localeOf(request),
          ),
        );
        if ('blocked' in made)
          return refuse(request, reply, 'riskBlocked', (l) => blockFields(made.blocked, l));
        request.placement!.orderNo = made.order.orderNo;
        return accept(request, { ...answerOf('deposit', made.order), pieces: made.pieces.map(pieceOf) });
      },
    );

    app.post(
      `${OPENAPI_PREFIX}/match/withdraw`,
      route(
        'matchWithdraw',
        'Create a matched (P2P) withdrawal: it waits in the match pool',
        withdrawBody,
        orderAnswer,
        () => ['WITHDRAW', 'MATCH'],
      ),
      async (request, reply) => {
        const { mchNo: _m, timestamp: _t, nonce: _n, sign: _s, ...body } = request.body;
        const m = request.merchant!;
        const locale = localeOf(request);
        if (outsideLimits(m, body.amount)) return refuse(request, reply, 'amountOutOfLimits');
        const outside = await payParameterProblem(ctx, ['withdraw'], body.amount);
        if (outside) return refuse(request, reply, 'amountOutOfLimits', (l) => [outside(l)]);
        await activeMember(ctx.db, m.id, body.memberAccount, locale);
        const config = await merchantMatchConfig(ctx.db, m.id);
        if (config.maxPoolAmount && dec(body.amount).gt(dec(config.maxPoolAmount)))
          return refuse(request, reply, 'badRequest', (l) => [
            { field: 'amount', message: text.overPool[l] },
          ]);
        const made = await createWithdrawal(ctx, m, { ...body, family: 'match' }, clientIp(request));
        if (made === 'insufficient') return refuse(request, reply, 'insufficientBalance');
        if (made === 'accountRefused') return refuse(request, reply, 'payeeAccountRefused');
        if ('blocked' in made)
          return refuse(request, reply, 'riskBlocked', (l) => blockFields(made.blocked, l));
        request.placement!.orderNo = made.order.orderNo;
        return accept(request, answerOf('withdraw', made.order));
      },
    );

    const voucherRoute = route(
      'matchVoucher',
      "Upload the payer's voucher of one match",
      voucherBody,
      pieceAnswer,
    );
    app.post(
      `${OPENAPI_PREFIX}/match/voucher`,
      {
        ...voucherRoute,
        config: { ...voucherRoute.config, stringMax: VOUCHER_ROUTE.stringMax },
        bodyLimit: VOUCHER_ROUTE.bodyLimit,
      },
      async (request, reply) => {
        const m = await matchOfMerchant(ctx.db, request.merchant!.id, request.body.matchNo, 'payer');
        if (!m) return refuse(request, reply, 'orderNotFound');
        request.placement!.orderNo = m.depositOrderNo;
        await uploadVoucher(ctx, m, request.body.voucher, localeOf(request));
        return accept(
          request,
          pieceOf((await matchOfMerchant(ctx.db, m.depositMerchantId, m.matchNo, 'payer'))!),
        );
      },
    );

    app.post(
      `${OPENAPI_PREFIX}/match/confirm`,
      route(
        'matchConfirm',
        'The receiving member confirms the money of one match arrived',
        confirmBody,
        pieceAnswer,
      ),
      async (request, reply) => {
        const m = await matchOfMerchant(ctx.db, request.merchant!.id, request.body.matchNo, 'payee');
        if (!m) return refuse(request, reply, 'orderNotFound');
        request.placement!.orderNo = m.withdrawOrderNo;
        await runSystemTransition(ctx, findTransferMatchByPage, 'confirm', m.id, {
          reason: systemText('payeeConfirmed'),
          actor: {
            operatorId: null,
            username: systemText('merchant', request.merchant!.mchNo),
            locale: localeOf(request),
          },
        });
        return accept(
          request,
          pieceOf((await matchOfMerchant(ctx.db, m.withdrawMerchantId, m.matchNo, 'payee'))!),
        );
      },
    );
  });
}
