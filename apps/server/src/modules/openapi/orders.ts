/**
 * What the merchant API does once the caller is verified: withdrawals (frozen and queued for review in
 * one transaction), order queries and the balance. Deposits go through the upstream placement
 * (deposit.ts). A repeated merchant order number answers the existing order, never a second one.
 */
import { currencyRule, orderTransferList } from '@payops/contracts';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { balancesOf, dec, LedgerError } from '../../platform/ledger/index.ts';
import { cachedSetting } from '../../platform/settings.ts';
import { runSystemTransition } from '../../platform/transitions/index.ts';
import { usePaymentAccount } from '../member/payment-accounts.ts';
import { insertWithdrawOrder } from '../order/create.ts';
import { type OrderQuote, quoteOf } from '../order/quote.ts';
import { type DepositOrder, depositOrders, type WithdrawOrder, withdrawOrders } from '../order/schema.ts';
import { enforce } from '../risk/check.ts';
import { type Blocked, createUnlessBlocked } from '../risk/hooks.ts';
import type { ApiMerchant } from './verify.ts';

/** A stored amount (numeric(28, 8)) in its currency's scale: what the merchant sent, 100.00 not 100.00000000. */
export function amountText(value: string, currency: string): string {
  return dec(value).toFixed(currencyRule(currency)?.scale ?? 8);
}

export type OrderAnswer = ReturnType<typeof answerOf>;

export function answerOf(orderType: 'deposit' | 'withdraw', o: DepositOrder | WithdrawOrder) {
  return {
    orderType,
    orderNo: o.orderNo,
    mchOrderNo: o.mchOrderNo,
    status: o.status,
    currency: o.currency,
    amount: amountText(o.amount, o.currency),
    fee: amountText(o.fee, o.currency),
    family: o.family,
    quoteCurrency: null,
    quoteAmount: null,
    rate: null,
    ...quoteOf(o),
    payUrl: 'payUrl' in o ? o.payUrl : null,
    failReason: o.failReason,
    createdAt: o.createdAt.toISOString(),
    finishedAt: o.finishedAt?.toISOString() ?? null,
  };
}

/** Outside the merchant's single-order limits (a limit of 0 is no limit). */
export function outsideLimits(m: ApiMerchant, amount: string): boolean {
  const a = dec(amount);
  return a.lt(dec(m.singleMin)) || (dec(m.singleMax).gt(dec('0')) && a.gt(dec(m.singleMax)));
}

export interface WithdrawInput {
  mchOrderNo: string;
  amount: string;
  bankCode?: string;
  bankName: string;
  accountName: string;
  accountNo: string;
  memberAccount?: string;
  notifyUrl?: string;
  remark?: string;
  /** Unix milliseconds: a reservation withdrawal, paid out no earlier (thirdwithdraw_list). */
  payoutAt?: string;
  /** An OTC/ZHOTC withdrawal's quote (quote.ts): `amount` is then its CNY price. */
  quote?: OrderQuote;
  /** 'match': a matched (P2P) withdrawal, pooled once approved (modules/match). */
  family?: 'match';
}

/**
 * 'insufficient' when the available balance cannot cover amount + fee, 'accountRefused' when the
 * member's payee account is disabled or blacklisted (member/payment-accounts.ts): nothing is written.
 */
export async function createWithdrawal(
  ctx: AppContext,
  m: ApiMerchant,
  input: WithdrawInput,
  clientIp: string,
): Promise<
  { order: WithdrawOrder; created: boolean } | 'insufficient' | 'accountRefused' | { blocked: Blocked }
> {
  const where = { source: 'openapi', direction: 'withdraw', merchantId: m.id, mchNo: m.mchNo } as const;
  try {
    return await createUnlessBlocked(ctx, { ...where, mchOrderNo: input.mchOrderNo }, () =>
      ctx.db.transaction(async (tx) => {
        const now = ctx.clock.now();
        const { payoutAt, ...fields } = input;
        // Risk lists and freezes (issue 13) before anything is written or frozen.
        await enforce(ctx, tx, {
          direction: 'withdraw',
          family: input.family ?? (input.quote ? 'otc' : 'normal'),
          merchantId: m.id,
          memberAccount: input.memberAccount,
          realName: input.accountName,
          cardNo: input.accountNo,
          ip: clientIp,
        });
        const account = await usePaymentAccount(tx, {
          merchantId: m.id,
          memberAccount: input.memberAccount,
          payType: 'bank_card',
          accountNo: input.accountNo,
          holderName: input.accountName,
          bankName: input.bankName,
          at: now,
        });
        if (account === 'refused') return 'accountRefused' as const;
        const at = payoutAt ? new Date(Number(payoutAt)) : null;
        const { order, created } = await insertWithdrawOrder(tx, {
          ...fields,
          bankCode: input.bankCode ?? '',
          merchantId: m.id,
          clientIp,
          scheduledAt: at && at > now ? at : null,
          platformTimeoutMinutes: await cachedSetting(ctx, 'orderTimeoutMinutes', tx),
          now,
        });
        if (!created) return { order, created };
        await runSystemTransition(ctx, orderTransferList, 'review', order.id, { tx });
        // Auto-review (engineer "orders") may have moved it further inside the same transaction.
        const [reviewed] = await tx.select().from(withdrawOrders).where(eq(withdrawOrders.id, order.id));
        return { order: reviewed!, created };
      }),
    );
  } catch (e) {
    if (e instanceof LedgerError && e.reason === 'insufficient') return 'insufficient';
    throw e;
  }
}

export async function findOrder(
  ctx: AppContext,
  merchantId: number,
  q: { orderType: 'deposit' | 'withdraw'; orderNo?: string; mchOrderNo?: string },
): Promise<OrderAnswer | null> {
  const table = q.orderType === 'deposit' ? depositOrders : withdrawOrders;
  const by = q.orderNo ? eq(table.orderNo, q.orderNo) : eq(table.mchOrderNo, q.mchOrderNo!);
  const [o] = await ctx.db
    .select()
    .from(table)
    .where(and(eq(table.merchantId, merchantId), by))
    .limit(1);
  return o ? answerOf(q.orderType, o) : null;
}

export async function balanceOf(ctx: AppContext, m: ApiMerchant) {
  const b = (await balancesOf(ctx.db, 'merchant', [m.id])).get(m.id);
  const currency = 'CNY';
  return {
    mchNo: m.mchNo,
    currency,
    available: amountText(b?.available ?? '0', currency),
    frozen: amountText(b?.frozen ?? '0', currency),
  };
}
