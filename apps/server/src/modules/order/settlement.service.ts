/**
 * Merchant settlement statements from the ledger, in one set-based statement: the postings of the
 * merchant accounts in a range of business days (platform time zone) are grouped by account and day,
 * each kind into its column, with the fee legs of the same journal entry (the platform's fee shards)
 * splitting deposits and withdrawals into gross and fee:
 *
 *   kind            column (the posting's effect e = amount + frozen amount on the merchant account)
 *   deposit         depositsGross += e + fee, depositFees += fee     (the merchant gets gross - fee)
 *   refund          refunds += -e
 *   withdraw        withdrawals += -e - fee, withdrawalFees += fee   (settled from frozen)
 *   adjust_credit   adjustCredit += e;  adjust_debit: adjustDebit += -e
 *   anything else   other += e (freeze/unfreeze move available <-> frozen: e = 0; reversals, ...)
 *
 * so nothing is dropped. Opening = the balances after the account's last posting before the day's
 * first; closing = opening + the day's sums; `ledger*` = the balances after the day's last posting. A
 * closing that differs from the ledger is flagged `mismatch`, never corrected. Settled rows are never
 * rewritten (the upsert's WHERE), and the ledger refuses postings dated inside settled days
 * (ledger_accounts.settled_until), so a settled statement stays equal to the ledger.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { contraOwnerIds, type Executor } from '../../platform/ledger/index.ts';

export interface DayRange {
  /** First and last business day, inclusive (YYYY-MM-DD). */
  from: string;
  to: string;
  /** Only this account's statements (a row's recompute). */
  accountId?: number;
}

/** The statement columns computed for a range (SELECT ... of account and day). */
function statementsQuery(ctx: AppContext, range: DayRange, now: Date) {
  const tz = ctx.config.timeZone;
  const account = range.accountId === undefined ? sql`` : sql`AND lp.account_id = ${range.accountId}`;
  const e = sql`(p.amount + p.frozen_amount)`;
  const fee = sql`coalesce(f.fee, 0)`;
  const known = sql`('deposit', 'refund', 'withdraw', 'adjust_credit', 'adjust_debit')`;
  return sql`
    WITH days AS (
      SELECT d::date AS day, d AT TIME ZONE ${tz} AS from_at, (d + interval '1 day') AT TIME ZONE ${tz} AS to_at
        FROM generate_series(${range.from}::timestamp, ${range.to}::timestamp, interval '1 day') AS d
    ), p AS (
      -- One range on created_at (its index) per day; the merchant accounts' postings only.
      SELECT days.day, days.to_at, lp.id, lp.entry_id, lp.account_id, lp.kind, lp.amount, lp.frozen_amount
        FROM days
        JOIN ledger_postings lp ON lp.created_at >= days.from_at AND lp.created_at < days.to_at
       WHERE lp.owner_type = 'merchant' ${account}
    ), f AS (
      -- The fee legs of the same entries (the platform's fee shards).
      SELECT fl.entry_id, sum(fl.amount) AS fee
        FROM ledger_postings fl
       WHERE fl.entry_id IN (SELECT entry_id FROM p WHERE kind IN ('deposit', 'withdraw'))
         AND fl.owner_type = 'platform'
         AND fl.owner_id = ANY(${sql.param(contraOwnerIds('fees'))}::bigint[])
       GROUP BY fl.entry_id
    ), g AS (
      SELECT p.account_id, p.day, max(p.to_at) > ${now.toISOString()}::timestamptz AS provisional,
             min(p.id) AS first_id, max(p.id) AS last_id, count(*)::int AS n,
             sum(CASE WHEN p.kind = 'deposit' THEN ${e} + ${fee} ELSE 0 END) AS deposits_gross,
             sum(CASE WHEN p.kind = 'deposit' THEN ${fee} ELSE 0 END) AS deposit_fees,
             sum(CASE WHEN p.kind = 'refund' THEN -${e} ELSE 0 END) AS refunds,
             sum(CASE WHEN p.kind = 'withdraw' THEN -${e} - ${fee} ELSE 0 END) AS withdrawals,
             sum(CASE WHEN p.kind = 'withdraw' THEN ${fee} ELSE 0 END) AS withdrawal_fees,
             sum(CASE WHEN p.kind = 'adjust_credit' THEN ${e} ELSE 0 END) AS adjust_credit,
             sum(CASE WHEN p.kind = 'adjust_debit' THEN -${e} ELSE 0 END) AS adjust_debit,
             sum(CASE WHEN p.kind IN ${known} THEN 0 ELSE ${e} END) AS other,
             sum(p.amount) AS available_change, sum(p.frozen_amount) AS frozen_change
        FROM p LEFT JOIN f ON f.entry_id = p.entry_id
       GROUP BY p.account_id, p.day
    ), s AS (
      SELECT g.*, a.owner_code, coalesce(a.merchant_id, a.owner_id::int) AS merchant_id, a.currency,
             coalesce(prev.balance_after, 0) AS opening_available,
             coalesce(prev.frozen_after, 0) AS opening_frozen,
             last.balance_after AS ledger_available, last.frozen_after AS ledger_frozen
        FROM g
        JOIN ledger_accounts a ON a.id = g.account_id
        JOIN ledger_postings last ON last.id = g.last_id
        -- The balances before the day: after the account's previous posting (its index: account, id).
        LEFT JOIN LATERAL (
          SELECT q.balance_after, q.frozen_after FROM ledger_postings q
           WHERE q.account_id = g.account_id AND q.id < g.first_id
           ORDER BY q.id DESC LIMIT 1) prev ON true
    )
    SELECT s.day, s.account_id, s.merchant_id, s.owner_code AS mch_no, s.currency,
           s.opening_available, s.opening_frozen, s.deposits_gross, s.deposit_fees, s.refunds,
           s.withdrawals, s.withdrawal_fees, s.adjust_credit, s.adjust_debit, s.other, s.frozen_change,
           s.opening_available + s.available_change AS closing_available,
           s.opening_frozen + s.frozen_change AS closing_frozen,
           s.ledger_available, s.ledger_frozen,
           (s.opening_available + s.available_change <> s.ledger_available
             OR s.opening_frozen + s.frozen_change <> s.ledger_frozen) AS mismatch,
           s.provisional, s.n AS postings, s.first_id AS first_posting_id, s.last_id AS last_posting_id
      FROM s`;
}

/** Columns written from the query, in its order. */
const COLUMNS = [
  'day',
  'account_id',
  'merchant_id',
  'mch_no',
  'currency',
  'opening_available',
  'opening_frozen',
  'deposits_gross',
  'deposit_fees',
  'refunds',
  'withdrawals',
  'withdrawal_fees',
  'adjust_credit',
  'adjust_debit',
  'other',
  'frozen_change',
  'closing_available',
  'closing_frozen',
  'ledger_available',
  'ledger_frozen',
  'mismatch',
  'provisional',
  'postings',
  'first_posting_id',
  'last_posting_id',
] as const;

/** The figures a statement is compared on (settle refuses one whose figures the ledger no longer gives). */
export const FIGURE_COLUMNS = COLUMNS.slice(5, 21);

/**
 * Computes (inserts or rewrites) the open statements of the range; settled ones are left as they are.
 * Answers how many statements were written.
 */
export async function computeSettlements(ctx: AppContext, db: Executor, range: DayRange): Promise<number> {
  const now = ctx.clock.now();
  const cols = sql.raw(COLUMNS.join(', '));
  const updates = sql.raw(
    [...COLUMNS.slice(2).map((c) => `${c} = excluded.${c}`), 'computed_at = excluded.computed_at'].join(', '),
  );
  const { rows } = await db.execute<{ n: string }>(sql`
    WITH w AS (
      INSERT INTO merchant_settlements (${cols}, computed_at)
      SELECT ${cols}, ${now.toISOString()}::timestamptz FROM (${statementsQuery(ctx, range, now)}) q
      ON CONFLICT (account_id, day) DO UPDATE SET ${updates}
       WHERE merchant_settlements.status = 'open'
      RETURNING 1)
    SELECT count(*) AS n FROM w`);
  return Number(rows[0]!.n);
}

/** The statement of one account and day as the ledger gives it now (null: no postings that day). */
export async function freshStatement(
  ctx: AppContext,
  db: Executor,
  accountId: number,
  day: string,
): Promise<Record<string, unknown> | null> {
  const { rows } = await db.execute<Record<string, unknown>>(
    statementsQuery(ctx, { from: day, to: day, accountId }, ctx.clock.now()),
  );
  return rows[0] ?? null;
}

/** A business day's bounds and whether it is over, in the platform's time zone. */
export async function dayBounds(
  ctx: AppContext,
  db: Executor,
  day: string,
): Promise<{ from: Date; to: Date; over: boolean }> {
  const tz = ctx.config.timeZone;
  const { rows } = await db.execute<{ from_at: string; to_at: string }>(sql`
    SELECT (${day}::timestamp AT TIME ZONE ${tz}) AS from_at,
           ((${day}::timestamp + interval '1 day') AT TIME ZONE ${tz}) AS to_at`);
  const from = new Date(rows[0]!.from_at);
  const to = new Date(rows[0]!.to_at);
  return { from, to, over: to.getTime() <= ctx.clock.nowMs() };
}

/** Today's business day (YYYY-MM-DD) in the platform's time zone. */
export function businessDay(ctx: AppContext, at: Date = ctx.clock.now()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: ctx.config.timeZone }).format(at);
}

/**
 * The days the job computes: from the earliest still provisional statement (or the day after the
 * latest statement, or the first merchant posting's day when there is none) through today, whose
 * statements are provisional. Days in between without postings get no rows.
 */
export async function computeDue(ctx: AppContext): Promise<{ from: string; to: string; written: number }> {
  const tz = ctx.config.timeZone;
  const today = businessDay(ctx);
  const { rows } = await ctx.db.execute<{ from: string | null }>(sql`
    SELECT to_char(coalesce(
      (SELECT min(day) FROM merchant_settlements WHERE provisional AND status = 'open'),
      (SELECT max(day) + 1 FROM merchant_settlements),
      (SELECT (min(created_at) AT TIME ZONE ${tz})::date FROM ledger_postings WHERE owner_type = 'merchant')
    ), 'YYYY-MM-DD') AS from`);
  const from = rows[0]?.from && rows[0].from < today ? rows[0].from : today;
  const written = await computeSettlements(ctx, ctx.db, { from, to: today });
  return { from, to: today, written };
}
