/**
 * The ledger's invariants, checked over the whole database (`npm run ledger:verify`, and every ledger
 * test after it runs): each account's balances equal the sums of its postings, each posting's
 * balances-after equal the running sums before it, each entry balances per currency, and each entry
 * has its journal row (its business event key). Sharded contra accounts are accounts like any other.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from './accounts.ts';

export interface LedgerReport {
  accounts: number;
  postings: number;
  /** Accounts whose balance is not the sum of their postings. */
  badAccounts: { id: number; available: string; frozen: string; sumAvailable: string; sumFrozen: string }[];
  /** Postings whose balance-after is not the running sum. */
  badPostings: number[];
  /** Entries whose legs do not sum to zero in a currency. */
  unbalancedEntries: number[];
  /** Entries with postings but no journal row (so no business event key), or a row but no postings. */
  headlessEntries: number[];
}

const SAMPLE = 20;

export async function verifyLedger(db: Executor): Promise<LedgerReport> {
  const counts = await db.execute<{ accounts: string; postings: string }>(sql`
    SELECT (SELECT count(*) FROM ledger_accounts) AS accounts, (SELECT count(*) FROM ledger_postings) AS postings`);
  const bad = await db.execute<{
    id: string;
    available: string;
    frozen: string;
    sum_available: string;
    sum_frozen: string;
  }>(sql`
    SELECT a.id, a.available, a.frozen,
           COALESCE(s.av, 0) AS sum_available, COALESCE(s.fr, 0) AS sum_frozen
      FROM ledger_accounts a
      LEFT JOIN (SELECT account_id, sum(amount) AS av, sum(frozen_amount) AS fr
                   FROM ledger_postings GROUP BY account_id) s ON s.account_id = a.id
     WHERE a.available <> COALESCE(s.av, 0) OR a.frozen <> COALESCE(s.fr, 0)
     ORDER BY a.id LIMIT ${SAMPLE}`);
  const running = await db.execute<{ id: string }>(sql`
    SELECT id FROM (
      SELECT id, balance_after, frozen_after,
             sum(amount) OVER w AS run_available, sum(frozen_amount) OVER w AS run_frozen
        FROM ledger_postings WINDOW w AS (PARTITION BY account_id ORDER BY id)) x
     WHERE balance_after <> run_available OR frozen_after <> run_frozen
     ORDER BY id LIMIT ${SAMPLE}`);
  const unbalanced = await db.execute<{ entry_id: string }>(sql`
    SELECT entry_id FROM ledger_postings GROUP BY entry_id, currency
    HAVING sum(amount + frozen_amount) <> 0 ORDER BY entry_id LIMIT ${SAMPLE}`);
  const headless = await db.execute<{ id: string }>(sql`
    SELECT id FROM (
      SELECT DISTINCT p.entry_id AS id FROM ledger_postings p
       WHERE NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.id = p.entry_id)
      UNION
      SELECT e.id FROM ledger_entries e
       WHERE NOT EXISTS (SELECT 1 FROM ledger_postings p WHERE p.entry_id = e.id)) x
     ORDER BY id LIMIT ${SAMPLE}`);
  return {
    accounts: Number(counts.rows[0]!.accounts),
    postings: Number(counts.rows[0]!.postings),
    badAccounts: bad.rows.map((r) => ({
      id: Number(r.id),
      available: r.available,
      frozen: r.frozen,
      sumAvailable: r.sum_available,
      sumFrozen: r.sum_frozen,
    })),
    badPostings: running.rows.map((r) => Number(r.id)),
    unbalancedEntries: unbalanced.rows.map((r) => Number(r.entry_id)),
    headlessEntries: headless.rows.map((r) => Number(r.id)),
  };
}

export function ledgerIsSound(report: LedgerReport): boolean {
  return (
    report.badAccounts.length === 0 &&
    report.badPostings.length === 0 &&
    report.unbalancedEntries.length === 0 &&
    report.headlessEntries.length === 0
  );
}
