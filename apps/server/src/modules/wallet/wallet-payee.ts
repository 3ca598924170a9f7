/**
 * How a wallet member is paid: by an enabled pay account of the pay type (walletPayTypeInfoPage) or
 * a fixed code switched on (fixedCodeConfigPage).
 * - A sell ad offers only pay types its member can be paid by (wallet-ad-terms.ts).
 * - A take in which the member sells is refused when the member can no longer be paid by its pay
 *   type; otherwise the payee is fixed on the order (wallet_order_payees, wallet-trader.ts).
 * - The wallet app shows the buyer of an order awaiting payment where to pay (walletPayee): that
 *   account and, while it is on, that code's payload. A code an operator switches off is not shown
 *   from then on; an operator reads the payee on the dispute's detail (disputePayee).
 */
import type { Locale } from '@payops/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { fieldError } from '../../platform/errors.ts';
import type { Executor } from '../../platform/ledger/index.ts';
import { conflict, notFound, orderById } from '../trade/index.ts';
import { walletPayAccounts } from './wallet.schema.ts';
import { walletFixedCodes } from './wallet-config.schema.ts';
import { walletOrderPayees } from './wallet-payee.schema.ts';

const a = walletPayAccounts;
const c = walletFixedCodes;
const accountOn = (memberId: number) => and(eq(a.walletMemberId, memberId), eq(a.enabled, true));
const codeOn = (memberId: number) => and(eq(c.walletMemberId, memberId), eq(c.status, 'on'));

/** The pay types the member can be paid by: an enabled account's or an open fixed code's. */
export async function payableTypes(db: Executor, memberId: number): Promise<Set<string>> {
  const [accounts, codes] = await Promise.all([
    db.select({ payType: a.payType }).from(a).where(accountOn(memberId)),
    db.select({ payType: c.payType }).from(c).where(codeOn(memberId)),
  ]);
  return new Set([...accounts, ...codes].map((r) => r.payType));
}

/** The first id (by id) of `table`'s rows matching `where`, as a subquery. */
const firstId = (table: typeof a | typeof c, where: SQL | undefined) =>
  sql`(SELECT ${table.id} FROM ${table} WHERE ${where} ORDER BY ${table.id} LIMIT 1)`;

const idOrNull = (v: string | number | null | undefined) => (v == null ? null : Number(v));

/**
 * Where a buyer would pay the member by the pay type now: the first enabled account's and the first
 * open code's ids (one read); undefined when the member cannot be paid by it.
 */
export async function currentPayee(db: Executor, memberId: number, payType: string) {
  const type = payType as (typeof a.payType.enumValues)[number];
  const { rows } = await db.execute<{ account: string | null; code: string | null }>(
    sql`SELECT ${firstId(a, and(accountOn(memberId), eq(a.payType, type)))} AS account,
      ${firstId(c, and(codeOn(memberId), eq(c.payType, type)))} AS code`,
  );
  const payee = { payAccountId: idOrNull(rows[0]?.account), fixedCodeId: idOrNull(rows[0]?.code) };
  return payee.payAccountId === null && payee.fixedCodeId === null ? undefined : payee;
}

export interface Payee {
  payType: string;
  /** The seller's account the buyer was given when the order was taken (null: a code only). */
  account: { accountNo: string; holderName: string; bankName: string } | null;
  /** What the seller's fixed code of the order encodes, while it is on. */
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
  const p = walletOrderPayees;
  const [row] = await ctx.db
    .select({
      accountNo: a.accountNo,
      holderName: a.holderName,
      bankName: a.bankName,
      codePayload: c.payload,
    })
    .from(p)
    .leftJoin(a, eq(a.id, p.payAccountId))
    .leftJoin(c, and(eq(c.id, p.fixedCodeId), eq(c.status, 'on')))
    .where(eq(p.tradeOrderId, o.id));
  const account =
    row?.accountNo != null
      ? { accountNo: row.accountNo, holderName: row.holderName ?? '', bankName: row.bankName ?? '' }
      : null;
  return { payType: o.payType, account, codePayload: row?.codePayload ?? null };
}
