/**
 * The raw order tables the rollups are computed from, and what each row of them means for a report:
 * its direction and family, which states count as success and as failure, and which resource's
 * status-history rows are its transitions (the change feed reads them, maintain.ts).
 */
import {
  DEPOSIT_FINAL_STATES,
  USDT_DEPOSIT_FINAL_STATES,
  USDT_WITHDRAW_FINAL_STATES,
  WITHDRAW_FINAL_STATES,
} from '@payops/contracts';
import { type SQL, sql } from 'drizzle-orm';

export interface OrderSource {
  name: 'deposit' | 'withdraw' | 'usdt_deposit' | 'usdt_withdraw';
  /** The order table (an identifier). */
  table: SQL;
  direction: 'deposit' | 'withdraw';
  /** The transitions' resource in status_history (a view's transitions are its base's). */
  history: string;
  /** Expressions over the order row `o`. */
  family: SQL;
  payType: SQL;
  /** Final states other than success: failed, timed out, cancelled, rejected, refunded. */
  failed: readonly string[];
}

const notSuccess = (finals: readonly string[]) => finals.filter((s) => s !== 'success');

export const ORDER_SOURCES: readonly OrderSource[] = [
  {
    name: 'deposit',
    table: sql`${sql.identifier('deposit_orders')}`,
    direction: 'deposit',
    history: 'orderDepositList',
    family: sql`o.family`,
    payType: sql`o.pay_type`,
    failed: notSuccess(DEPOSIT_FINAL_STATES),
  },
  {
    name: 'withdraw',
    table: sql`${sql.identifier('withdraw_orders')}`,
    direction: 'withdraw',
    history: 'orderTransferList',
    family: sql`o.family`,
    payType: sql`o.pay_type`,
    failed: notSuccess(WITHDRAW_FINAL_STATES),
  },
  {
    name: 'usdt_deposit',
    table: sql`${sql.identifier('usdt_deposit_orders')}`,
    direction: 'deposit',
    history: 'orderDepositListUSDT',
    family: sql`'usdt'`,
    payType: sql`'usdt'`,
    failed: notSuccess(USDT_DEPOSIT_FINAL_STATES),
  },
  {
    name: 'usdt_withdraw',
    table: sql`${sql.identifier('usdt_withdraw_orders')}`,
    direction: 'withdraw',
    history: 'orderTransferListUSDT',
    family: sql`'usdt'`,
    payType: sql`'usdt'`,
    failed: notSuccess(USDT_WITHDRAW_FINAL_STATES),
  },
];

/** `o.status IN (...)` over constant states. */
export const statusIn = (states: readonly string[]) =>
  sql.raw(`o.status IN (${states.map((s) => `'${s}'`).join(', ')})`);

/**
 * The orders of the days in `days` (a set-returning expression of dates, aliased d(day)), each day cut
 * at local midnight in `tz`: one range of the created_at index per day.
 */
export const ordersOfDays = (source: OrderSource, days: SQL, tz: string) => sql`
  ${days} AS d(day)
  JOIN ${source.table} o
    ON o.created_at >= (d.day::timestamp AT TIME ZONE ${tz})
   AND o.created_at < ((d.day + 1)::timestamp AT TIME ZONE ${tz})`;
