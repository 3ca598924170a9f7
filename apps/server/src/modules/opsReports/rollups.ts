/**
 * The operations rollups kept by the finance reports' change feed (modules/reports/maintain.ts): each
 * says how its rows are computed from the raw records over a span of days (rollup-sql.ts) and which
 * local days the changes of a feed run touched, read by the writers' transaction ids (platform/xid.ts:
 * a row's `created_xid`, a transition's status_history `xid`), so nothing committed late is skipped.
 * A day is recomputed as a whole, so a retry never counts twice.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { RollupFeed } from '../reports/maintain.ts';
import type { DayRange, Mismatch } from '../reports/rebuild.ts';
import * as q from './rollup-sql.ts';

/** What changed in one feed run: the transaction-id window and the platform's zone. */
export interface Window {
  lo: string;
  hi: string;
  tz: string;
}

export const inWindow = (w: Window, col: SQL) => sql`${col} >= ${w.lo}::xid8 AND ${col} < ${w.hi}::xid8`;
const dayText = (w: Window, col: SQL | ReturnType<typeof sql.identifier>) =>
  sql`((${col}) AT TIME ZONE ${w.tz})::date::text`;

/** Days of the rows of `table` written in the window (by their `created_xid`), cut by `at`. */
export const written = (w: Window, table: string, at: string) =>
  sql`SELECT ${dayText(w, sql.identifier(at))} AS day FROM ${sql.identifier(table)}
      WHERE ${inWindow(w, sql`created_xid`)}`;

/** Days of the records of `table` whose transitions (resource `resource`) ran in the window. */
export const transitioned = (w: Window, resource: string, table: string, at: string) => sql`
  SELECT ${dayText(w, sql`r.${sql.identifier(at)}`)} AS day
  FROM status_history h JOIN ${sql.identifier(table)} r ON r.id = h.record_id::bigint
  WHERE ${inWindow(w, sql`h.xid`)} AND h.resource = ${resource}`;

const matchesChanged = (w: Window) =>
  sql`${written(w, 'matches', 'created_at')} UNION ${transitioned(w, 'findTransferMatchByPage', 'matches', 'created_at')}`;

const thirdPartiesChanged = (w: Window) =>
  sql`${written(w, 'routing_decisions', 'created_at')} UNION ${written(w, 'upstream_callbacks', 'at')}`;

/** A callback's attempts and resends change the day it was recorded on. */
const callbacksChanged = (w: Window) => sql`
  ${written(w, 'merchant_notifications', 'created_at')}
  UNION ${transitioned(w, 'mchNotify', 'merchant_notifications', 'created_at')}
  UNION SELECT ${dayText(w, sql`n.created_at`)} FROM merchant_notify_attempts a
    JOIN merchant_notifications n ON n.id = a.notification_id WHERE ${inWindow(w, sql`a.created_xid`)}`;

/**
 * A cohort changes with a first deposit of its day, and with any deposit's transition (a success, a
 * refund) on one of the 30 days after it: the cohorts of the 30 days before each changed deposit's day.
 */
const cohortsChanged = (w: Window) => sql`
  ${written(w, 'member_first_deposits', 'at')}
  UNION SELECT (d.day - k)::text FROM (${transitioned(w, 'orderDepositList', 'deposit_orders', 'created_at')}) c
    CROSS JOIN LATERAL (SELECT c.day::date AS day) d CROSS JOIN generate_series(0, 30) k`;

export interface OpsRollup {
  query: (span: q.DaySpan) => q.RollupQuery;
  changedDays: (w: Window) => SQL;
}

export const OPS_ROLLUPS: readonly OpsRollup[] = [
  { query: q.matchDays, changedDays: matchesChanged },
  { query: q.matchWaitDays, changedDays: (w) => written(w, 'matches', 'created_at') },
  { query: q.thirdPushDays, changedDays: thirdPartiesChanged },
  { query: q.thirdErrorDays, changedDays: thirdPartiesChanged },
  { query: q.matchSyncDays, changedDays: callbacksChanged },
  { query: q.levelDays, changedDays: (w) => written(w, 'member_level_changes', 'at') },
  { query: q.firstDepositCohorts, changedDays: cohortsChanged },
  { query: q.firstDepositChannels, changedDays: (w) => written(w, 'member_first_deposits', 'at') },
];

/** Sorted days as spans of consecutive days (one DELETE + INSERT per span). */
export function spansOf(days: readonly string[]): DayRange[] {
  const out: DayRange[] = [];
  const next = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  for (const day of [...new Set(days)].sort()) {
    const last = out.at(-1);
    if (last && next(last.to) === day) last.to = day;
    else out.push({ from: day, to: day });
  }
  return out;
}

/** A feed of rollups (its name, the mismatches' source): drains, rebuilds and compares each of them. */
export function feedOf(name: string, rollups: readonly OpsRollup[]): RollupFeed {
  return {
    name,
    async drain(tx, lo, hi, tz) {
      let groups = 0;
      for (const r of rollups) {
        const { rows } = await tx.execute<{ day: string }>(
          sql`SELECT DISTINCT day FROM (${r.changedDays({ lo, hi, tz })}) c`,
        );
        for (const span of spansOf(rows.map((x) => x.day))) {
          await q.recompute(tx, r.query({ zone: tz, ...span }));
          groups++;
        }
      }
      return groups;
    },
    async rebuild(tx, range, tz) {
      for (const r of rollups) await q.recompute(tx, r.query({ zone: tz, ...range }));
    },
    async compare(tx, range, tz) {
      const out: Mismatch[] = [];
      for (const r of rollups) {
        const query = r.query({ zone: tz, ...range });
        const { stale, missing } = await q.compareSpan(tx, query);
        if (stale || missing) out.push({ rollup: query.table, source: name, stale, missing });
      }
      return out;
    },
  };
}

export const opsFeed = feedOf('opsReports', OPS_ROLLUPS);
