/**
 * The operations rollups, each a table and how to recompute a span of its days (rollup-sql.ts), and
 * how far back a raw change reaches: a deposit's success changes the retention of the cohorts of the
 * 30 days before it.
 */
import type { Tx } from '../../platform/ledger/index.ts';
import * as q from './rollup-sql.ts';

export interface OpsRollup {
  table: string;
  recompute: (tx: Tx, span: q.DaySpan) => Promise<void>;
  /** Days before a changed record's day whose rows it can change too. */
  reachBack: number;
}

export const OPS_ROLLUPS: readonly OpsRollup[] = [
  { table: 'report_match_days', recompute: q.matchDays, reachBack: 0 },
  { table: 'report_match_wait_days', recompute: q.matchWaitDays, reachBack: 0 },
  { table: 'report_third_push_days', recompute: q.thirdPushDays, reachBack: 0 },
  { table: 'report_third_error_days', recompute: q.thirdErrorDays, reachBack: 0 },
  { table: 'report_match_sync_days', recompute: q.matchSyncDays, reachBack: 0 },
  { table: 'report_level_days', recompute: q.levelDays, reachBack: 0 },
  { table: 'report_first_deposit_cohorts', recompute: q.firstDepositCohorts, reachBack: 30 },
  { table: 'report_first_deposit_channels', recompute: q.firstDepositChannels, reachBack: 0 },
];

/** Recomputes every operations rollup over a span of days, each in its own transaction. */
export async function rebuildOpsRollups(
  db: { transaction: <T>(f: (tx: Tx) => Promise<T>) => Promise<T> },
  span: q.DaySpan,
) {
  for (const r of OPS_ROLLUPS) await db.transaction((tx) => r.recompute(tx, span));
}
