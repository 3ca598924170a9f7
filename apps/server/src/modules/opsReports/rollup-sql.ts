/**
 * How each operations rollup is computed from the raw records, for a span of whole local days
 * [from, to] (the platform's time zone): the span's rows are deleted and recomputed in the caller's
 * transaction, so a run is idempotent and a late or corrected record is counted on its own day.
 * The rebuild runs these over a range; the incremental upkeep over its dirty days.
 */
import { PAY_TIME_BUCKETS, RETENTION_DAYS } from '@payops/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/ledger/index.ts';

export interface DaySpan {
  zone: string;
  /** First and last local day, YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
}

/** The local day of an instant column. */
export const dayOf = (s: DaySpan, col: SQL) => sql`((${col}) AT TIME ZONE ${s.zone})::date`;
/** The instant a local day (a date expression) starts. */
const startOf = (s: DaySpan, d: SQL) => sql`((${d})::timestamp AT TIME ZONE ${s.zone})`;
/** `col` falls within the span's days. */
export const within = (s: DaySpan, col: SQL) =>
  sql`${col} >= ${startOf(s, sql`${s.from}::date`)} AND ${col} < ${startOf(s, sql`${s.to}::date + 1`)}`;
export const seconds = (later: SQL, earlier: SQL) =>
  sql`floor(extract(epoch from (${later}) - (${earlier})))`;

/** The bucket of a duration in seconds: PAY_TIME_BUCKETS (upper bounds, inclusive) as a CASE. */
export function bucketOf(secs: SQL): SQL {
  const arms = PAY_TIME_BUCKETS.flatMap((upper, i) =>
    upper === null ? [] : [sql`WHEN ${secs} <= ${sql.raw(String(upper))} THEN ${sql.raw(String(i))}`],
  );
  return sql`(CASE ${sql.join(arms, sql` `)} ELSE ${sql.raw(String(PAY_TIME_BUCKETS.length - 1))} END)`;
}

/** One rollup's rows over a span: its table, its columns, and their SELECT from the raw records. */
export interface RollupQuery {
  span: DaySpan;
  table: string;
  columns: string;
  select: SQL;
}

export const rollup = (span: DaySpan, table: string, columns: string, select: SQL): RollupQuery => ({
  span,
  table,
  columns,
  select,
});

const spanRows = (q: RollupQuery) =>
  sql`${sql.identifier(q.table)} WHERE day BETWEEN ${q.span.from}::date AND ${q.span.to}::date`;

/** Replaces the span's rows by their recompute, in the caller's transaction. */
export async function recompute(tx: Pick<Tx, 'execute'>, q: RollupQuery): Promise<void> {
  await tx.execute(sql`DELETE FROM ${spanRows(q)}`);
  await tx.execute(sql`INSERT INTO ${sql.identifier(q.table)} (${sql.raw(q.columns)}) ${q.select}`);
}

/** Rows kept but not recomputed (stale) and recomputed but not kept (missing), in the caller's snapshot. */
export async function compareSpan(tx: Pick<Tx, 'execute'>, q: RollupQuery) {
  const { rows } = await tx.execute<{ stale: number; missing: number }>(sql`
    WITH fresh AS (${q.select}), kept AS (SELECT ${sql.raw(q.columns)} FROM ${spanRows(q)})
    SELECT (SELECT count(*) FROM (SELECT * FROM kept EXCEPT ALL SELECT * FROM fresh) a)::int AS stale,
           (SELECT count(*) FROM (SELECT * FROM fresh EXCEPT ALL SELECT * FROM kept) b)::int AS missing`);
  return rows[0]!;
}

const OPEN_MATCH = sql.raw(
  `('proposed', 'matched', 'payer_paid', 'disputed', 'manual_success_pending', 'manual_fail_pending')`,
);

export const matchDays = (s: DaySpan): RollupQuery =>
  rollup(
    s,
    'report_match_days',
    'day, deposit_merchant_id, withdraw_merchant_id, matches, amount, confirmed, confirmed_amount, confirmed_fee, failed, failed_amount, open, confirm_seconds',
    sql`
    SELECT ${dayOf(s, sql`created_at`)}, deposit_merchant_id, withdraw_merchant_id, count(*), sum(amount),
      count(*) FILTER (WHERE status = 'confirmed'),
      coalesce(sum(amount) FILTER (WHERE status = 'confirmed'), 0),
      coalesce(sum(deposit_fee) FILTER (WHERE status = 'confirmed'), 0),
      count(*) FILTER (WHERE status IN ('timeout', 'cancelled')),
      coalesce(sum(amount) FILTER (WHERE status IN ('timeout', 'cancelled')), 0),
      count(*) FILTER (WHERE status IN ${OPEN_MATCH}),
      coalesce(sum(${seconds(sql`confirmed_at`, sql`created_at`)}) FILTER (WHERE status = 'confirmed'), 0)
    FROM matches WHERE ${within(s, sql`created_at`)}
    GROUP BY 1, 2, 3`,
  );

export const matchWaitDays = (s: DaySpan): RollupQuery => {
  const wait = seconds(sql`m.created_at`, sql`p.entered_at`);
  return rollup(
    s,
    'report_match_wait_days',
    'day, merchant_id, bucket, pieces, amount, wait_seconds',
    sql`
    SELECT ${dayOf(s, sql`m.created_at`)}, m.withdraw_merchant_id, ${bucketOf(wait)}, count(*), sum(m.amount),
      sum(${wait})
    FROM matches m JOIN match_pool p ON p.id = m.pool_id
    WHERE ${within(s, sql`m.created_at`)}
    GROUP BY 1, 2, 3`,
  );
};

/** Every passage a routing decision actually sent the order to (chosen, or it answered an error). */
const pushesSql = (s: DaySpan) => sql`
  SELECT ${dayOf(s, sql`rd.created_at`)} AS day, p.third_party_id, p.id AS passage_id, rd.direction, c->>'verdict' AS verdict,
    left(coalesce(c->>'detail', ''), 200) AS detail
  FROM routing_decisions rd
  CROSS JOIN LATERAL jsonb_array_elements(rd.candidates) c
  JOIN passages p ON p.id = (c->>'passageId')::int
  WHERE ${within(s, sql`rd.created_at`)} AND c->>'verdict' IN ('chosen', 'upstream_error')`;

const callbacksSql = (s: DaySpan) => sql`
  SELECT ${dayOf(s, sql`uc.at`)} AS day, tp.id AS third_party_id, 0 AS passage_id, tp.direction, uc.result,
    left(coalesce(uc.reason, ''), 200) AS reason
  FROM upstream_callbacks uc JOIN third_parties tp ON tp.code = uc.third_party_code
  WHERE ${within(s, sql`uc.at`)}`;

export const thirdPushDays = (s: DaySpan): RollupQuery =>
  rollup(
    s,
    'report_third_push_days',
    'day, third_party_id, passage_id, direction, pushes, push_errors, callbacks, callbacks_refused',
    sql`
    SELECT day, third_party_id, passage_id, direction, sum(pushes), sum(push_errors), sum(callbacks),
      sum(callbacks_refused)
    FROM (
      SELECT day, third_party_id, passage_id, direction, count(*) AS pushes,
        count(*) FILTER (WHERE verdict = 'upstream_error') AS push_errors, 0 AS callbacks, 0 AS callbacks_refused
      FROM (${pushesSql(s)}) x GROUP BY 1, 2, 3, 4
      UNION ALL
      SELECT day, third_party_id, passage_id, direction, 0, 0, count(*), count(*) FILTER (WHERE result = 'refused')
      FROM (${callbacksSql(s)}) y GROUP BY 1, 2, 3, 4
    ) u
    GROUP BY 1, 2, 3, 4`,
  );

export const thirdErrorDays = (s: DaySpan): RollupQuery =>
  rollup(
    s,
    'report_third_error_days',
    'day, third_party_id, passage_id, source, error, errors',
    sql`
    SELECT day, third_party_id, passage_id, source, error, count(*) FROM (
      SELECT day, third_party_id, passage_id, 'placement' AS source, detail AS error FROM (${pushesSql(s)}) x
      WHERE verdict = 'upstream_error'
      UNION ALL
      SELECT day, third_party_id, passage_id, 'callback', reason FROM (${callbacksSql(s)}) y WHERE result = 'refused'
    ) u
    GROUP BY 1, 2, 3, 4, 5`,
  );

export const matchSyncDays = (s: DaySpan): RollupQuery =>
  rollup(
    s,
    'report_match_sync_days',
    'day, merchant_id, family, callbacks, delivered, failed, pending, attempts, amount, delivered_amount',
    sql`
    SELECT ${dayOf(s, sql`n.created_at`)}, n.merchant_id, n.family, count(*),
      count(*) FILTER (WHERE n.status = 'delivered'), count(*) FILTER (WHERE n.status = 'failed'),
      count(*) FILTER (WHERE n.status = 'pending'), sum(n.attempts), sum(n.amount),
      coalesce(sum(n.amount) FILTER (WHERE n.status = 'delivered'), 0)
    FROM merchant_notifications n
    WHERE ${within(s, sql`n.created_at`)} AND n.order_family = 'match'
    GROUP BY 1, 2, 3`,
  );

export const levelDays = (s: DaySpan): RollupQuery =>
  rollup(
    s,
    'report_level_days',
    'day, merchant_id, from_level, to_level, promoted, demoted',
    sql`
    SELECT ${dayOf(s, sql`at`)}, merchant_id, from_level, to_level,
      count(*) FILTER (WHERE to_level > from_level), count(*) FILTER (WHERE to_level < from_level)
    FROM member_level_changes WHERE ${within(s, sql`at`)}
    GROUP BY 1, 2, 3, 4`,
  );

/**
 * A cohort: the members whose first deposit (member_first_deposits) fell on the day, with the day of
 * their next successful deposit created on one of the 30 days after it (none: null).
 */
export const firstDepositCohorts = (s: DaySpan): RollupQuery => {
  const back = RETENTION_DAYS.map((n) => sql`count(*) FILTER (WHERE back - day <= ${sql.raw(String(n))})`);
  return rollup(
    s,
    'report_first_deposit_cohorts',
    'day, merchant_id, level, members, amount, back1, back3, back7, back15, back30',
    sql`
    SELECT day, merchant_id, level, count(*), sum(amount), ${sql.join(back, sql`, `)}
    FROM (
      SELECT c.*, (SELECT ${dayOf(s, sql`min(d.created_at)`)} FROM deposit_orders d
          WHERE d.merchant_id = c.merchant_id AND d.member_account = c.member_account AND d.status = 'success'
            AND d.created_at >= ${startOf(s, sql`c.day + 1`)} AND d.created_at < ${startOf(s, sql`c.day + 31`)}) AS back
      FROM (
        SELECT ${dayOf(s, sql`f.at`)} AS day, f.merchant_id, f.member_account, f.level, f.amount
        FROM member_first_deposits f WHERE ${within(s, sql`f.at`)}
      ) c
    ) x
    GROUP BY 1, 2, 3`,
  );
};

export const firstDepositChannels = (s: DaySpan): RollupQuery =>
  rollup(
    s,
    'report_first_deposit_channels',
    'day, merchant_id, passage_id, pay_type, first_deposits, amount',
    sql`
    SELECT ${dayOf(s, sql`at`)}, merchant_id, coalesce(passage_id, 0), pay_type, count(*), sum(amount)
    FROM member_first_deposits WHERE ${within(s, sql`at`)}
    GROUP BY 1, 2, 3, 4`,
  );
