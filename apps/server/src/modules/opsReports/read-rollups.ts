/**
 * The operations reports' read rollups (what a report definition's `rollup` names, contracts
 * resources/opsReports): each stored rollup's keys and measures, with the merchant number joined where
 * a drill-down filters a list by it, and the time-to-pay distribution as rows of the finance
 * platform's order rollup (its payTime columns, one row per bucket).
 */
import { PAY_TIME_BUCKETS } from '@payops/contracts';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { reportOrderDays } from '../reports/reports.schema.ts';
import { addReadRollup, type ReadRollup } from '../reports/rollups.ts';
import {
  reportFirstDepositChannels,
  reportFirstDepositCohorts,
  reportLevelDays,
  reportMatchDays,
  reportMatchSyncDays,
  reportMatchWaitDays,
  reportThirdErrorDays,
  reportThirdPushDays,
} from './ops-reports.schema.ts';

/**
 * A stored rollup read as it is (alias r): `keys` its key columns (an expression to read one
 * differently: a number as text for an enum or a level), every other column a measure.
 */
export function stored(
  name: string,
  table: PgTable,
  keys: readonly string[],
  as: Record<string, SQL> = {},
  join: SQL = sql``,
): ReadRollup {
  const out: ReadRollup = { name, from: sql`${table} r ${join}`, keys: { ...as }, measures: {} };
  for (const [field, column] of Object.entries(getTableColumns(table))) {
    const expr = sql`r.${sql.identifier(column.name)}`;
    if (keys.includes(field)) out.keys[field] ??= expr;
    else if (!(field in as)) out.measures[field] = expr;
  }
  return out;
}

const withMchNo = sql`JOIN merchants m ON m.id = r.merchant_id`;
const mchNo = { mchNo: sql`m.mch_no` };

/** The order rollup's success deposits per time-to-finish bucket, as rows (bucket '0'..). */
function payTimeRead(): ReadRollup {
  const values = sql.join(
    PAY_TIME_BUCKETS.map((_, i) => sql`(${String(i)}::text, r.${sql.identifier(`pay_time_${i}`)})`),
    sql`, `,
  );
  const order = stored('pay_time', reportOrderDays, [
    'day',
    'source',
    'direction',
    'family',
    'merchantId',
    'passageId',
    'thirdPartyId',
    'payType',
  ]);
  return {
    name: 'pay_time',
    from: sql`${reportOrderDays} r CROSS JOIN LATERAL (VALUES ${values}) AS b(bucket, orders)`,
    keys: { ...order.keys, bucket: sql`b.bucket` },
    measures: { orders: sql`b.orders` },
    // The buckets split every success (the last is open-ended): over all of them, the success count.
    totals: { ...order, measures: { orders: order.measures.successCount! } },
  };
}

export const OPS_READ_ROLLUPS: readonly ReadRollup[] = [
  stored('match_day', reportMatchDays, ['day', 'depositMerchantId', 'withdrawMerchantId']),
  stored('match_wait', reportMatchWaitDays, ['day', 'merchantId', 'bucket'], {
    withdrawMerchantId: sql`r.merchant_id`,
    bucket: sql`r.bucket::text`,
  }),
  stored('third_push', reportThirdPushDays, ['day', 'thirdPartyId', 'passageId', 'direction']),
  stored('third_error', reportThirdErrorDays, ['day', 'thirdPartyId', 'passageId', 'source', 'error']),
  stored('match_sync', reportMatchSyncDays, ['day', 'merchantId', 'family'], mchNo, withMchNo),
  stored(
    'level_day',
    reportLevelDays,
    ['day', 'merchantId', 'fromLevel', 'toLevel'],
    { ...mchNo, fromLevel: sql`r.from_level::text`, toLevel: sql`r.to_level::text` },
    withMchNo,
  ),
  stored('first_deposit_cohort', reportFirstDepositCohorts, ['day', 'merchantId', 'level'], {
    level: sql`r.level::text`,
  }),
  stored('first_deposit_channel', reportFirstDepositChannels, ['day', 'merchantId', 'passageId', 'payType']),
  payTimeRead(),
];

for (const r of OPS_READ_ROLLUPS) addReadRollup(r);
