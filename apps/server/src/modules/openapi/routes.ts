/**
 * The merchant API under /openapi/v1, outside the console's session auth: each call is verified by
 * verify.ts (signature, timestamp, nonce, white list, merchant state, rate) and logged by
 * place-log-hooks.ts. Answers are the console's envelope; refusals carry the codes of contracts
 * place-log-codes.ts with the reason in the caller's language (Accept-Language, zh-CN by default).
 */

import { type Locale, PAY_OTHER_LABELS } from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import { localeOf } from '../../platform/errors.ts';
import { outboundUrlRefusal } from '../../platform/outbound.ts';
import { clientIp } from '../../platform/request-info.ts';
import { payParameterCodes, payParameterProblem, payParameters } from '../payManage/pay-parameters.ts';
import { checkGiftClaim, giftClaimAnswer, giftClaimBody } from '../risk/gift.ts';
import { blockFields } from '../risk/hooks.ts';
import { accept, refuse } from './answer.ts';
import {
  balanceAnswer,
  depositBody,
  depositSwitches,
  orderAnswer,
  payConfigAnswer,
  queryOrderBody,
  signedOnlyBody,
  withdrawBody,
  withdrawSwitches,
} from './bodies.ts';
import { createDeposit } from './deposit.ts';
import { merchantApiScope } from './merchant-scope.ts';
import { answerOf, balanceOf, createWithdrawal, findOrder, outsideLimits } from './orders.ts';
import { priceInput } from './quote.ts';

export const OPENAPI_PREFIX = '/openapi/v1';

const text = {
  orderRef: {
    'zh-CN': '须提供平台订单号或商户订单号',
    'en-US': 'give the platform order number or the merchant order number',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export async function openapiRoutes(parent: FastifyInstance) {
  const ctx = parent.ctx;
  // An order's own notify URL is the merchant's to choose: refused at once if it points inside.
  const notifyUrlProblem = (url: string | undefined) => {
    const refused = url ? outboundUrlRefusal(ctx, url) : null;
    return refused ? (l: Locale) => [{ field: 'notifyUrl', message: refused(l) }] : null;
  };

  await merchantApiScope(parent, (app, route) => {
    app.post(
      `${OPENAPI_PREFIX}/deposit/create`,
      route('deposit', 'Create a deposit (pay-in) order', depositBody, orderAnswer, depositSwitches),
      async (request, reply) => {
        const { mchNo: _m, timestamp: _t, nonce: _n, sign: _s, ...body } = request.body;
        const badUrl = notifyUrlProblem(body.notifyUrl);
        if (badUrl) return refuse(request, reply, 'badRequest', badUrl);
        const priced = await priceInput(ctx, 'deposit', body, request.merchant!.id);
        if ('fields' in priced) return refuse(request, reply, 'badRequest', priced.fields);
        if (priced.input.quote) request.placement!.amount = priced.input.amount;
        const codes = payParameterCodes('deposit', body.payType);
        const outside = await payParameterProblem(ctx, codes, priced.input.amount);
        if (outside) return refuse(request, reply, 'amountOutOfLimits', (l) => [outside(l)]);
        const placed = await createDeposit(
          ctx,
          request.merchant!,
          priced.input,
          clientIp(request),
          localeOf(request),
        );
        if ('refusal' in placed) {
          if (placed.orderNo) request.placement!.orderNo = placed.orderNo;
          const extra = placed.order
            ? { order: answerOf('deposit', placed.order) }
            : placed.orderNo
              ? { orderNo: placed.orderNo }
              : undefined;
          return refuse(request, reply, placed.refusal, placed.fields, extra);
        }
        request.placement!.orderNo = placed.order.orderNo;
        return accept(request, answerOf('deposit', placed.order));
      },
    );

    app.post(
      `${OPENAPI_PREFIX}/withdraw/create`,
      route('withdraw', 'Create a withdrawal (payout) order', withdrawBody, orderAnswer, withdrawSwitches),
      async (request, reply) => {
        const { mchNo: _m, timestamp: _t, nonce: _n, sign: _s, ...body } = request.body;
        const m = request.merchant!;
        const badUrl = notifyUrlProblem(body.notifyUrl);
        if (badUrl) return refuse(request, reply, 'badRequest', badUrl);
        const priced = await priceInput(ctx, 'withdraw', body, m.id);
        if ('fields' in priced) return refuse(request, reply, 'badRequest', priced.fields);
        const input = priced.input;
        if (input.quote) request.placement!.amount = input.amount;
        if (outsideLimits(m, input.amount)) return refuse(request, reply, 'amountOutOfLimits');
        const outside = await payParameterProblem(ctx, ['withdraw'], input.amount);
        if (outside) return refuse(request, reply, 'amountOutOfLimits', (l) => [outside(l)]);
        const made = await createWithdrawal(ctx, m, input, clientIp(request));
        if (made === 'insufficient') return refuse(request, reply, 'insufficientBalance');
        if (made === 'accountRefused') return refuse(request, reply, 'payeeAccountRefused');
        if ('blocked' in made)
          return refuse(request, reply, 'riskBlocked', (l) => blockFields(made.blocked, l));
        request.placement!.orderNo = made.order.orderNo;
        return accept(request, answerOf('withdraw', made.order));
      },
    );

    app.post(
      `${OPENAPI_PREFIX}/order/query`,
      route('queryOrder', 'Query an order', queryOrderBody, orderAnswer),
      async (request, reply) => {
        const { orderType, orderNo, mchOrderNo } = request.body;
        if (!orderNo && !mchOrderNo)
          return refuse(request, reply, 'badRequest', (l) => [
            { field: 'orderNo', message: text.orderRef[l] },
          ]);
        const found = await findOrder(ctx, request.merchant!.id, { orderType, orderNo, mchOrderNo });
        if (!found) return refuse(request, reply, 'orderNotFound');
        request.placement!.orderNo = found.orderNo;
        return accept(request, found);
      },
    );

    app.post(
      `${OPENAPI_PREFIX}/balance/query`,
      route('queryBalance', "Query the merchant's balance", signedOnlyBody, balanceAnswer),
      async (request) => accept(request, await balanceOf(ctx, request.merchant!)),
    );

    app.post(
      `${OPENAPI_PREFIX}/payConfig/query`,
      route(
        'queryPayConfig',
        "The pay parameters in force: each pay type's amount range, fee hint and quick amounts",
        signedOnlyBody,
        payConfigAnswer,
      ),
      async (request) => {
        const i = localeOf(request) === 'en-US' ? 1 : 0;
        const payTypes = (await payParameters(ctx)).map((p) => ({ ...p, name: PAY_OTHER_LABELS[p.code][i] }));
        return accept(request, { payTypes });
      },
    );

    // Gift risk (financeRisk): asked before granting promotional credit; every decision is logged.
    app.post(
      `${OPENAPI_PREFIX}/gift/claim`,
      route(
        'giftClaim',
        'Check a promotional gift claim against the gift risk rules',
        giftClaimBody,
        giftClaimAnswer,
      ),
      async (request) => {
        const { mchNo: _m, timestamp: _t, nonce: _n, sign: _s, ...b } = request.body;
        const m = request.merchant!;
        return accept(
          request,
          await checkGiftClaim(ctx, { ...b, merchantId: m.id, mchNo: m.mchNo }, localeOf(request)),
        );
      },
    );
  });
}
