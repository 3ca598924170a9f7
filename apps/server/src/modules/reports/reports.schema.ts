/**
 * The finance reports' rollups (issue 14): figures per local day (the platform's zone) and keys, kept
 * equal to the raw orders by the change feed (maintain.ts) and rebuilt by `npm run reports:rebuild`.
 * The report pages read only these tables. Every rollup is keyed by its `source` (the order table a
 * row came from), so one source's day is recomputed as a whole group: delete and insert, idempotent.
 *
 * Each index leads with the day: every report reads a range of days.
 */
import { AMOUNT_BANDS, PAY_TIME_BUCKETS } from '@payops/contracts';
import { date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { money } from '../../platform/ledger/columns.ts';
import { xid8 } from '../../platform/xid.ts';

const count = (name: string) => integer(name).notNull().default(0);
const sum = (name: string) => money(name).notNull().default('0');

/** Success orders per time-to-finish bucket (PAY_TIME_BUCKETS) and per amount band (AMOUNT_BANDS). */
function bucketColumns() {
  const out: Record<string, ReturnType<typeof count> | ReturnType<typeof sum>> = {};
  PAY_TIME_BUCKETS.forEach((_, i) => {
    out[`payTime${i}`] = count(`pay_time_${i}`);
  });
  AMOUNT_BANDS.forEach((_, i) => {
    out[`band${i}Count`] = count(`band_${i}_count`);
    out[`band${i}SuccessCount`] = count(`band_${i}_success_count`);
    out[`band${i}SuccessAmount`] = sum(`band_${i}_success_amount`);
  });
  return out;
}

/** Orders per day x merchant x passage x third party x pay type x family x direction. */
export const reportOrderDays = pgTable(
  'report_order_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    direction: text('direction').notNull(),
    /** normal, otc, zhotc, match (deposit/withdraw_orders' family) or usdt (the chain's orders). */
    family: text('family').notNull(),
    merchantId: integer('merchant_id').notNull(),
    /** 0: none (a matched or USDT order). */
    passageId: integer('passage_id').notNull(),
    thirdPartyId: integer('third_party_id').notNull(),
    payType: text('pay_type').notNull(),
    orderCount: count('order_count'),
    orderAmount: sum('order_amount'),
    successCount: count('success_count'),
    successAmount: sum('success_amount'),
    successFee: sum('success_fee'),
    /** What the providers charged for the success orders (the orders' channel_fee). */
    successChannelFee: sum('success_channel_fee'),
    failedCount: count('failed_count'),
    failedAmount: sum('failed_amount'),
    /** Seconds from creation to success, summed over the success orders (an average's numerator). */
    paySeconds: sum('pay_seconds'),
    ...bucketColumns(),
  },
  (t) => [
    primaryKey({
      name: 'report_order_days_pk',
      columns: [t.day, t.source, t.family, t.merchantId, t.passageId, t.thirdPartyId, t.payType],
    }),
    index('report_order_days_source_idx').on(t.source, t.day),
  ],
);

/** Orders per day x merchant x member x family x direction (the member report). */
export const reportMemberDays = pgTable(
  'report_member_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    direction: text('direction').notNull(),
    family: text('family').notNull(),
    merchantId: integer('merchant_id').notNull(),
    memberAccount: text('member_account').notNull(),
    orderCount: count('order_count'),
    orderAmount: sum('order_amount'),
    successCount: count('success_count'),
    successAmount: sum('success_amount'),
    successFee: sum('success_fee'),
  },
  (t) => [
    // Day, merchant, member first: the member report groups by them, read in this order.
    primaryKey({
      name: 'report_member_days_pk',
      columns: [t.day, t.merchantId, t.memberAccount, t.source, t.family],
    }),
    index('report_member_days_source_idx').on(t.source, t.day),
  ],
);

/** The change feed's watermark per feed: every change with a transaction id below it is rolled up. */
export const reportWatermarks = pgTable('report_watermarks', {
  name: text('name').primaryKey(),
  xid: xid8('xid').notNull(),
});
