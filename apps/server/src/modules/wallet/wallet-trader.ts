/**
 * Wallet members as traders of the market (traders.ts asks a resolver per owner type): their account
 * is the code shown, no merchant, their status decides whether they may trade. Wallet trades then run
 * through the market's services, and every take a wallet member is party to obeys the wallet's own
 * types (registerPartyCheck, in the take's transaction):
 * - as the buyer the member pays the fiat: the pay type must be on in payTypePage;
 * - as the seller the member is paid it, cashing coins out: the pay type must be on in withdrawTypePage.
 * The order's fiat must be within the type's single limits, and with the member's other orders of the
 * platform day in that role and pay type (cancelled and timed-out ones aside), within its daily limit.
 * A seller pays the withdraw type's fee rate on the coins sold (the order's seller fee, trade-ledger.ts),
 * must still be payable by the pay type (an enabled account or a code on), and the take fixes where
 * its buyer is told to pay (wallet-payee.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import { platformDayStartSql } from '../../platform/clock.ts';
import { fieldError, fillText } from '../../platform/errors.ts';
import { dec, type Executor } from '../../platform/ledger/index.ts';
import {
  coinFee,
  conflict,
  registerPartyCheck,
  registerTraderResolver,
  shown,
  type TakeTerms,
  tradeOrders,
} from '../trade/index.ts';
import { walletMembers } from './wallet.schema.ts';
import { walletPayTypes, walletWithdrawTypes } from './wallet-config.schema.ts';
import { walletOrderPayees } from './wallet-payee.schema.ts';
import { currentPayee } from './wallet-payee.ts';

registerTraderResolver('wallet_member', async (db, ownerId) => {
  const [m] = await db.select().from(walletMembers).where(eq(walletMembers.id, ownerId));
  if (!m) return undefined;
  return {
    ownerType: 'wallet_member',
    ownerId: m.id,
    code: m.account,
    merchantId: null,
    status: m.status,
    realName: m.realName,
    phone: m.phone,
    idNumber: m.idNumber,
  };
});

/** A pay type switched off (or absent) in payTypePage (the buyer's) or withdrawTypePage (the seller's). */
export const TYPE_OFF = {
  buyer: { 'zh-CN': '钱包未开放该付款方式', 'en-US': 'is not open for wallet payments' },
  seller: { 'zh-CN': '钱包未开放该提现方式', 'en-US': 'is not open for wallet withdrawals' },
} as const;

const text = {
  range: { 'zh-CN': '单笔须在{min}到{max}元之间', 'en-US': 'must be from {min} to {max} CNY per order' },
  busy: {
    'zh-CN': '该会员同一方式的另一笔订单正在下单，请稍后重试',
    'en-US': "another order of this member's by this pay type is being taken: try again",
  },
  unpayable: {
    'zh-CN': '卖方已没有该方式的收款账户或收款码',
    'en-US': 'the seller can no longer be paid by this pay type (no pay account or payment code on)',
  },
  daily: {
    'zh-CN': '超过该方式的每日限额{limit}元（今日已用{used}元）',
    'en-US': 'is over the daily limit of {limit} CNY for this pay type ({used} CNY used today)',
  },
} as const;

/** The fiat of the member's orders of the platform day in this role and pay type, still live or done. */
async function usedToday(db: Executor, memberId: number, t: TakeTerms): Promise<string> {
  const o = tradeOrders;
  const [type, id] = t.role === 'buyer' ? [o.buyerType, o.buyerId] : [o.sellerType, o.sellerId];
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${o.fiatAmount}), 0)::text` })
    .from(o)
    .where(
      and(
        eq(type, 'wallet_member'),
        eq(id, memberId),
        eq(o.payType, t.payType as never),
        sql`${o.status} NOT IN ('cancelled', 'timeout')`,
        sql`${o.createdAt} >= ${platformDayStartSql(t.at.toISOString(), t.timeZone)}`,
      ),
    );
  return row?.used ?? '0';
}

registerPartyCheck('wallet_member', async (db, party, terms, locale) => {
  const table = terms.role === 'buyer' ? walletPayTypes : walletWithdrawTypes;
  const [type] = await db
    .select()
    .from(table)
    .where(and(eq(table.payType, terms.payType as never), eq(table.status, 'on')));
  if (!type) throw fieldError('payType', TYPE_OFF[terms.role][locale]);
  const fiat = dec(terms.fiatAmount);
  if (fiat.lt(dec(type.singleMin)) || fiat.gt(dec(type.singleMax)))
    throw fieldError(
      'amount',
      fillText(text.range[locale], { min: shown(type.singleMin), max: shown(type.singleMax) }),
    );
  // One take at a time per member, role and pay type (held to the take's commit), so two at once cannot
  // both fit in what the day has left. Tried, not awaited: a take may already hold its ad's row (a
  // push), and waiting here could deadlock with a take holding this lock and waiting for that row.
  const key = `wallet-day:${party.ownerId}:${terms.role}:${terms.payType}`;
  const { rows } = await db.execute<{ locked: boolean }>(
    sql`SELECT pg_try_advisory_xact_lock(hashtext(${key})) AS locked`,
  );
  if (!rows[0]?.locked) throw conflict('payType', text.busy[locale]);
  const used = await usedToday(db, party.ownerId, terms);
  if (dec(used).plus(fiat).gt(dec(type.dailyLimit)))
    throw fieldError(
      'amount',
      fillText(text.daily[locale], { limit: shown(type.dailyLimit), used: shown(used) }),
    );
  if (terms.role === 'buyer' || !('feeRate' in type)) return undefined;
  const payee = await currentPayee(db, party.ownerId, terms.payType);
  if (!payee) throw fieldError('payType', text.unpayable[locale]);
  return {
    // The member cashing coins out pays the withdraw type's rate on them, cut to 8 decimals.
    sellerFee: coinFee(terms.amount, type.feeRate),
    recordTake: async (tx, orderId) => {
      await tx.insert(walletOrderPayees).values({
        tradeOrderId: orderId,
        walletMemberId: party.ownerId,
        payType: type.payType,
        ...payee,
        createdAt: terms.at,
      });
    },
  };
});
