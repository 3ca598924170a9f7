/**
 * The merchant API's USDT endpoints (/openapi/v1/usdt/...), verified and logged like the others
 * (verify.ts, the placement log as deposit / withdraw / queryOrder):
 *   deposit/create  { mchOrderNo, amount (CNY), network, memberAccount?, notifyUrl? }
 *                   -> the pool address to pay, the USDT due at the rate fixed now, the expiry
 *   withdraw/create { mchOrderNo, usdtAmount, network, address, memberAccount?, notifyUrl? }
 *                   -> the order in review, CNY amount + fee frozen at the BUY rate fixed now
 *   order/query     { orderType, orderNo? | mchOrderNo? }
 * Bad input is a 400 naming the field in the caller's language; nothing is half-written.
 */

import {
  ADDRESS_PATTERNS,
  currencyAmountSchema,
  type DatacenterSwitch,
  DEPOSIT_CURRENCY,
  USDT_NETWORKS,
  type UsdtNetwork,
} from '@payops/contracts';
import { and, eq, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Wording } from '../../platform/errors.ts';
import { dec, LedgerError } from '../../platform/ledger/index.ts';
import { outboundUrlRefusal } from '../../platform/outbound.ts';
import { clientIp } from '../../platform/request-info.ts';
import { accept, refuse } from '../openapi/answer.ts';
import { id, notifyUrl, signedFields } from '../openapi/bodies.ts';
import { merchantApiScope } from '../openapi/merchant-scope.ts';
import { amountText, outsideLimits } from '../openapi/orders.ts';
import type { Endpoint } from '../openapi/place-log.ts';
import { payParameterProblem } from '../payManage/pay-parameters.ts';
import { blockFields, createUnlessBlocked, usdtWithdrawBlocked } from '../risk/hooks.ts';
import { addrPool } from '../sys/addr-pool.schema.ts';
import { HOT_WALLETS } from './adapter.ts';
import {
  type UsdtDepositOrder,
  type UsdtWithdrawOrder,
  usdtDepositOrders,
  usdtWithdrawOrders,
} from './chain.schema.ts';
import { CHAIN_DECIMALS, createUsdtDeposit, createUsdtWithdrawal, usdtWithdrawValue } from './create.ts';
import { CHAIN_TEXT, Said } from './text.ts';

const orderId = id(64);
// A string, not an enum: an unknown network is answered with its own clear message (naming `network`).
const network = z
  .string()
  .min(1)
  .max(16)
  .describe(`One of ${USDT_NETWORKS.join(', ')}`);

const depositBody = z.strictObject({
  ...signedFields,
  mchOrderNo: orderId,
  amount: currencyAmountSchema(DEPOSIT_CURRENCY).describe('CNY, at most 2 decimals'),
  network,
  memberAccount: z.string().max(64).optional(),
  notifyUrl,
});
const withdrawBody = z.strictObject({
  ...signedFields,
  mchOrderNo: orderId,
  usdtAmount: currencyAmountSchema('USDT').describe(`USDT, at most ${CHAIN_DECIMALS} decimals`),
  network,
  address: z.string().min(1).max(128),
  memberAccount: z.string().max(64).optional(),
  notifyUrl,
});
const queryBody = z.strictObject({
  ...signedFields,
  orderType: z.enum(['deposit', 'withdraw']),
  orderNo: orderId.optional(),
  mchOrderNo: orderId.optional(),
});

const usdtAnswer = z.object({
  orderType: z.enum(['deposit', 'withdraw']),
  orderNo: z.string(),
  mchOrderNo: z.string(),
  status: z.string(),
  network: z.string(),
  address: z.string(),
  currency: z.string(),
  amount: z.string(),
  fee: z.string(),
  usdtAmount: z.string(),
  rate: z.string(),
  paidUsdt: z.string().nullable(),
  txHash: z.string().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});

function answerOf(orderType: 'deposit' | 'withdraw', o: UsdtDepositOrder | UsdtWithdrawOrder) {
  const deposit = 'paidUsdt' in o ? o : null;
  return {
    orderType,
    orderNo: o.orderNo,
    mchOrderNo: o.mchOrderNo,
    status: o.status,
    network: o.network,
    address: o.address,
    currency: o.currency,
    amount: amountText(o.amount, o.currency),
    fee: amountText(o.fee, o.currency),
    usdtAmount: dec(o.usdtAmount).toFixed(CHAIN_DECIMALS),
    rate: amountText(o.rate, 'USDT'),
    paidUsdt: deposit ? dec(deposit.paidUsdt).toFixed(CHAIN_DECIMALS) : null,
    txHash: o.txHash,
    expiresAt: deposit ? deposit.expiresAt.toISOString() : null,
    createdAt: o.createdAt.toISOString(),
    finishedAt: o.finishedAt?.toISOString() ?? null,
  };
}

const isNetwork = (n: string): n is UsdtNetwork => (USDT_NETWORKS as readonly string[]).includes(n);
const badNetwork = {
  'zh-CN': `不支持的网络，可选：${USDT_NETWORKS.join('、')}`,
  'en-US': `unknown network; one of ${USDT_NETWORKS.join(', ')}`,
} as const;

/** The format of an address on its network (contracts ADDRESS_PATTERNS, as the pool checks them). */
export function addressValid(n: UsdtNetwork, address: string): boolean {
  return new RegExp(`^(?:${ADDRESS_PATTERNS[n]})$`).test(address);
}

/** One of the platform's own addresses (the pool, the hot wallet): paying it would be seen as a deposit. */
async function ownAddress(ctx: AppContext, network: UsdtNetwork, address: string): Promise<boolean> {
  if (HOT_WALLETS[network] === address) return true;
  const [row] = await ctx.db
    .select({ id: addrPool.id })
    .from(addrPool)
    .where(eq(addrPool.address, address))
    .limit(1);
  return !!row;
}

const decimals = (v: string) => v.split('.')[1]?.length ?? 0;

export async function usdtMerchantRoutes(parent: FastifyInstance) {
  const ctx = parent.ctx;
  await merchantApiScope(parent, (app, signed) => {
    // A new USDT order is stopped by its direction's switch and by the USDT switch; a query by none.
    const stoppedBy: Partial<Record<Endpoint, readonly DatacenterSwitch[]>> = {
      deposit: ['DEPOSIT', 'USDT'],
      withdraw: ['WITHDRAW', 'USDT'],
    };
    const route = <B extends z.ZodType>(endpoint: Endpoint, summary: string, body: B) => {
      const switches = stoppedBy[endpoint];
      return signed(endpoint, summary, body, usdtAnswer, switches && (() => switches));
    };
    const bad = (request: FastifyRequest, reply: FastifyReply, field: string, message: Wording<string>) =>
      refuse(request, reply, 'badRequest', (l) => [{ field, message: message(l) }]);
    const saidOr = (request: FastifyRequest, reply: FastifyReply, e: unknown) => {
      if (!(e instanceof Said)) throw e;
      const name = e.key === 'noAddress' ? 'unavailable' : 'badRequest';
      return refuse(request, reply, name, (l) => [{ field: e.field, message: e.text(l) }]);
    };
    const urlProblem = (url: string | undefined) => (url ? outboundUrlRefusal(ctx, url) : null);

    app.post(
      '/openapi/v1/usdt/deposit/create',
      route('deposit', 'Create a USDT deposit: an address to pay and the USDT due', depositBody),
      async (request, reply) => {
        const { mchOrderNo, amount, network: n, memberAccount, notifyUrl: url } = request.body;
        if (!isNetwork(n)) return bad(request, reply, 'network', (l) => badNetwork[l]);
        const urlBad = urlProblem(url);
        if (urlBad) return bad(request, reply, 'notifyUrl', urlBad);
        const m = request.merchant!;
        if (outsideLimits(m, amount)) return refuse(request, reply, 'amountOutOfLimits');
        const outside = await payParameterProblem(ctx, ['deposit', 'usdt'], amount);
        if (outside) return refuse(request, reply, 'amountOutOfLimits', (l) => [outside(l)]);
        const where = { source: 'openapi', direction: 'deposit', merchantId: m.id, mchNo: m.mchNo } as const;
        try {
          const made = await createUnlessBlocked(ctx, { ...where, mchOrderNo }, () =>
            createUsdtDeposit(ctx, {
              merchantId: m.id,
              mchOrderNo,
              amount,
              network: n,
              memberAccount,
              notifyUrl: url,
              clientIp: clientIp(request),
            }),
          );
          if ('blocked' in made)
            return refuse(request, reply, 'riskBlocked', (l) => blockFields(made.blocked, l));
          request.placement!.orderNo = made.order.orderNo;
          return accept(request, answerOf('deposit', made.order));
        } catch (e) {
          return saidOr(request, reply, e);
        }
      },
    );

    app.post(
      '/openapi/v1/usdt/withdraw/create',
      route('withdraw', 'Create a USDT withdrawal to an address', withdrawBody),
      async (request, reply) => {
        const { mchOrderNo, usdtAmount, network: n, address, memberAccount, notifyUrl: url } = request.body;
        if (!isNetwork(n)) return bad(request, reply, 'network', (l) => badNetwork[l]);
        if (decimals(usdtAmount) > CHAIN_DECIMALS)
          return bad(request, reply, 'usdtAmount', (l) => CHAIN_TEXT.chainDecimals[l]);
        if (!addressValid(n, address))
          return bad(request, reply, 'address', (l) => CHAIN_TEXT.badAddress[l](n));
        if (await ownAddress(ctx, n, address))
          return bad(request, reply, 'address', (l) => CHAIN_TEXT.ownAddress[l]);
        const urlBad = urlProblem(url);
        if (urlBad) return bad(request, reply, 'notifyUrl', urlBad);
        const m = request.merchant!;
        try {
          // The merchant's single limits and the withdrawal pay parameters hold on the CNY value, as
          // for a CNY withdrawal; the order freezes exactly that value.
          const value = await usdtWithdrawValue(ctx.db, usdtAmount);
          if (outsideLimits(m, value.amount)) return refuse(request, reply, 'amountOutOfLimits');
          const outside = await payParameterProblem(ctx, ['withdraw'], value.amount);
          if (outside) {
            const worth = amountText(value.amount, 'CNY');
            return refuse(request, reply, 'amountOutOfLimits', (l) => [
              { field: 'usdtAmount', message: `${outside(l).message}${CHAIN_TEXT.worth[l](worth)}` },
            ]);
          }
          const who = { merchantId: m.id, mchNo: m.mchNo, mchOrderNo, memberAccount, ip: clientIp(request) };
          const blocked = await usdtWithdrawBlocked(ctx, { ...who, address });
          if (blocked) return refuse(request, reply, 'riskBlocked', (l) => blockFields(blocked, l));
          const { order } = await createUsdtWithdrawal(ctx, {
            merchantId: m.id,
            mchOrderNo,
            usdtAmount,
            value,
            network: n,
            address,
            memberAccount,
            notifyUrl: url,
            clientIp: clientIp(request),
          });
          request.placement!.orderNo = order.orderNo;
          return accept(request, answerOf('withdraw', order));
        } catch (e) {
          if (e instanceof LedgerError && e.reason === 'insufficient')
            return refuse(request, reply, 'insufficientBalance');
          return saidOr(request, reply, e);
        }
      },
    );

    app.post(
      '/openapi/v1/usdt/order/query',
      route('queryOrder', 'Query a USDT order', queryBody),
      async (request, reply) => {
        const { orderType, orderNo, mchOrderNo } = request.body;
        if (!orderNo && !mchOrderNo) return bad(request, reply, 'orderNo', (l) => CHAIN_TEXT.orderRef[l]);
        const t = orderType === 'deposit' ? usdtDepositOrders : usdtWithdrawOrders;
        const by = or(
          orderNo ? eq(t.orderNo, orderNo) : undefined,
          mchOrderNo ? eq(t.mchOrderNo, mchOrderNo) : undefined,
        );
        const [o] = await ctx.db
          .select()
          .from(t)
          .where(and(eq(t.merchantId, request.merchant!.id), by))
          .limit(1);
        if (!o) return refuse(request, reply, 'orderNotFound');
        request.placement!.orderNo = o.orderNo;
        return accept(request, answerOf(orderType, o));
      },
    );
  });
}
