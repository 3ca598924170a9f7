/**
 * The coins of a trade order in the ledger (ref `trade_order:<orderNo>`), each in the caller's
 * transaction:
 * - `freeze` at the take: the seller's available -> frozen (refused as insufficient when it is short);
 * - `settle` at completion: the seller's frozen -amount, the buyer +(amount - fee), the platform's fee
 *   income +fee (the buyer paid the fiat off-platform, so nothing else moves);
 * - `release` at a cancel or timeout: the seller's frozen -> available.
 * Each event posts once per order (the ledger's unique business event).
 */
import type { Locale } from '@payops/contracts';
import { eq } from 'drizzle-orm';
import {
  dec,
  decString,
  isZero,
  LedgerError,
  type LegInput,
  ledgerAppError,
  platformAccount,
  postEntry,
  type Tx,
} from '../../platform/ledger/index.ts';
import { type TradeOrder, tradeOrders } from './trade.schema.ts';
import { coinAccount } from './traders.ts';

const sellerOf = (o: TradeOrder) => ({
  ownerType: o.sellerType,
  ownerId: o.sellerId,
  code: o.sellerCode,
  merchantId: o.sellerMerchantId,
});
const buyerOf = (o: TradeOrder) => ({
  ownerType: o.buyerType,
  ownerId: o.buyerId,
  code: o.buyerCode,
  merchantId: o.buyerMerchantId,
});

interface Posting {
  event: 'freeze' | 'settle' | 'release';
  legs: LegInput[];
  operatorId: number | null;
  at: Date;
  locale: Locale;
  /** The field a refusal names (the take's amount; the order's id for the ends). */
  field: string;
}

async function post(tx: Tx, o: TradeOrder, p: Posting): Promise<number> {
  try {
    const { entryId } = await postEntry(tx, {
      kind: 'trade',
      event: p.event,
      refType: 'trade_order',
      refId: o.orderNo,
      operatorId: p.operatorId,
      at: p.at,
      legs: p.legs,
    });
    return entryId;
  } catch (e) {
    if (e instanceof LedgerError) throw ledgerAppError(e, p.locale, p.field);
    throw e;
  }
}

type Who = { operatorId: number | null; locale: Locale };

export async function freezeSeller(tx: Tx, o: TradeOrder, who: Who, at: Date): Promise<number> {
  const seller = await coinAccount(tx, sellerOf(o), o.currency);
  const entryId = await post(tx, o, {
    event: 'freeze',
    legs: [{ accountId: seller.id, amount: `-${o.amount}`, frozenAmount: o.amount }],
    ...who,
    at,
    field: 'amount',
  });
  await tx.update(tradeOrders).set({ freezeEntryId: entryId }).where(eq(tradeOrders.id, o.id));
  return entryId;
}

export async function settleOrder(tx: Tx, o: TradeOrder, who: Who, at: Date): Promise<number> {
  const ref = `trade_order:${o.orderNo}`;
  const legs: LegInput[] = [
    { accountId: (await coinAccount(tx, sellerOf(o), o.currency)).id, frozenAmount: `-${o.amount}` },
    {
      accountId: (await coinAccount(tx, buyerOf(o), o.currency)).id,
      amount: decString(dec(o.amount).minus(dec(o.fee))),
    },
  ];
  if (!isZero(dec(o.fee)))
    legs.push({ accountId: (await platformAccount(tx, 'fees', o.currency, ref)).id, amount: o.fee });
  return post(tx, o, { event: 'settle', legs, ...who, at, field: 'id' });
}

export async function releaseSeller(tx: Tx, o: TradeOrder, who: Who, at: Date): Promise<number> {
  const seller = await coinAccount(tx, sellerOf(o), o.currency);
  return post(tx, o, {
    event: 'release',
    legs: [{ accountId: seller.id, amount: o.amount, frozenAmount: `-${o.amount}` }],
    ...who,
    at,
    field: 'id',
  });
}
