/** Helpers of the ledger tests: a replayable random source and exact units for comparing sums. */
import { sql } from 'drizzle-orm';
import { afterAll, expect } from 'vitest';
import { type Executor, ledgerIsSound, verifyLedger } from '../src/platform/ledger/index.ts';
import type { TestApp } from './harness.ts';

/** Closes the file's app after checking its whole ledger (every ledger test file ends this way). */
export function verifyLedgerAfterAll(app: () => TestApp): void {
  afterAll(async () => {
    const report = await verifyLedger(app().ctx.db);
    expect(report, JSON.stringify(report)).toSatisfy(ledgerIsSound);
    await app().close();
  });
}

/** A transaction on the app's database answering `work`'s result. */
export function inTransaction<T>(t: TestApp, work: Parameters<TestApp['ctx']['db']['transaction']>[0]) {
  return t.ctx.db.transaction(work) as Promise<T>;
}

/** Exact integer units of 1e-8 (the columns' finest step), so sums are compared without floats. */
export function unitsOf(decimal: string): bigint {
  const negative = decimal.startsWith('-');
  const [i = '0', f = ''] = decimal.replace('-', '').split('.');
  const units = BigInt(i) * 100_000_000n + BigInt(f.padEnd(8, '0').slice(0, 8));
  return negative ? -units : units;
}

/** Each account's balance, and the sum of its postings, equal the expected units exactly. */
export async function expectBalances(db: Executor, expected: Map<number, bigint>): Promise<void> {
  for (const [id, units] of expected) {
    const { rows } = await db.execute<{ available: string; s: string }>(sql`
      SELECT a.available::text AS available,
             (SELECT COALESCE(sum(amount), 0)::text FROM ledger_postings WHERE account_id = a.id) AS s
        FROM ledger_accounts a WHERE a.id = ${id}`);
    expect(unitsOf(rows[0]!.available), `account ${id}`).toBe(units);
    expect(unitsOf(rows[0]!.s), `postings of account ${id}`).toBe(units);
  }
}
