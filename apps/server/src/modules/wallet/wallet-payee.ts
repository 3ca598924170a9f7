/**
 * How a wallet member is paid: by an enabled pay account of the pay type (walletPayTypeInfoPage) or
 * a fixed code switched on (fixedCodeConfigPage). A sell ad offers only pay types its member can be
 * paid by (wallet-ad-terms.ts), and the wallet app shows the buyer of an order awaiting payment where
 * to pay (walletPayee): the seller's account of the order's pay type and, when one is on, the fixed
 * code's payload to scan. A code an operator switches off is not shown from then on.
 */
import type { Locale } from '@payops/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { fieldError } from '../../platform/errors.ts';
import type { Executor } from '../../platform/ledger/index.ts';
import { conflict, notFound, orderById } from '../trade/index.ts';
import { walletPayAccounts } from './wallet.schema.ts';
import { walletFixedCodes } from './wallet-config.schema.ts';

/** The pay types the member can be paid by: an enabled account's or an open fixed code's. */
export async function payableTypes(db: Executor, memberId: number): Promise<Set<string>> {
  const [accounts, codes] = await Promise.all([
    db
      .select({ payType: walletPayAccounts.payType })
      .from(walletPayAccounts)
      .where(and(eq(walletPayAccounts.walletMemberId, memberId), eq(walletPayAccounts.enabled, true))),
    db
      .select({ payType: walletFixedCodes.payType })
      .from(walletFixedCodes)
      .where(and(eq(walletFixedCodes.walletMemberId, memberId), eq(walletFixedCodes.status, 'on'))),
  ]);
  return new Set([...accounts, ...codes].map((r) => r.payType));
}

export interface Payee {
  payType: string;
  /** The seller's account of the pay type (null: none enabled any more). */
  account: { accountNo: string; holderName: string; bankName: string } | null;
  /** What the seller's fixed code of the pay type encodes, when one is on. */
  codePayload: string | null;
}

const text = {
  notBuyer: {
    'zh-CN': '只有订单的买方可以查看收款信息',
    'en-US': "only the order's buyer sees where to pay",
  },
  notWaiting: { 'zh-CN': '订单已不在待付款状态', 'en-US': 'the order is no longer awaiting payment' },
  notWallet: { 'zh-CN': '卖方不是钱包会员', 'en-US': 'the seller is not a wallet member' },
} as const;

/** Where the buyer (a wallet member) of an order awaiting payment pays its wallet seller. */
export async function walletPayee(
  ctx: AppContext,
  orderId: number,
  memberId: number,
  locale: Locale = 'zh-CN',
): Promise<Payee> {
  const o = await orderById(ctx.db, orderId);
  if (!o) throw notFound('id', locale);
  if (o.buyerType !== 'wallet_member' || o.buyerId !== memberId)
    throw fieldError('memberId', text.notBuyer[locale]);
  if (o.status !== 'matched') throw conflict('id', text.notWaiting[locale]);
  if (o.sellerType !== 'wallet_member') throw fieldError('id', text.notWallet[locale]);
  const a = walletPayAccounts;
  const [account] = await ctx.db
    .select({ accountNo: a.accountNo, holderName: a.holderName, bankName: a.bankName })
    .from(a)
    .where(and(eq(a.walletMemberId, o.sellerId), eq(a.payType, o.payType), eq(a.enabled, true)))
    .orderBy(asc(a.id))
    .limit(1);
  const c = walletFixedCodes;
  const [code] = await ctx.db
    .select({ payload: c.payload })
    .from(c)
    .where(and(eq(c.walletMemberId, o.sellerId), eq(c.payType, o.payType), eq(c.status, 'on')))
    .orderBy(asc(c.id))
    .limit(1);
  return { payType: o.payType, account: account ?? null, codePayload: code?.payload ?? null };
}
