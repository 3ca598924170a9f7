/**
 * The trade reports' rollups (issue 15, /tradeManage): per local day (the platform's zone) and keys,
 * each a pure function of the raw trade ads and orders of its day, kept by the finance reports' change
 * feed (rollups.ts) and checked by `npm run reports:rebuild --verify`. An order counts on the day it
 * was taken (its creation), an ad on the day it was posted.
 */
import { PAY_TIME_BUCKETS } from '@payops/contracts';
import { bigint, date, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { money } from '../../platform/ledger/columns.ts';

const day = () => date('day', { mode: 'string' }).notNull();
const count = (name: string) => integer(name).notNull().default(0);
const amount = (name: string) => money(name).notNull().default('0');
const seconds = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** Orders per time-to-pay and per time-to-confirm bucket (PAY_TIME_BUCKETS, seconds). */
function timeBuckets() {
  const out: Record<string, ReturnType<typeof count>> = {};
  PAY_TIME_BUCKETS.forEach((_, i) => {
    out[`pay${i}`] = count(`pay_${i}`);
    out[`confirm${i}`] = count(`confirm_${i}`);
  });
  return out;
}

/**
 * One trader's side of the market per day: as the advertiser (role `ad`: the ads posted and the
 * orders taken from them) or as the taker (role `user`), per the ad's side and the trader's merchant
 * (0: none). Each order has two rows, one per role.
 */
export const reportTradePartyDays = pgTable(
  'report_trade_party_days',
  {
    day: day(),
    role: text('role', { enum: ['ad', 'user'] }).notNull(),
    side: text('side').notNull(),
    traderType: text('trader_type').notNull(),
    trader: text('trader').notNull(),
    merchantId: integer('merchant_id').notNull(),
    ads: count('ads'),
    adAmount: amount('ad_amount'),
    orders: count('orders'),
    amount: amount('amount'),
    completed: count('completed'),
    completedAmount: amount('completed_amount'),
    /** The completed orders' fees: the pool's (off the buyer's coins) and the seller's own (on top). */
    fees: amount('fees'),
    sellerFees: amount('seller_fees'),
    cancelled: count('cancelled'),
    timeouts: count('timeouts'),
    /** Orders that were disputed at some point (opened by a party or escalated), resolved or not. */
    disputes: count('disputes'),
    /** Paid orders and the seconds from the take to the payment, summed. */
    paid: count('paid'),
    paySeconds: seconds('pay_seconds'),
    /** Completed orders that were paid, and the seconds from the payment to the completion. */
    confirmed: count('confirmed'),
    confirmSeconds: seconds('confirm_seconds'),
    ...timeBuckets(),
  },
  (t) => [
    uniqueIndex('report_trade_party_days_key').on(
      t.day,
      t.role,
      t.side,
      t.traderType,
      t.trader,
      t.merchantId,
    ),
  ],
);

/** Orders between an advertiser and a counterparty per day (the counterparty statistics). */
export const reportTradePairDays = pgTable(
  'report_trade_pair_days',
  {
    day: day(),
    side: text('side').notNull(),
    advertiser: text('advertiser').notNull(),
    adMerchantId: integer('ad_merchant_id').notNull(),
    counterparty: text('counterparty').notNull(),
    counterpartyMerchantId: integer('counterparty_merchant_id').notNull(),
    orders: count('orders'),
    amount: amount('amount'),
    completed: count('completed'),
    completedAmount: amount('completed_amount'),
    disputes: count('disputes'),
  },
  (t) => [
    uniqueIndex('report_trade_pair_days_key').on(
      t.day,
      t.side,
      t.advertiser,
      t.adMerchantId,
      t.counterparty,
      t.counterpartyMerchantId,
    ),
  ],
);

/**
 * The trade records a merchant's synchronisation carries per day: the orders one of its traders took
 * part in, once per merchant (`via`: its trader was the buyer, the seller, or both), by final state.
 */
export const reportTradeSyncDays = pgTable(
  'report_trade_sync_days',
  {
    day: day(),
    merchantId: integer('merchant_id').notNull(),
    via: text('via', { enum: ['buyer', 'seller', 'both'] }).notNull(),
    orders: count('orders'),
    amount: amount('amount'),
    /** In a final state (completed, cancelled, timed out): a record a sync would carry as final. */
    final: count('final'),
    completed: count('completed'),
    completedAmount: amount('completed_amount'),
    cancelled: count('cancelled'),
    timeouts: count('timeouts'),
    /** Still open: matched, paid or disputed. */
    open: count('open'),
  },
  (t) => [uniqueIndex('report_trade_sync_days_key').on(t.day, t.merchantId, t.via)],
);
