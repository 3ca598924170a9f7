/**
 * The coins of a trade order in the ledger (ref `trade_order:<orderNo>`), each in the caller's
 * transaction:
 * - `freeze` at the take: the seller's amount and own fee, available -> frozen (refused as insufficient
 *   when it is short);
 * - `settle` at completion: the seller's frozen -(amount + seller fee), the buyer +(amount - fee), the
 *   platform's fee income +(fee + seller fee) (the buyer paid the fiat off-platform, so nothing else
 *   moves);
 * - `release` at a cancel or timeout: the seller's frozen -> available, fee included.
 * Each event posts once per order (the ledger's unique business event).
 */
import type { Locale } from '@payops/contracts';
import {
  dec,
  decString,
  ensureAccounts,
  isZero,
  LedgerError,
  type LegInput,
  ledgerAppError,
  platformOwner,
  postEntry,
  type Tx,
} from '../../platform/ledger/index.ts';
import type { TradeOrder } from './trade.schema.ts';
import { coinAccount, ownerOf } from './traders.ts';

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
  /** The entry's id, drawn by the statement that keeps it on the order (freeze_entry_id, end_entry_id). */
  entryId?: number | null;
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
      ...(p.entryId ? { id: p.entryId } : {}),
    });
    return entryId;
  } catch (e) {
    if (e instanceof LedgerError) throw ledgerAppError(e, p.locale, p.field);
    throw e;
  }
}

type Who = { operatorId: number | null; locale: Locale };

/** What the take holds of the seller's coins: the amount and the seller's own fee. */
const heldOf = (o: TradeOrder) => decString(dec(o.amount).plus(dec(o.sellerFee)));

/**
 * The seller's coins frozen under the entry id the take's INSERT drew and kept on the order
 * (freeze_entry_id): the order row is written once.
 */
export async function freezeSeller(tx: Tx, o: TradeOrder, who: Who, at: Date): Promise<number> {
  const seller = await coinAccount(tx, sellerOf(o), o.currency);
  return post(tx, o, {
    event: 'freeze',
    legs: [{ accountId: seller.id, amount: `-${heldOf(o)}`, frozenAmount: heldOf(o) }],
    ...who,
    at,
    field: 'amount',
    entryId: o.freezeEntryId,
  });
}

/** `entryId`: drawn by the transition's guarded UPDATE, which kept it on the order (end_entry_id). */
export async function settleOrder(
  tx: Tx,
  o: TradeOrder,
  who: Who,
  at: Date,
  entryId?: number | null,
): Promise<number> {
  const ref = `trade_order:${o.orderNo}`;
  const income = dec(o.fee).plus(dec(o.sellerFee));
  const fee = !isZero(income);
  // The parties' and the fee shard's accounts in one statement.
  const [seller, buyer, fees] = await ensureAccounts(tx, [
    ownerOf(sellerOf(o), o.currency),
    ownerOf(buyerOf(o), o.currency),
    ...(fee ? [platformOwner('fees', o.currency, ref)] : []),
  ]);
  const legs: LegInput[] = [
    { accountId: seller!.id, frozenAmount: `-${heldOf(o)}` },
    { accountId: buyer!.id, amount: decString(dec(o.amount).minus(dec(o.fee))) },
  ];
  if (fees) legs.push({ accountId: fees.id, amount: decString(income) });
  return post(tx, o, { event: 'settle', legs, ...who, at, field: 'id', entryId });
}

export async function releaseSeller(
  tx: Tx,
  o: TradeOrder,
  who: Who,
  at: Date,
  entryId?: number | null,
): Promise<number> {
  const seller = await coinAccount(tx, sellerOf(o), o.currency);
  return post(tx, o, {
    event: 'release',
    legs: [{ accountId: seller.id, amount: heldOf(o), frozenAmount: `-${heldOf(o)}` }],
    ...who,
    at,
    field: 'id',
    entryId,
  });
}
