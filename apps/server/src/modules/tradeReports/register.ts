/**
 * Joins the trade reports' rollups to the finance reports' machinery when loaded (the app, the
 * reports:rebuild CLI): their feed (the days of the trade ads and orders written or transitioned in a
 * run, by the writers' transaction ids) and the read rollups the report definitions name.
 */
import { type SQL, sql } from 'drizzle-orm';
import { stored as storedRead } from '../opsReports/read-rollups.ts';
import { feedOf, type OpsRollup, transitioned, type Window, written } from '../opsReports/rollups.ts';
import { addRollupFeed } from '../reports/maintain.ts';
import { addReadRollup, type ReadRollup } from '../reports/rollups.ts';
import { tradePairDays, tradePartyDays, tradeSyncDays } from './rollup-sql.ts';
import { reportTradePairDays, reportTradePartyDays, reportTradeSyncDays } from './trade-reports.schema.ts';

/** An order's day changes with its take and each of its transitions. */
const ordersChanged = (w: Window): SQL =>
  sql`${written(w, 'trade_orders', 'created_at')} UNION ${transitioned(w, 'tradeOrderList', 'trade_orders', 'created_at')}`;

const TRADE_ROLLUPS: readonly OpsRollup[] = [
  {
    query: tradePartyDays,
    changedDays: (w) => sql`${ordersChanged(w)} UNION ${written(w, 'trade_ads', 'created_at')}`,
  },
  { query: tradePairDays, changedDays: ordersChanged },
  { query: tradeSyncDays, changedDays: ordersChanged },
];

addRollupFeed(feedOf('tradeReports', TRADE_ROLLUPS));

const READS: readonly ReadRollup[] = [
  storedRead('trade_party', reportTradePartyDays, [
    'day',
    'role',
    'side',
    'traderType',
    'trader',
    'merchantId',
  ]),
  storedRead('trade_pair', reportTradePairDays, [
    'day',
    'side',
    'advertiser',
    'adMerchantId',
    'counterparty',
    'counterpartyMerchantId',
  ]),
  storedRead('trade_sync', reportTradeSyncDays, ['day', 'merchantId', 'via']),
];
for (const r of READS) addReadRollup(r);
